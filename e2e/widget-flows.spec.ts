/**
 * The hosted widget opened from outside the app, as an integrator does: a tiny integrator site (a loopback
 * node:http server) creates widget sessions server-side, embeds the pages in an iframe, receives the
 * result on its redirect_uri and as a postMessage. Real engine (`npm run serve`), Test Bank, Chromium.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { serveEngine, type ServedEngine } from './engine';

let engine: ServedEngine;
let site: IntegratorSite;

interface Tokens {
  access_token: string;
  refresh_token: string;
  userId: string;
}

/** The integrator's site: /embed shows a widget link in an iframe; /done is the redirect_uri and records every result. */
class IntegratorSite {
  readonly results: Array<Record<string, string>> = [];
  private server!: Server;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/embed') {
        const src = url.searchParams.get('src') ?? '';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Integrator</title>
<style>body{font:15px system-ui,sans-serif;margin:0;background:#e9edf2;color:#1d2733}header{background:#24364b;color:#fff;padding:14px 24px;font-weight:600}
main{display:grid;grid-template-columns:minmax(0,480px) 1fr;gap:24px;padding:24px}iframe{width:100%;height:700px;border:0;border-radius:12px;background:#fff;box-shadow:0 2px 12px rgba(0,0,0,.08)}
aside{background:#fff;border-radius:12px;padding:16px}li{font-family:ui-monospace,monospace;font-size:13px;margin:6px 0}</style></head>
<body><header>MyBudget — link your bank</header><main><iframe id="widget" title="Bank connection" src="${src.replace(/"/g, '&quot;')}"></iframe>
<aside><h2>Messages from the widget</h2><ul id="messages"></ul></aside></main>
<script>window.widgetMessages=[];addEventListener('message',function(e){if(!e.data||e.data.type!=='coffer-widget-result')return;window.widgetMessages.push({origin:e.origin,data:e.data});
var li=document.createElement('li');li.textContent=JSON.stringify(e.data);document.getElementById('messages').appendChild(li);});</script></body></html>`);
        return;
      }
      if (url.pathname === '/done') {
        const query = Object.fromEntries(url.searchParams);
        this.results.push(query);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Done</title><style>body{font:15px system-ui,sans-serif;padding:24px}</style></head>
<body><h1>Back at the integrator</h1><pre id="result">${JSON.stringify(query).replace(/</g, '&lt;')}</pre></body></html>`);
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  get redirectUri(): string {
    return `${this.origin}/done`;
  }

