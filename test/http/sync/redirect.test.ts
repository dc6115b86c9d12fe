/** The REDIRECT (PSD2) channel: authorize_url, the consent page, the code exchange, expiry and renewal, linking. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';
import {
  accountsOf,
  ALL_SCOPES,
  api,
  encrypt,
  getJson,
  newCaller,
  totalTransactions,
  waitSettled,
  type Caller,
} from './sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
});

const REDIRECT_URI = 'http://127.0.0.1:9/callback?app=1';

async function authorizeUrl(
  c: Caller,
  body: Record<string, unknown> = { redirect_uri: REDIRECT_URI, state: 'xyz' },
): Promise<{ url: string; state: string }> {
  const res = await api(c, '/providers/9000/channel_definitions/900001/authorize_url', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { url: string; state: string };
}

/** What the user does on the consent page; returns the redirection's URL. */
async function consent(
  pageUrl: string,
  login: string,
  decision: 'approve' | 'refuse',
  accounts?: (refs: string[]) => string[],
): Promise<URL> {
  const page = await engine.http(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    (m) => [m[1], decode(m[2])] as [string, string],
  );
  const form = new URLSearchParams(hidden);
  form.set('login', login);
  form.set('decision', 'continue');
  const chooser = await engine.http(new URL(pageUrl).pathname, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(chooser.status).toBe(200);
  const chooserHtml = await chooser.text();
  const refs = [...chooserHtml.matchAll(/name="accounts" value="([^"]+)"/g)].map((m) => decode(m[1]));
  const second = new URLSearchParams(
    [...chooserHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      (m) => [m[1], decode(m[2])] as [string, string],
    ),
  );
  second.set('decision', decision);
  for (const ref of accounts ? accounts(refs) : refs) second.append('accounts', ref);
  const answer = await engine.http(new URL(pageUrl).pathname, {
    method: 'POST',
    body: second,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** POST /connections on the test bank's REDIRECT channel with this code and state. */
function postRedirectConnection(c: Caller, code: string | null, state: string): Promise<Response> {
  return api(c, '/connections', {
    method: 'POST',
    json: {
      provider_id: '9000',
      channel_definition_id: '900001',
      credentials: [
        { id: 'AUTHORIZATION_CODE', value: code },
        { id: 'STATE', value: state },
      ],
    },
  });
}

async function connectRedirect(c: Caller, login: string): Promise<string> {
  const { url, state } = await authorizeUrl(c);
  const back = await consent(url, login, 'approve');
  const res = await api(c, '/connections', {
    method: 'POST',
    json: {
      provider_id: '9000',
      channel_definition_id: '900001',
      credentials: [
        { id: 'AUTHORIZATION_CODE', value: back.searchParams.get('code') },
        { id: 'STATE', value: state },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}

describe('authorize_url and the consent page', () => {
  it('returns a consent page address; approving redirects with a code and the state, refusing with access_denied', async () => {
    const c = newCaller(engine);
    const { url, state } = await authorizeUrl(c);
    expect(state).toBe('xyz');
    expect(url.startsWith(`${engine.urls.host_url}/providers/9000/consent?`)).toBe(true);

    const page = await engine.http(url);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await page.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('lang="fr"');
    expect(await (await engine.http(`${url}&lng=en`)).text()).toContain('Authorize access to your accounts');

    const approved = await consent(url, 'user_ok', 'approve');
    expect(approved.origin + approved.pathname).toBe('http://127.0.0.1:9/callback');
    expect(approved.searchParams.get('app')).toBe('1');
    expect(approved.searchParams.get('state')).toBe('xyz');
    expect(approved.searchParams.get('code')).toMatch(/^[A-Za-z0-9._~-]+$/);

    const refused = await consent(url, 'user_ok', 'refuse');
    expect(refused.searchParams.get('error')).toBe('access_denied');
    expect(refused.searchParams.get('state')).toBe('xyz');
    expect(refused.searchParams.get('code')).toBeNull();

    // A tampered link (another redirect_uri) is refused.
    const tampered = url.replace(
      encodeURIComponent('http://127.0.0.1:9/callback?app=1'),
      encodeURIComponent('https://evil.example/'),
    );
    expect(tampered).not.toBe(url);
    expect((await engine.http(tampered)).status).toBe(400);
  });

  it('the consent page speaks the language of the screen that asked for it, not the browser’s', async () => {
    const c = newCaller(engine);
    const res = await api(c, '/providers/9000/channel_definitions/900001/authorize_url', {
      method: 'POST',
      json: { redirect_uri: REDIRECT_URI, state: 'lang' },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    const { url } = (await res.json()) as { url: string };
    expect(new URL(url).searchParams.get('lng')).toBe('fr');
    // Opened by an English browser: still French, and the form carries the language to the next step.
    const html = await (await engine.http(url, { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text();
    expect(html).toContain('lang="fr"');
    expect(html).toContain('Autoriser l’accès à vos comptes');
    expect(html).toContain('name="lng" value="fr"');
    // An English screen: English.
    const en = await api(c, '/providers/9000/channel_definitions/900001/authorize_url', {
      method: 'POST',
      json: { redirect_uri: REDIRECT_URI, state: 'lang' },
      headers: { 'accept-language': 'en' },
    });
    expect(new URL(((await en.json()) as { url: string }).url).searchParams.get('lng')).toBe('en');
  });

  it('checks its input: provider, definition, mode, redirect_uri, connection', async () => {
    const c = newCaller(engine);
    const post = (path: string, json: unknown) => api(c, path, { method: 'POST', json });
    expect(
      (await post('/providers/nope/channel_definitions/900001/authorize_url', { redirect_uri: REDIRECT_URI })).status,
    ).toBe(404);
    expect(
      (await post('/providers/9000/channel_definitions/123/authorize_url', { redirect_uri: REDIRECT_URI })).status,
    ).toBe(404);
    expect(
      (await post('/providers/9000/channel_definitions/900000/authorize_url', { redirect_uri: REDIRECT_URI })).status,
    ).toBe(400);
    expect(
      (await post('/providers/9000/channel_definitions/900001/authorize_url', { redirect_uri: 'javascript:alert(1)' }))
        .status,
    ).toBe(400);
    expect((await post('/providers/9000/channel_definitions/900001/authorize_url', {})).status).toBe(400);
    expect(
      (
        await post('/providers/9000/channel_definitions/900001/authorize_url', {
          redirect_uri: REDIRECT_URI,
          connection_id: '999999',
        })
      ).status,
    ).toBe(404);
    const random = await authorizeUrl(c, { redirect_uri: REDIRECT_URI });
    expect(random.state.length).toBeGreaterThan(10);
    expect(
      (
        await engine.http('/v2/providers/9000/channel_definitions/900001/authorize_url', {
          method: 'POST',
          json: { redirect_uri: REDIRECT_URI },
        })
      ).status,
    ).toBe(401);
  });
});

describe('REDIRECT connections', () => {
  it('exchanges the code for a 90-day consent kept in the keychain; syncs the consented PSD2 accounts', async () => {
    const c = newCaller(engine);
    const id = await connectRedirect(c, 'user_ok');
    const connection = await waitSettled(c, id);
    expect(connection.status).toBe('SUCCESS');
    const channel = connection.channels.find((ch: any) => ch.channel_definition_id === '900001');
    expect(channel).toMatchObject({ mode: 'REDIRECT', status: 'SUCCESS', credentials: [] });
    expect(channel.expires).toBeGreaterThan(engine.ctx.now() + 89 * 86_400);
    expect(channel.expires).toBeLessThanOrEqual(engine.ctx.now() + 90 * 86_400);
    expect(connection.channels.find((ch: any) => ch.channel_definition_id === '900000').status).toBe('EMPTY');
    const accounts = await accountsOf(c, id);
    expect(accounts.map((a) => a.type).sort()).toEqual(['CHECKINGS', 'CREDIT_CARD']);
    for (const a of accounts) expect(a.last_channel_definition_id).toBe('900001');

    const channelId = engine.ctx.db
      .prepare("SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = '900001'")
      .pluck()
      .get(Number(id)) as number;
    const secret = JSON.parse(engine.ctx.secrets.get(channelSecretName(channelId))!);
    expect(secret.AUTHORIZATION_CODE).toBeUndefined();
    expect(secret.grant.access_token).toEqual(expect.any(String));

    // A second synchronization uses the kept tokens (the code was single use).
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
  });

  it('only the accounts chosen on the consent page', async () => {
    const c = newCaller(engine);
    const { url, state } = await authorizeUrl(c);
    const back = await consent(url, 'user_ok', 'approve', (refs) => refs.slice(0, 1));
    const res = await api(c, '/connections', {
      method: 'POST',
      json: {
        provider_id: '9000',
        channel_definition_id: '900001',
        credentials: [
          { id: 'AUTHORIZATION_CODE', value: back.searchParams.get('code') },
          { id: 'STATE', value: state },
        ],
      },
    });
    const id = res.headers.get('location')!.split('/').pop()!;
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect((await accountsOf(c, id)).map((a) => a.type)).toEqual(['CHECKINGS']);
  });

  it('a consent over every account of user_many: its long code (over 2,048 characters) is accepted', async () => {
    const c = newCaller(engine);
    const { url, state } = await authorizeUrl(c);
    const back = await consent(url, 'user_many', 'approve');
    const code = back.searchParams.get('code')!;
    expect(code.length).toBeGreaterThan(2048);
    const create = (value: string, stateValue = state) => postRedirectConnection(c, value, stateValue);
    const res = await create(code);
    expect(res.status, await res.clone().text()).toBe(201);
    const id = res.headers.get('location')!.split('/').pop()!;
    expect((await waitSettled(c, id, 120_000)).status).toBe('SUCCESS');
    expect((await accountsOf(c, id)).length).toBeGreaterThan(100);

    // Bounded all the same: past 16 KiB a code or a state is refused as bad input, before anything is kept.
    const tooLong = await create('a'.repeat(16_385));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: string }).error).toBe('invalid_request');
    const longState = await create('a'.repeat(10), 's'.repeat(16_385));
    expect(longState.status).toBe(400);
    const fits = await create('a'.repeat(16_384), 's'.repeat(4_000));
    expect(fits.status, await fits.clone().text()).toBe(201);
  }, 180_000);

  it('a spent code → AUTH_FAILED', async () => {
    const c = newCaller(engine);
    const { url, state } = await authorizeUrl(c);
    const code = (await consent(url, 'user_ok', 'approve')).searchParams.get('code');
    const create = () => postRedirectConnection(c, code, state);
    const first = (await create()).headers.get('location')!.split('/').pop()!;
    expect((await waitSettled(c, first)).status).toBe('SUCCESS');
    const second = (await create()).headers.get('location')!.split('/').pop()!;
    expect((await waitSettled(c, second)).status).toBe('AUTH_FAILED');
  });

  it('after 90 days: TOKEN_EXPIRED; renewed with a new code through PUT credentials', async () => {
    const c = newCaller(engine);
    const id = await connectRedirect(c, 'user_ok');
    await waitSettled(c, id);
    const accounts = await accountsOf(c, id);
    const realNow = engine.ctx.now;
    try {
      const later = realNow() + 91 * 86_400;
      engine.ctx.now = () => later;
      c.token = engine.userToken(c.userId, ALL_SCOPES);
      await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
      const expired = await waitSettled(c, id);
      expect(expired.status).toBe('TOKEN_EXPIRED');
      expect(expired.channels.find((ch: any) => ch.channel_definition_id === '900001').status).toBe('TOKEN_EXPIRED');
      for (const a of await accountsOf(c, id)) expect(a.status).toBe('ERROR');

      const { url, state } = await authorizeUrl(c, { redirect_uri: REDIRECT_URI, connection_id: id });
      const code = (await consent(url, 'user_ok', 'approve')).searchParams.get('code');
      const put = await api(c, `/connections/${id}/credentials`, {
        method: 'PUT',
        json: {
          channel_definition_id: '900001',
          credentials: [
            { id: 'AUTHORIZATION_CODE', value: code },
            { id: 'STATE', value: state },
          ],
        },
      });
      expect(put.status, await put.clone().text()).toBe(204);
      const renewed = await waitSettled(c, id);
      expect(renewed.status).toBe('SUCCESS');
      expect(renewed.channels.find((ch: any) => ch.channel_definition_id === '900001').expires).toBeGreaterThan(
        later + 89 * 86_400,
      );
      const after = await accountsOf(c, id);
      expect(after.map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
      for (const a of after) expect(a.status).toBe('ACTIVE');
    } finally {
      engine.ctx.now = realNow;
    }
  });
});

describe('channel account linking (docs/api/records.md#channel-linking)', () => {
  it('REDIRECT first: CHECKINGS and CREDIT_CARD stay on it when the EMBEDDED channel is added', async () => {
    const c = newCaller(engine);
    const id = await connectRedirect(c, 'user_ok');
    await waitSettled(c, id);
    const psd2 = await accountsOf(c, id);
    const counts = new Map<string, number>();
    for (const a of psd2) counts.set(a.id, await totalTransactions(c, a.id));

    const { keyId, jwe } = await encrypt(c, 'pass_ok');
    const put = await api(c, `/connections/${id}/credentials`, {
      method: 'PUT',
      json: {
        channel_definition_id: '900000',
        key_id: keyId,
        credentials: [
          { id: 'login', value: 'user_ok' },
          { id: 'password', value: jwe },
        ],
      },
    });
    expect(put.status, await put.clone().text()).toBe(204);
    const both = await waitSettled(c, id);
    expect(both.status).toBe('SUCCESS');
    expect(both.channels.map((ch: any) => ch.status)).toEqual(['SUCCESS', 'SUCCESS']);
    const accounts = await accountsOf(c, id);
    expect(accounts).toHaveLength(4);
    for (const a of accounts) {
      expect(a.last_channel_definition_id).toBe(
        a.type === 'CHECKINGS' || a.type === 'CREDIT_CARD' ? '900001' : '900000',
      );
      expect(a.status).toBe('ACTIVE');
    }
    // A full synchronization runs both channels; nothing is duplicated.
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    for (const a of psd2) {
      const n = await totalTransactions(c, a.id);
      expect(n).toBeGreaterThanOrEqual(counts.get(a.id)!);
      expect(n).toBeLessThan(counts.get(a.id)! + 15);
    }
    expect(await accountsOf(c, id)).toHaveLength(4);
  });

  it('EMBEDDED first, then REDIRECT added: those accounts relink to REDIRECT (same accounts, same history)', async () => {
    const c = newCaller(engine);
    const { keyId, jwe } = await encrypt(c, 'pass_ok');
    const res = await api(c, '/connections', {
      method: 'POST',
      json: {
        provider_id: '9000',
        channel_definition_id: '900000',
        key_id: keyId,
        credentials: [
          { id: 'login', value: 'user_ok' },
          { id: 'password', value: jwe },
        ],
      },
    });
    const id = res.headers.get('location')!.split('/').pop()!;
    await waitSettled(c, id);
    const before = await accountsOf(c, id);
    for (const a of before) expect(a.last_channel_definition_id).toBe('900000');
    const checking = before.find((a) => a.type === 'CHECKINGS');
    const checkingCount = await totalTransactions(c, checking.id);

    const { url, state } = await authorizeUrl(c, { redirect_uri: REDIRECT_URI, connection_id: id });
    const code = (await consent(url, 'user_ok', 'approve')).searchParams.get('code');
    const put = await api(c, `/connections/${id}/credentials`, {
      method: 'PUT',
      json: {
        channel_definition_id: '900001',
        credentials: [
          { id: 'AUTHORIZATION_CODE', value: code },
          { id: 'STATE', value: state },
        ],
      },
    });
    expect(put.status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const after = await accountsOf(c, id);
    expect(after.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
    for (const a of after)
      expect(a.last_channel_definition_id).toBe(
        a.type === 'CHECKINGS' || a.type === 'CREDIT_CARD' ? '900001' : '900000',
      );
    const n = await totalTransactions(c, checking.id);
    expect(n).toBeGreaterThanOrEqual(checkingCount);
    expect(n).toBeLessThan(checkingCount + 15);

    // Later full synchronizations keep them there.
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    for (const a of await accountsOf(c, id))
      expect(a.last_channel_definition_id).toBe(
        a.type === 'CHECKINGS' || a.type === 'CREDIT_CARD' ? '900001' : '900000',
      );
    expect((await getJson(c, `/connections/${id}`)).channels.map((ch: any) => ch.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
    ]);
  });
});
