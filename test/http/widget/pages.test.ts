/** Widget pages (docs/api/widget.md): session first, redirects with results, overrides, aliases, CSP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { createSession, locationQuery, openPage, WIDGET_SCOPES } from './widget-helpers';

let engine: TestEngine;
const realNow = () => Math.floor(Date.now() / 1000);
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine?.stop());
afterEach(() => {
  engine.ctx.now = realNow;
});

const CB = 'http://127.0.0.1:9/widget-result?from=test';

async function session(
  body: Record<string, unknown> = {},
  userId = engine.createUser(),
): Promise<{ id: string; userId: number }> {
  const r = await createSession(engine, { access_token: engine.userToken(userId, WIDGET_SCOPES as any), ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.session_id, userId };
}

function insertConnection(userId: number): number {
  const info = engine.ctx.db
    .prepare(
      "INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, creation_date) VALUES (?, '9000', 'Test', 'SUCCESS', 1, 0, ?)",
    )
    .run(userId, realNow());
  return Number(info.lastInsertRowid);
}

describe('a page checks the session first', () => {
  it('an expired session redirects at once to redirect_uri with result=expired (the session’s redirect_uri, its own query kept)', async () => {
    const s = await session({ redirect_uri: CB });
    engine.ctx.now = () => realNow() + 3601;
    for (const page of [
      'add_connection',
      'edit_credentials',
      'user_input',
      'terms',
      'professional-account',
      'manage_accounts',
    ]) {
      const res = await openPage(engine, `${page}?session_id=${s.id}`);
      expect(res.status, page).toBe(302);
      expect(res.headers.get('location')).toBe('http://127.0.0.1:9/widget-result?from=test&result=expired');
    }
  });

  it('an unknown session redirects to a loopback redirect_uri of the query, but never to another site (no open redirect)', async () => {
    const loopback = await openPage(
      engine,
      `add_connection?session_id=cws_gone&redirect_uri=${encodeURIComponent(CB)}`,
    );
    expect(loopback.status).toBe(302);
    expect(locationQuery(loopback)).toEqual({ from: 'test', result: 'expired' });

    const foreign = await openPage(
      engine,
      `add_connection?session_id=cws_gone&redirect_uri=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(foreign.status).toBe(410);
    expect(foreign.headers.get('location')).toBeNull();
    expect(await foreign.text()).toContain('Ce lien a expiré');
  });

  it('without any redirect_uri, shows a clear page in the asked language (lng, locale, Accept-Language; default fr)', async () => {
    const fr = await openPage(engine, 'terms?session_id=cws_gone');
    expect(fr.status).toBe(410);
    expect(fr.headers.get('content-type')).toMatch(/text\/html/);
    const html = await fr.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).not.toMatch(/<script/i);
    expect(await (await openPage(engine, 'terms?session_id=cws_gone&lng=en')).text()).toContain(
      'This link has expired',
    );
    expect(await (await openPage(engine, 'terms?session_id=cws_gone&locale=en_US')).text()).toContain(
      'This link has expired',
    );
    expect(
      await (await openPage(engine, 'terms?session_id=cws_gone&locale=fr_FR', { 'accept-language': 'en' })).text(),
    ).toContain('Ce lien a expiré');
    expect(
      await (await openPage(engine, 'terms?session_id=cws_gone', { 'accept-language': 'de-DE, en;q=0.8' })).text(),
    ).toContain('This link has expired');
  });

  it('a redirect_uri that is not an http(s) URL gives a clear error page, never a redirection', async () => {
    const s = await session();
    const res = await openPage(
      engine,
      `add_connection?session_id=${s.id}&redirect_uri=${encodeURIComponent('javascript:alert(1)')}`,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('provider and channel checks (rule 5)', () => {
  it('an invalid provider_id redirects with result=error&error=invalid_provider', async () => {
    const s = await session({ redirect_uri: CB });
    const res = await openPage(engine, `add_connection?session_id=${s.id}&provider_id=424242`);
    expect(res.status).toBe(302);
    expect(locationQuery(res)).toEqual({ from: 'test', result: 'error', error: 'invalid_provider' });
  });

  it('an invalid provider/channel pair redirects with error=invalid_channel_definition', async () => {
    const s = await session({ redirect_uri: CB });
    for (const q of ['provider_id=9000&channel_definition_id=900099', 'channel_definition_id=123']) {
      const res = await openPage(engine, `add_connection?session_id=${s.id}&${q}`);
      expect(locationQuery(res)).toMatchObject({ result: 'error', error: 'invalid_channel_definition' });
    }
  });

  it('a bad provider in the session is reported the same way', async () => {
    const s = await session({ redirect_uri: CB, provider_id: 'nope' });
    expect(locationQuery(await openPage(engine, `add_connection?session_id=${s.id}`))).toMatchObject({
      result: 'error',
      error: 'invalid_provider',
    });
  });

  it('query parameters of add_connection override the session (provider, channel, flags, redirect_uri and its alias)', async () => {
    const s = await session({ redirect_uri: CB, provider_id: 'nope', channel_definition_id: '999' });
    // The query's valid provider replaces the session's bad one (and the session's channel goes with it).
    expect((await openPage(engine, `add_connection?session_id=${s.id}&provider_id=9000`)).status).toBe(200);
    expect(
      (await openPage(engine, `add_connection?session_id=${s.id}&provider_id=9000&channel_definition_id=900001`))
        .status,
    ).toBe(200);

    const good = await session({ redirect_uri: CB, provider_id: '9000' });
    const other = 'http://localhost:9/other';
    const viaAlias = await openPage(
      engine,
      `add_connection?session_id=${good.id}&provider_id=bad&redirect_url=${encodeURIComponent(other)}`,
    );
    expect(viaAlias.headers.get('location')).toBe('http://localhost:9/other?result=error&error=invalid_provider');
    const badFlag = await openPage(engine, `add_connection?session_id=${good.id}&captive_mode=sometimes`);
    expect(locationQuery(badFlag)).toMatchObject({ result: 'error', error: 'invalid_request' });
    // Compatibility parameters are accepted.
    const compat = await openPage(
      engine,
      `add_connection?session_id=${good.id}&consent_per_account=true&wait_sync_end=true&aspsp_callback_uri=${encodeURIComponent('https://x.example/cb')}&locale=en_EN&captive_mode=1`,
    );
    expect(compat.status).toBe(200);
  });

  it('without a redirect_uri, a bad provider gives a clear error page', async () => {
    const s = await session();
    const res = await openPage(engine, `add_connection?session_id=${s.id}&provider_id=nope&lng=en`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('This page cannot be opened');
    expect(html).toContain('provider nope');
  });
});

describe('connection pages', () => {
  it('edit_credentials, user_input and manage_accounts need a connection of the user', async () => {
    const s = await session({ redirect_uri: CB });
    const mine = insertConnection(s.userId);
    const theirs = insertConnection(engine.createUser());
    for (const page of ['edit_credentials', 'user_input', 'manage_accounts']) {
      expect(locationQuery(await openPage(engine, `${page}?session_id=${s.id}`))).toMatchObject({
        result: 'error',
        error: 'invalid_request',
      });
      expect(locationQuery(await openPage(engine, `${page}?session_id=${s.id}&connection_id=${theirs}`))).toMatchObject(
        {
          result: 'error',
          error: 'connection_not_found',
        },
      );
      expect((await openPage(engine, `${page}?session_id=${s.id}&connection_id=${mine}`)).status).toBe(200);
    }
    expect(
      locationQuery(
        await openPage(engine, `edit_credentials?session_id=${s.id}&connection_id=${mine}&channel_definition_id=42`),
      ),
    ).toMatchObject({
      error: 'invalid_channel_definition',
    });
  });

  it('professional-account (also spelled professional_account) and terms are served; an unknown page is a 404 page', async () => {
    const s = await session();
    expect((await openPage(engine, `professional-account?session_id=${s.id}`)).status).toBe(200);
    expect((await openPage(engine, `professional_account?session_id=${s.id}`)).status).toBe(200);
    expect((await openPage(engine, `terms?session_id=${s.id}`)).status).toBe(200);
    expect((await openPage(engine, `nothing_here?session_id=${s.id}`)).status).toBe(404);
  });
});

describe('the served page', () => {
  it('is the widget entry, with a CSP that forbids inline scripts and lets loopback pages embed it', async () => {
    const s = await session();
    const res = await openPage(engine, `add_connection?session_id=${s.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('id="widget-root"');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/frame-ancestors 'self' http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*/);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('lets origins the user allowed in settings embed it too', async () => {
    const before = engine.ctx.settings.get('allowed_origins');
    engine.ctx.settings.set('allowed_origins', ['https://bank-app.example']);
    try {
      const s = await session();
      const res = await openPage(engine, `terms?session_id=${s.id}`);
      expect(res.headers.get('content-security-policy')).toContain('https://bank-app.example');
    } finally {
      engine.ctx.settings.set('allowed_origins', before);
    }
  });
});
