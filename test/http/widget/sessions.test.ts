/**
 * Widget sessions (see docs/api/widget.md#session): creation, token checks, lifetimes, renewal through the refresh
 * grant, page tokens.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/main/engine/auth/token-hash';

import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { createSession, integrator, locationQuery, oauthUser, openPage, WIDGET_SCOPES } from './widget-helpers';

let engine: TestEngine;
const realNow = () => Math.floor(Date.now() / 1000);
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine?.stop());
afterEach(() => {
  engine.ctx.now = realNow;
});

const userWithToken = (scopes: readonly string[] = WIDGET_SCOPES) => {
  const userId = engine.createUser();
  return { userId, token: engine.userToken(userId, scopes as any) };
};

const pageToken = async (sessionId: string) => {
  const res = await engine.http('/embed/widget/api/session', { method: 'POST', json: { session_id: sessionId } });
  return { status: res.status, body: (await res.json()) as any };
};

describe('POST {widget_url}/widget_session', () => {
  it('answers 201 with the session id, its expiry and the links of every page (add_connection carries ?session_id=…)', async () => {
    const { token } = userWithToken();
    const before = realNow();
    const { status, body } = await createSession(engine, { access_token: token });
    expect(status).toBe(201);
    expect(body.session_id).toMatch(/^cws_[A-Za-z0-9_-]{40,}$/);
    // No refresh token: the session lives as long as the access token (1 hour from its issue).
    expect(body.expires).toBeGreaterThanOrEqual(before + 3600 - 1);
    expect(body.expires).toBeLessThanOrEqual(realNow() + 3600);
    const base = `${engine.urls.widget_url}/widget`;
    const q = `?session_id=${body.session_id}`;
    expect(body._links).toEqual({
      add_connection: `${base}/add_connection${q}`,
      edit_credentials: `${base}/edit_credentials${q}`,
      user_input: `${base}/user_input${q}`,
      terms: `${base}/terms${q}`,
      professional_account: `${base}/professional-account${q}`,
      manage_accounts: `${base}/manage_accounts${q}`,
    });
  });

  it('takes a form body at {widget_url}/widget/widget_session, with the flow flags as strings', async () => {
    const { token } = userWithToken();
    const res = await engine.http('/embed/widget/widget_session', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        access_token: token,
        redirect_url: 'http://127.0.0.1:9/done?x=1',
        provider_id: '9000',
        channel_definition_id: '900000',
        captive_mode: 'true',
        select_accounts: '0',
        multiple_channels: 'false',
        select_channel: '1',
      }).toString(),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    const page = await pageToken(body.session_id);
    expect(page.status).toBe(200);
    expect(page.body.session).toEqual({
      expires: body.expires,
      redirect_uri: 'http://127.0.0.1:9/done?x=1',
      provider_id: '9000',
      channel_definition_id: '900000',
      captive_mode: true,
      select_accounts: false,
      multiple_channels: false,
      select_channel: true,
    });
  });

  it('accepts the token in the Authorization header when the body has none', async () => {
    const { token } = userWithToken();
    const res = await engine.http('/embed/widget_session', { method: 'POST', json: {}, token });
    expect(res.status).toBe(201);
  });

  it('answers 401 with the error body to a bad, expired, revoked or client token', async () => {
    const bad = await engine.http('/embed/widget_session', { method: 'POST', json: { access_token: 'cat_nope' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await bad.json()).toEqual({ error: 'invalid_token', error_description: expect.any(String) });

    const client = await createSession(engine, { access_token: engine.clientToken(['users_create']) });
    expect(client.status).toBe(401);
    expect(client.body.error).toBe('invalid_token');

    const { token } = userWithToken();
    engine.ctx.db.prepare('UPDATE oauth_tokens SET revoked_date = 1 WHERE hash = ?').run(hashToken(token));
    expect((await createSession(engine, { access_token: token })).status).toBe(401);

    const other = userWithToken();
    engine.ctx.now = () => realNow() + 7200;
    expect((await createSession(engine, { access_token: other.token })).status).toBe(401);
  });

  it('answers 400 to a missing access_token, a bad redirect_uri or a flag that is not a boolean', async () => {
    const { token } = userWithToken();
    for (const body of [
      {},
      { access_token: token, redirect_uri: 'javascript:alert(1)' },
      { access_token: token, redirect_uri: 'http://127.0.0.1:9/cb#frag' },
      { access_token: token, captive_mode: 'maybe' },
      { access_token: token, provider_id: 'a b' },
      { access_token: token, client_secret: 'no-id' },
    ]) {
      const r = await createSession(engine, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('invalid_request');
    }
  });

  it('checks client_id and client_secret when given', async () => {
    const i = integrator(engine);
    const user = await oauthUser(engine);
    expect(
      (
        await createSession(engine, {
          access_token: user.access_token,
          client_id: i.client_id,
          client_secret: i.client_secret,
        })
      ).status,
    ).toBe(201);
    expect((await createSession(engine, { access_token: user.access_token, client_id: i.client_id })).status).toBe(201);
    const wrongSecret = await createSession(engine, {
      access_token: user.access_token,
      client_id: i.client_id,
      client_secret: 'ccs_wrong',
    });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_token');
    expect((await createSession(engine, { access_token: user.access_token, client_id: 'client_unknown' })).status).toBe(
      401,
    );
    // A real client, but not the one the token was issued to.
    const other = engine.ctx.identity.clients.create(
      { name: 'other', redirectUris: ['http://127.0.0.1:1/cb'], public: false } as any,
      realNow(),
    );
    const mismatch = await createSession(engine, {
      access_token: user.access_token,
      client_id: other.client.id,
      client_secret: other.secret!,
    });
    expect(mismatch.status).toBe(401);
  });
});

describe('session lifetime and renewal', () => {
  it('with a refresh token the session lives as long as the refresh token (30 days)', async () => {
    const i = integrator(engine);
    const user = await oauthUser(engine);
    const r = await createSession(engine, { ...i, access_token: user.access_token, refresh_token: user.refresh_token });
    expect(r.status).toBe(201);
    expect(r.body.expires).toBeGreaterThan(realNow() + 29 * 86400);
  });

  it('a refresh token of a confidential client needs client_secret, and must be the same user’s', async () => {
    const i = integrator(engine);
    const user = await oauthUser(engine);
    const other = await oauthUser(engine);
    const noSecret = await createSession(engine, {
      access_token: user.access_token,
      refresh_token: user.refresh_token,
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error_description).toMatch(/client_secret/);
    const foreign = await createSession(engine, {
      ...i,
      access_token: user.access_token,
      refresh_token: other.refresh_token,
    });
    expect(foreign.status).toBe(400);
    const unknown = await createSession(engine, { ...i, access_token: user.access_token, refresh_token: 'crt_nope' });
    expect(unknown.status).toBe(401);
  });

  it('renews the access token through the refresh grant once it has expired; without a refresh token the session expires with it', async () => {
    const i = integrator(engine);
    const withRefresh = await oauthUser(engine);
    const renewing = await createSession(engine, {
      ...i,
      access_token: withRefresh.access_token,
      refresh_token: withRefresh.refresh_token,
      redirect_uri: 'http://127.0.0.1:9/cb',
    });
    const plain = await oauthUser(engine);
    const short = await createSession(engine, {
      access_token: plain.access_token,
      redirect_uri: 'http://127.0.0.1:9/cb',
    });
    expect(renewing.status).toBe(201);
    expect(short.status).toBe(201);

    engine.ctx.now = () => realNow() + 2 * 3600; // both access tokens have expired

    const expired = await openPage(engine, `add_connection?session_id=${short.body.session_id}`);
    expect(expired.status).toBe(302);
    expect(locationQuery(expired)).toEqual({ result: 'expired' });
    expect((await pageToken(short.body.session_id)).status).toBe(401);

    // Two pages at once: one renewal, not two (a second use of the refresh token would revoke the grant).
    const [a, b] = await Promise.all([pageToken(renewing.body.session_id), pageToken(renewing.body.session_id)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const list = await engine.http('/v2/connections', { token: a.body.access_token });
    expect(list.status).toBe(200);
    // The integrator's refresh token was spent by the session (refresh tokens rotate).
    const used = engine.ctx.db
      .prepare('SELECT used_date FROM oauth_tokens WHERE hash = ?')
      .pluck()
      .get(hashToken(withRefresh.refresh_token));
    expect(used).not.toBeNull();
    const page = await openPage(engine, `add_connection?session_id=${renewing.body.session_id}`);
    expect(page.status).toBe(200);
  });

  it('a session dies with its grant: a revoked access token (no refresh token) or a revoked refresh family', async () => {
    const i = integrator(engine);
    const user = await oauthUser(engine);
    const s = await createSession(engine, { access_token: user.access_token, redirect_uri: 'http://127.0.0.1:9/cb' });
    engine.ctx.db.prepare('UPDATE oauth_tokens SET revoked_date = 1 WHERE hash = ?').run(hashToken(user.access_token));
    expect(locationQuery(await openPage(engine, `terms?session_id=${s.body.session_id}`))).toEqual({
      result: 'expired',
    });

    const u2 = await oauthUser(engine);
    const s2 = await createSession(engine, {
      ...i,
      access_token: u2.access_token,
      refresh_token: u2.refresh_token,
      redirect_uri: 'http://127.0.0.1:9/cb',
    });
    const family = engine.ctx.db
      .prepare('SELECT family_id FROM oauth_tokens WHERE hash = ?')
      .pluck()
      .get(hashToken(u2.refresh_token));
    engine.ctx.db.prepare('UPDATE oauth_tokens SET revoked_date = 1 WHERE family_id = ?').run(family);
    expect(locationQuery(await openPage(engine, `terms?session_id=${s2.body.session_id}`))).toEqual({
      result: 'expired',
    });
  });
});

describe('page tokens ({widget_url}/widget/api/session)', () => {
  it('gives a short-lived token of the session user with the original scopes, never the integrator’s token', async () => {
    const { userId, token } = userWithToken(['connections_manage', 'connections_sync']);
    const s = await createSession(engine, { access_token: token });
    const page = await pageToken(s.body.session_id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      token_type: 'Bearer',
      user_id: String(userId),
      scope: 'connections_manage connections_sync',
      terms_required: false,
    });
    expect(page.body.access_token).not.toBe(token);
    expect(page.body.expires_in).toBeLessThanOrEqual(600);
    expect((await engine.http('/v2/queues/subscribe', { method: 'POST', token: page.body.access_token })).status).toBe(
      201,
    );
    // Scopes the original token did not have are not granted.
    expect((await engine.http('/v2/accounts', { token: page.body.access_token })).status).toBe(403);
  });

  it('gives the page only what the widget pages use: it cannot mint personal access tokens or delete the user', async () => {
    const all = [
      'accounts_read',
      'accounts_manage',
      'transactions_read',
      'transactions_manage',
      'connections_manage',
      'connections_sync',
      'profile',
      'profile_edit',
    ];
    const { userId, token } = userWithToken(all);
    const s = await createSession(engine, { access_token: token });
    const page = await pageToken(s.body.session_id);
    expect(page.status).toBe(200);
    expect(page.body.scope.split(' ').sort()).toEqual(
      ['accounts_manage', 'accounts_read', 'connections_manage', 'connections_sync', 'profile'].sort(),
    );
    const bearer = page.body.access_token;
    const mint = await engine.http('/v2/users/me/tokens', {
      method: 'POST',
      token: bearer,
      json: { name: 'kept', scopes: ['profile'] },
    });
    expect(mint.status).toBe(403);
    expect(((await mint.json()) as any).error).toBe('insufficient_scope');
    const deletion = await engine.http('/v2/users/me', { method: 'DELETE', token: bearer });
    expect(deletion.status).toBe(403);
    expect((await engine.http('/v2/users/me', { token })).status).toBe(200);
    expect(engine.ctx.identity.users.findById(userId)).toBeTruthy();
    // What the pages do still works: read the terms, list accounts, open a queue.
    expect((await engine.http('/v2/users/me/terms', { token: bearer })).status).toBe(200);
    expect((await engine.http('/v2/accounts', { token: bearer })).status).toBe(200);
    expect((await engine.http('/v2/queues/subscribe', { method: 'POST', token: bearer })).status).toBe(201);
  });

  it('a session made with profile_edit only still lets its page read the terms (profile), never edit the profile', async () => {
    const { token } = userWithToken(['connections_manage', 'profile_edit']);
    const s = await createSession(engine, { access_token: token });
    const page = await pageToken(s.body.session_id);
    expect(page.body.scope.split(' ').sort()).toEqual(['connections_manage', 'profile']);
    const bearer = page.body.access_token;
    expect((await engine.http('/v2/users/me/terms', { token: bearer })).status).toBe(200);
    expect(
      (await engine.http('/v2/users/me', { method: 'PUT', token: bearer, json: { first_name: 'x' } })).status,
    ).toBe(403);
  });

  it('caps the page token at the session expiry when there is no refresh token', async () => {
    const { token } = userWithToken();
    const s = await createSession(engine, { access_token: token });
    engine.ctx.now = () => realNow() + 3600 - 120;
    const page = await pageToken(s.body.session_id);
    expect(page.status).toBe(200);
    expect(page.body.expires_in).toBeLessThanOrEqual(121);
  });

  it('tells the page when the user must accept the terms first', async () => {
    const userId = engine.createUser(undefined, { termsAccepted: false });
    const s = await createSession(engine, { access_token: engine.userToken(userId, WIDGET_SCOPES as any) });
    expect((await pageToken(s.body.session_id)).body.terms_required).toBe(true);
  });

  it('answers 401 for an unknown session and 403 to another origin', async () => {
    const unknown = await pageToken('cws_unknown');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_token');
    const { token } = userWithToken();
    const s = await createSession(engine, { access_token: token });
    const foreign = await engine.http('/embed/widget/api/session', {
      method: 'POST',
      json: { session_id: s.body.session_id },
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });
});