  embedUrl(widgetLink: string): string {
    return `${this.origin}/embed?src=${encodeURIComponent(widgetLink)}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

async function form(url: string, fields: Record<string, string>): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function api(path: string, token: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
  return fetch(`${engine.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

let userCount = 0;

/** A user made by the integrator (POST /users) and its tokens from the password grant. */
async function newUser({ acceptTerms = true } = {}): Promise<Tokens> {
  const client = engine.integrator()!;
  const { access_token: clientToken } = await form(`${engine.hostUrl}/auth/token`, {
    grant_type: 'client_credentials',
    ...client,
    scope: 'users_create',
  });
  const email = `widget-e2e-${Date.now()}-${++userCount}@example.com`;
  const password = 'correct-horse-1';
  const created = await fetch(`${engine.baseUrl}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${clientToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, first_name: 'Camille' }),
  });
  expect(created.status).toBe(201);
  const user = await created.json();
  const tokens = await form(`${engine.hostUrl}/auth/token`, {
    grant_type: 'password',
    ...client,
    username: email,
    password,
  });
  if (acceptTerms)
    expect((await api('/users/me/terms', tokens.access_token, { method: 'POST', json: {} })).status).toBe(204);
  return { access_token: tokens.access_token, refresh_token: tokens.refresh_token, userId: user.id };
}

/** POST {widget_url}/widget_session, server-side as an integrator does (form body). */
async function widgetSession(
  tokens: Tokens,
  extra: Record<string, string> = {},
): Promise<{ session_id: string; _links: Record<string, string> }> {
  const client = engine.integrator()!;
  return form(`${engine.hostUrl}/embed/widget_session`, {
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    ...client,
    redirect_uri: site.redirectUri,
    ...extra,
  });
}

/** Opens the widget link inside the integrator's iframe; returns the frame. */
async function openEmbedded(page: Page, link: string): Promise<Frame> {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto(site.embedUrl(link));
  const handle = await page.waitForSelector('iframe#widget');
  return (await handle.contentFrame())!;
}

async function widgetFrame(page: Page): Promise<Frame> {
  return (await (await page.waitForSelector('iframe#widget')).contentFrame())!;
}

/** The result the integrator's redirect_uri received (and, in an iframe, the postMessage). */
async function resultOf(page: Page, count: number): Promise<Record<string, string>> {
  await expect.poll(() => site.results.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return site.results[count - 1];
}

async function messages(page: Page): Promise<Array<{ origin: string; data: any }>> {
  return page.evaluate(
    () => (window as unknown as { widgetMessages: Array<{ origin: string; data: any }> }).widgetMessages,
  );
}

async function connection(tokens: Tokens, id: string): Promise<any> {
  const res = await api(`/connections/${id}`, tokens.access_token);
  expect(res.status).toBe(200);
  return res.json();
}

async function settled(tokens: Tokens, id: string): Promise<any> {
  let c: any;
  await expect
    .poll(
      async () => {
        c = await connection(tokens, id);
        return c.status;
      },
      { timeout: 30_000 },
    )
    .not.toMatch(/^(RUNNING|CHALLENGE_REQUIRED)$/);
  return c;
}

async function accounts(tokens: Tokens, connectionId: string): Promise<any[]> {
  const res = await api(`/accounts?connection_id=${connectionId}`, tokens.access_token);
  return res.json();
}

/** A connection made through the API (EMBEDDED, Test Bank), as another part of the integrator would. */
async function apiConnection(tokens: Tokens, login: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { CompactEncrypt, importJWK } = await import('jose');
  const key = await (await api('/keys', tokens.access_token, { method: 'POST', json: {} })).json();
  const jwe = await new CompactEncrypt(new TextEncoder().encode('pass_ok'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.id })
    .encrypt(await importJWK(key.jwk, 'RSA-OAEP-256'));
  const res = await api('/connections', tokens.access_token, {
    method: 'POST',
    json: {
      provider_id: '9000',
      channel_definition_id: '900000',
      key_id: key.id,
      credentials: [
        { id: 'login', value: login },
        { id: 'password', value: jwe },
      ],
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/widget-${name}.png` });

test.beforeAll(async () => {
  engine = await serveEngine();
  site = new IntegratorSite();
  await site.start();
});
test.afterAll(async () => {
  await site?.stop();
  await engine?.stop();
});

// The pages work under their CSP (no inline script, same-origin connections): no violation is reported.
let cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|connect|frame)/i.test(msg.text()))
      cspViolations.push(msg.text());
  });
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

test.describe('hosted widget in a French browser', () => {
  test.use({ locale: 'fr-FR' });
  test('terms first, then add_connection (EMBEDDED, user_ok) to result=success, in an iframe with the postMessage', async ({
    page,
  }) => {
    const tokens = await newUser({ acceptTerms: false });
    const session = await widgetSession(tokens, { provider_id: '9000', channel_definition_id: '900000' });
    const frame = await openEmbedded(page, session._links.add_connection);

    await expect(frame.getByTestId('terms')).toBeVisible();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Conditions d’utilisation');
    await shot(page, 'terms');
    await frame.getByRole('button', { name: 'J’accepte' }).click();

    await expect(frame.getByTestId('credential-form')).toBeVisible();
    await frame.getByLabel('Identifiant').fill('user_ok');
    await frame.getByLabel('Mot de passe', { exact: true }).fill('pass_ok');
    await shot(page, 'credentials');
    await frame.getByRole('button', { name: 'Se connecter' }).click();

    const result = await resultOf(page, site.results.length + 1);
    expect(result).toMatchObject({ result: 'success', connection_id: expect.stringMatching(/^\d+$/) });
    await expect(page.frameLocator('iframe#widget').locator('#result')).toContainText('"result":"success"');
    const posted = await messages(page);
    expect(posted.at(-1)).toEqual({
      origin: new URL(engine.hostUrl).origin,
      data: { type: 'coffer-widget-result', result: 'success', connection_id: result.connection_id },
    });
    await shot(page, 'embedded-success');

    const c = await settled(tokens, result.connection_id);
    expect(c.status).toBe('SUCCESS');
    const me = await (await api('/users/me', tokens.access_token)).json();
    expect(me.terms_accepted_version).toBe(me.terms_current_version);
  });
});

test.describe('hosted widget', () => {
  test('captive_mode=true: progress until the synchronization ends, then the accounts (lng=en)', async ({ page }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, { captive_mode: 'true' });
    const frame = await openEmbedded(
      page,
      `${session._links.add_connection}&provider_id=9000&channel_definition_id=900000&lng=en`,
    );
    // user_slow: the synchronization takes 10 s, long enough to see the progress screen.
    await frame.getByLabel('Login').fill('user_slow');
    await frame.getByLabel('Password', { exact: true }).fill('pass_ok');
    await frame.getByRole('button', { name: 'Connect' }).click();
    await expect(frame.getByTestId('sync-progress')).toBeVisible();
    await expect(frame.getByText('Signing in to your bank')).toBeVisible();
    await shot(page, 'captive-progress');
    await expect(frame.getByTestId('summary')).toBeVisible({ timeout: 30_000 });
    await expect(frame.getByTestId('summary').locator('li')).toHaveCount(1);
    await shot(page, 'captive-summary');
    const before = site.results.length;
    await frame.getByRole('button', { name: 'Done' }).click();
    const result = await resultOf(page, before + 1);
    expect(result.result).toBe('success');
    expect((await connection(tokens, result.connection_id)).status).toBe('SUCCESS');
  });

  test('a challenge (user_challenge) is answered in place with 123456', async ({ page }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, {
      provider_id: '9000',
      channel_definition_id: '900000',
      captive_mode: 'true',
    });
    const frame = await openEmbedded(page, `${session._links.add_connection}&lng=en`);
    await frame.getByLabel('Login').fill('user_challenge');
    await frame.getByLabel('Password', { exact: true }).fill('pass_ok');
    await frame.getByRole('button', { name: 'Connect' }).click();
    await expect(frame.getByTestId('challenge-form')).toBeVisible({ timeout: 30_000 });
    const code = frame.getByLabel('Code received by SMS');
    await code.fill('12ab');
    await frame.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(frame.getByText(/This does not look like what your bank gives for this field/)).toBeVisible();
    await code.fill('123456');
    await shot(page, 'challenge');
    await frame.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(frame.getByTestId('summary')).toBeVisible({ timeout: 30_000 });
    const before = site.results.length;
    await frame.getByRole('button', { name: 'Done' }).click();
    const result = await resultOf(page, before + 1);
    expect(result.result).toBe('success');
    expect((await connection(tokens, result.connection_id)).status).toBe('SUCCESS');
  });

  test('REDIRECT consent round trip from the iframe: the bank’s page opens in a popup', async ({ page }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, { provider_id: '9000' });
    const frame = await openEmbedded(page, `${session._links.add_connection}&lng=en`);
    await expect(frame.getByTestId('redirect-step')).toBeVisible();
    await shot(page, 'redirect-step');
    const popupPromise = page.waitForEvent('popup');
    await frame.getByRole('button', { name: 'Continue to Coffer Test Bank' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/\/providers\/9000\/consent/);
    await popup.locator('#login').fill('user_ok');
    await popup.locator('button[value="continue"]').click();
    await popup.locator('button[value="approve"]').click();
    await popup.waitForEvent('close');
    const before = site.results.length;
    const result = await resultOf(page, before + 1);
    expect(result.result).toBe('success');
    const c = await settled(tokens, result.connection_id);
    expect(c.status).toBe('SUCCESS');
    const channel = c.channels.find((ch: any) => ch.channel_definition_id === '900001');
    expect(channel?.status).toBe('SUCCESS');

    // Renewing the consent through edit_credentials: authorize_url for this connection, then PUT credentials.
    const edit = await openEmbedded(
      page,
      `${session._links.edit_credentials}&connection_id=${result.connection_id}&channel_definition_id=900001&lng=en`,
    );
    await expect(edit.getByRole('heading', { level: 1 })).toHaveText('Renew access to Coffer Test Bank');
    const renewPopup = page.waitForEvent('popup');
    await edit.getByRole('button', { name: 'Continue to Coffer Test Bank' }).click();
    const bank = await renewPopup;
    await bank.locator('#login').fill('user_ok');
    await bank.locator('button[value="continue"]').click();
    await bank.locator('button[value="approve"]').click();
    const renewed = await resultOf(page, before + 2);
    expect(renewed).toEqual({ result: 'success', connection_id: result.connection_id });
    const after = await settled(tokens, result.connection_id);
    expect(after.channels.find((ch: any) => ch.channel_definition_id === '900001').expires).toBeGreaterThanOrEqual(
      channel.expires,
    );
  });

  test('REDIRECT at top level with multiple_channels=true: back from the bank, then invited to add the savings channel', async ({
    page,
  }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, { multiple_channels: 'true' });
    await page.setViewportSize({ width: 420, height: 860 });
    await page.goto(`${session._links.add_connection}&provider_id=9000&lng=en`);
    await page.getByRole('button', { name: 'Continue to Coffer Test Bank' }).click();
    await page.waitForURL(/\/providers\/9000\/consent/);
    await page.locator('#login').fill('user_ok');
    await page.locator('button[value="continue"]').click();
    await page.locator('button[value="approve"]').click();
    await page.waitForURL(/\/embed\/widget\/callback/);
    await expect(page.getByTestId('add-channel')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'add-channel');
    await page.getByRole('button', { name: 'Add them' }).click();
    await page.getByLabel('Login').fill('user_ok');
    await page.getByLabel('Password', { exact: true }).fill('pass_ok');
    const before = site.results.length;
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.waitForURL(/\/done\?/);
    const result = await resultOf(page, before + 1);
    expect(result.result).toBe('success');
    const c = await settled(tokens, result.connection_id);
    expect(
      c.channels
        .filter((ch: any) => ch.status === 'SUCCESS')
        .map((ch: any) => ch.channel_definition_id)
        .sort(),
    ).toEqual(['900000', '900001']);
  });

  test('a French widget leads to the bank page in French, whatever the browser’s language; a refusal comes back in words', async ({
    page,
  }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, {});
    await page.setViewportSize({ width: 420, height: 860 });
    // The browser speaks English (Accept-Language en-US); the widget was asked in French.
    await page.goto(`${session._links.add_connection}&provider_id=9000&lng=fr`);
    await page.getByRole('button', { name: 'Continuer vers Coffer Test Bank' }).click();
    await page.waitForURL(/\/providers\/9000\/consent/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Autoriser l’accès à vos comptes');
    await page.locator('#login').fill('user_ok');
    await page.locator('button[value="continue"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisissez les comptes à partager');
    await shot(page, 'bank-page-fr');
    await page.locator('button[value="refuse"]').click();
    await page.waitForURL(/\/embed\/widget\/callback/);
    await expect(page.getByTestId('redirect-step')).toContainText(
      'Vous n’avez pas autorisé l’accès auprès de votre banque : rien n’a été connecté.',
    );
    await expect(page.locator('body')).not.toContainText('access_denied');
    // Trying again is the main action.
    await expect(page.getByRole('button', { name: 'Continuer vers Coffer Test Bank' })).toBeVisible();
    await shot(page, 'refused-fr');
  });

  // Regression: with Referrer-Policy no-referrer, Chromium sent this form POST with `Origin: null` and the
  // engine's origin check refused it (403). Pages now use same-origin.
  test('the bank consent page form POST is accepted (its Origin is kept)', async ({ page }) => {
    const tokens = await newUser();
    const res = await api('/providers/9000/channel_definitions/900001/authorize_url', tokens.access_token, {
      method: 'POST',
      json: { redirect_uri: site.redirectUri, state: 'sentinel' },
    });
    await page.goto((await res.json()).url);
    await page.locator('#login').fill('user_ok');
    await page.locator('button[value="continue"]').click();
    await expect(page.locator('button[value="approve"]')).toBeVisible({ timeout: 5000 });
  });

  test('select_channel=true offers payment or savings accounts; select_accounts=true lets the user pick the accounts to share', async ({
    page,
  }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, {
      provider_id: '9000',
      select_channel: 'true',
      select_accounts: 'true',
    });
    const frame = await openEmbedded(page, `${session._links.add_connection}&lng=fr`);
    await expect(frame.getByTestId('channel-choice')).toBeVisible();
    await shot(page, 'select-channel');
    await frame.getByRole('button', { name: /Épargne et crédits/ }).click();
    await frame.getByLabel('Identifiant').fill('user_ok');
    await frame.getByLabel('Mot de passe', { exact: true }).fill('pass_ok');
    await frame.getByRole('button', { name: 'Se connecter' }).click();
    await expect(frame.getByTestId('select-accounts')).toBeVisible({ timeout: 30_000 });
    const boxes = frame.getByTestId('select-accounts').locator('ul input[type=checkbox]');
    await expect(boxes).toHaveCount(4);
    await boxes.nth(0).check();
    await boxes.nth(2).check();
    await shot(page, 'select-accounts');
    const before = site.results.length;
    await frame.getByRole('button', { name: 'Partager les comptes sélectionnés (2)' }).click();
    const result = await resultOf(page, before + 1);
    expect(result.result).toBe('success');
    const c = await connection(tokens, result.connection_id);
    expect(c.consent_per_account).toBe(true);
    await expect
      .poll(async () => (await accounts(tokens, result.connection_id)).map((a) => a.status).sort(), { timeout: 30_000 })
      .toEqual(['ACTIVE', 'ACTIVE', 'PENDING_CONSENT', 'PENDING_CONSENT']);
  });

  test('a wrong password is shown in words, then fixed through edit_credentials', async ({ page }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens, { provider_id: '9000', channel_definition_id: '900000' });
    let frame = await openEmbedded(page, `${session._links.add_connection}&lng=en`);
    await frame.getByLabel('Login').fill('user_ok');
    await frame.getByLabel('Password', { exact: true }).fill('wrong-password');
    await frame.getByRole('button', { name: 'Connect' }).click();
    await expect(frame.getByTestId('sync-error')).toHaveText(
      'Your bank refused the identifier or the password. Check them and try again.',
      { timeout: 30_000 },
    );
    await shot(page, 'wrong-password');
    let before = site.results.length;
    await frame.getByRole('button', { name: 'Close' }).click();
    const failed = await resultOf(page, before + 1);
    expect(failed).toMatchObject({
      result: 'error',
      error: 'auth_failed',
      connection_id: expect.stringMatching(/^\d+$/),
    });
    expect((await connection(tokens, failed.connection_id)).status).toBe('AUTH_FAILED');

    frame = await openEmbedded(page, `${session._links.edit_credentials}&connection_id=${failed.connection_id}&lng=en`);
    await expect(frame.getByTestId('edit-overview')).toBeVisible();
    await shot(page, 'edit-overview');
    await frame.getByRole('button', { name: 'Update the identifiers' }).click();
    await expect(frame.getByText('Current value:').first()).toBeVisible();
    await frame.getByLabel('Password', { exact: true }).fill('pass_ok');
    await shot(page, 'edit-credentials');
    before = site.results.length;
    await frame.getByRole('button', { name: 'Update' }).click();
    const fixed = await resultOf(page, before + 1);
    expect(fixed).toEqual({ result: 'success', connection_id: failed.connection_id });
    expect((await settled(tokens, failed.connection_id)).status).toBe('SUCCESS');
  });

  test('user_input opened on its own answers the pending challenge of a connection', async ({ page }) => {
    const tokens = await newUser();
    const id = await apiConnection(tokens, 'user_challenge');
    await expect
      .poll(async () => (await connection(tokens, id)).status, { timeout: 30_000 })
      .toBe('CHALLENGE_REQUIRED');
    const session = await widgetSession(tokens);
    const frame = await openEmbedded(page, `${session._links.user_input}&connection_id=${id}&locale=fr_FR`);
    await frame.getByLabel('Code reçu par SMS').fill('123456');
    await shot(page, 'user-input');
    const before = site.results.length;
    await frame.getByRole('button', { name: 'Confirmer', exact: true }).click();
    expect(await resultOf(page, before + 1)).toEqual({ result: 'success', connection_id: id });
    expect((await settled(tokens, id)).status).toBe('SUCCESS');
  });

  test('professional-account validates the suspended professional accounts of a connection', async ({ page }) => {
    const tokens = await newUser();
    const id = await apiConnection(tokens, 'user_pro');
    await settled(tokens, id);
    const suspended = (await accounts(tokens, id)).filter((a) => a.status === 'SUSPENDED');
    expect(suspended.length).toBe(1);
    const session = await widgetSession(tokens);
    const frame = await openEmbedded(page, `${session._links.professional_account}&connection_id=${id}&lng=en`);
    await expect(frame.getByTestId('professional-accounts')).toBeVisible();
    await shot(page, 'professional');
    const before = site.results.length;
    await frame.getByRole('button', { name: 'Confirm the selected accounts (1)' }).click();
    expect(await resultOf(page, before + 1)).toEqual({ result: 'success', connection_id: id });
    await expect
      .poll(async () => (await accounts(tokens, id)).find((a) => a.id === suspended[0].id)?.status, { timeout: 30_000 })
      .toBe('ACTIVE');
  });

  test('a connection is named as the app names it: the bank and the masked login when two share the bank', async ({ page }) => {
    const tokens = await newUser();
    await apiConnection(tokens, 'user_ok', { auto_sync: false });
    const id = await apiConnection(tokens, 'user_challenge', { auto_sync: false });
    const mask = (await connection(tokens, id)).channels[0].credentials[0].masked_value as string;
    expect(mask).toMatch(/\*/);
    const label = `Coffer Test Bank · ${mask}`;
    const session = await widgetSession(tokens);
    for (const [lng, title] of [
      ['en', `Your connection: ${label}`],
      ['fr', `Votre connexion : ${label}`],
    ] as const) {
      const frame = await openEmbedded(page, `${session._links.edit_credentials}&connection_id=${id}&lng=${lng}`);
      await expect(frame.getByTestId('edit-overview').getByRole('heading').first()).toHaveText(title);
      await page.screenshot({ path: `/tmp/shots-wtl/widget-edit-label-${lng}.png` });
      const manage = await openEmbedded(page, `${session._links.manage_accounts}&connection_id=${id}&lng=${lng}`);
      await expect(manage.getByTestId('manage-accounts')).toContainText(label);
      await page.screenshot({ path: `/tmp/shots-wtl/widget-manage-label-${lng}.png` });
    }
  });

  test('manage_accounts grants and withdraws consent per account', async ({ page }) => {
    const tokens = await newUser();
    const id = await apiConnection(tokens, 'user_ok', { consent_per_account: true });
    await settled(tokens, id);
    const listed = await accounts(tokens, id);
    expect(listed.every((a) => a.status === 'PENDING_CONSENT')).toBe(true);
    const session = await widgetSession(tokens);
    let frame = await openEmbedded(page, `${session._links.manage_accounts}&connection_id=${id}&lng=en`);
    const boxes = () => frame.getByTestId('manage-accounts').locator('ul input[type=checkbox]');
    await expect(boxes()).toHaveCount(4);
    await boxes().nth(0).check();
    await boxes().nth(1).check();
    await shot(page, 'manage-accounts');
    let before = site.results.length;
    await frame.getByRole('button', { name: 'Save my choice' }).click();
    expect(await resultOf(page, before + 1)).toEqual({ result: 'success', connection_id: id });
    await expect
      .poll(async () => (await accounts(tokens, id)).filter((a) => a.status === 'ACTIVE').length, { timeout: 30_000 })
      .toBe(2);
    await settled(tokens, id);

    frame = await openEmbedded(page, `${session._links.manage_accounts}&connection_id=${id}&lng=en`);
    await expect(boxes().nth(0)).toBeChecked();
    await boxes().nth(0).uncheck();
    before = site.results.length;
    await frame.getByRole('button', { name: 'Save my choice' }).click();
    await resultOf(page, before + 1);
    expect((await accounts(tokens, id)).filter((a) => a.status === 'ACTIVE').length).toBe(1);
  });

  test('the terms page alone ends with result=success; an unknown session is sent back with result=expired', async ({
    page,
  }) => {
    const tokens = await newUser({ acceptTerms: false });
    const session = await widgetSession(tokens);
    const frame = await openEmbedded(page, `${session._links.terms}&lng=fr`);
    let before = site.results.length;
    await frame.getByRole('button', { name: 'J’accepte' }).click();
    expect(await resultOf(page, before + 1)).toEqual({ result: 'success' });

    before = site.results.length;
    await openEmbedded(
      page,
      `${engine.hostUrl}/embed/widget/add_connection?session_id=cws_unknown&redirect_uri=${encodeURIComponent(site.redirectUri)}`,
    );
    expect(await resultOf(page, before + 1)).toEqual({ result: 'expired' });
    await expect((await widgetFrame(page)).locator('#result')).toContainText('expired');
  });

  test('mobile width: the provider picker searches by name and country', async ({ page }) => {
    const tokens = await newUser();
    const session = await widgetSession(tokens);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${session._links.add_connection}&lng=en`);
    await expect(page.getByTestId('provider-picker')).toBeVisible();
    await page.getByLabel('Bank name').fill('test');
    await expect(page.getByRole('button', { name: /Coffer Test Bank/ })).toBeVisible();
    await page.getByLabel('Country').selectOption('FRA');
    await expect(page.getByRole('button', { name: /Coffer Test Bank/ })).toBeVisible();
    await shot(page, 'provider-picker-mobile');
    await page.getByLabel('Bank name').fill('zzz-no-such-bank');
    await expect(page.getByText('No bank matches your search.')).toBeVisible();
    await page.getByLabel('Bank name').fill('coffer');
    await page.getByRole('button', { name: /Coffer Test Bank/ }).click();
    await expect(page.getByTestId('redirect-step')).toBeVisible();
    // Keyboard: the step's heading takes the focus, then Tab reaches the action.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Continue to Coffer Test Bank' })).toBeFocused();
  });
});
