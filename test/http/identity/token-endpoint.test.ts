import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/main/engine/auth/token-hash';
import { rawRequest, startTestEngine, type TestEngine } from '../../helpers/engine';
import {
  adminCreateClient,
  apiCreateUser,
  basic,
  integrator,
  passwordGrant,
  tokenRequest,
  uniqueEmail,
} from './identity-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine.stop());

const tokenCount = () => (engine.ctx.db.prepare('SELECT COUNT(*) AS n FROM oauth_tokens').get() as { n: number }).n;

describe('metadata and keys', () => {
  it('publishes RFC 8414 metadata at the bare and the issuer-path well-known URLs', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/auth']) {
      const res = await engine.http(path);
      expect(res.status).toBe(200);
      const m = (await res.json()) as any;
      const auth = engine.urls.auth_url;
      expect(m).toMatchObject({
        issuer: auth,
        authorization_endpoint: `${auth}/authorize`,
        token_endpoint: `${auth}/token`,
        revocation_endpoint: `${auth}/revoke`,
        jwks_uri: `${auth}/jwks`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
      });
      expect(m.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials', 'password']),
      );
      expect(m.scopes_supported).toEqual(expect.arrayContaining(['profile', 'users_create', 'admin']));
    }
  });

  it('publishes the ES256 public key of id_tokens without its private part', async () => {
    const res = await engine.http('/auth/jwks');
    const { keys } = (await res.json()) as any;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
    expect(keys[0].d).toBeUndefined();
  });
});

describe('client_credentials', () => {
  it('grants the integrator users_create and admin, by body or HTTP Basic', async () => {
    const i = integrator(engine);
    const a = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: i.client_id,
      client_secret: i.client_secret,
      scope: 'users_create',
    });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      access_token: expect.stringMatching(/^cat_/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'users_create',
    });
    expect(a.body.refresh_token).toBeUndefined();
    expect(a.headers.get('cache-control')).toBe('no-store');
    const b = await tokenRequest(
      engine,
      { grant_type: 'client_credentials' },
      { authorization: basic(i.client_id, i.client_secret) },
    );
    expect(b.status).toBe(200);
    expect(b.body.scope.split(' ').sort()).toEqual(['admin', 'users_create']);
    // The token is stored only as its hash.
    const row = engine.ctx.db
      .prepare('SELECT * FROM oauth_tokens WHERE hash = ?')
      .get(hashToken(a.body.access_token)) as any;
    expect(row).toMatchObject({ kind: 'access', client_id: i.client_id, user_id: null, scopes: 'users_create' });
    expect(JSON.stringify(engine.ctx.db.prepare('SELECT * FROM oauth_tokens').all())).not.toContain(
      a.body.access_token,
    );
  });

  it('accepts a JSON body too', async () => {
    const i = integrator(engine);
    const res = await engine.http('/auth/token', {
      method: 'POST',
      json: { grant_type: 'client_credentials', client_id: i.client_id, client_secret: i.client_secret },
    });
    expect(res.status).toBe(200);
  });

  it('refuses wrong secrets: 400 in the body, 401 with a Basic challenge for HTTP Basic', async () => {
    const i = integrator(engine);
    const before = tokenCount();
    const a = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: i.client_id,
      client_secret: 'wrong',
    });
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    const b = await tokenRequest(
      engine,
      { grant_type: 'client_credentials' },
      { authorization: basic(i.client_id, 'wrong') },
    );
    expect(b.status).toBe(401);
    expect(b.body.error).toBe('invalid_client');
    expect(b.headers.get('www-authenticate')).toMatch(/^Basic /);
    const c = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: 'client_nope',
      client_secret: 'x',
    });
    expect(c.body.error).toBe('invalid_client');
    const d = await tokenRequest(engine, { grant_type: 'client_credentials', client_id: i.client_id });
    expect(d.body.error).toBe('invalid_client');
    expect(tokenCount()).toBe(before);
  });

  it('refuses scopes the client does not hold and unknown ones', async () => {
    const i = integrator(engine);
    const a = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: i.client_id,
      client_secret: i.client_secret,
      scope: 'profile',
    });
    expect(a).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    const b = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: i.client_id,
      client_secret: i.client_secret,
      scope: 'users_create superpowers',
    });
    expect(b).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    const c = await adminCreateClient(engine, { name: 'creator only' });
    const d = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
      scope: 'admin',
    });
    expect(d).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });

  it('refuses public clients', async () => {
    const c = await adminCreateClient(engine, { name: 'native app', public: true });
    const r = await tokenRequest(engine, { grant_type: 'client_credentials', client_id: c.client_id });
    expect(r).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
  });
});

describe('request errors', () => {
  const i = () => integrator(engine);
  it.each([
    [{}, 'invalid_request'],
    [{ grant_type: 'implicit' }, 'unsupported_grant_type'],
    [{ grant_type: 'urn:ietf:params:oauth:grant-type:device_code' }, 'unsupported_grant_type'],
  ])('%j → %s', async (fields, error) => {
    const r = await tokenRequest(engine, { ...fields, client_id: i().client_id, client_secret: i().client_secret });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(error);
  });

  it('refuses two client authentication methods at once', async () => {
    const r = await tokenRequest(
      engine,
      { grant_type: 'client_credentials', client_secret: i().client_secret },
      { authorization: basic(i().client_id, i().client_secret) },
    );
    expect(r).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('refuses a repeated parameter', async () => {
    const res = await engine.http('/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=${i().client_id}&client_id=other&client_secret=${i().client_secret}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('invalid_request');
  });

  it('answers 400 to other content types and 413 to oversized bodies, never 500', async () => {
    const plain = await engine.http('/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=password',
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as any).error).toBe('invalid_request');
    const badJson = await engine.http('/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(badJson.status).toBe(400);
    const big = await rawRequest(`${engine.urls.auth_url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(engine.urls.host_url).host },
      body: `grant_type=password&password=${'x'.repeat(1024 * 1024 + 10)}`,
    });
    expect(big.status).toBe(413);
    const none = await engine.http('/auth/token', { method: 'POST' });
    expect(none.status).toBe(400);
  });
});

describe('password grant', () => {
  it('gives access, refresh and id_tokens; scope defaults to every user scope', async () => {
    const u = await apiCreateUser(engine);
    const r = await passwordGrant(engine, u.email, u.password);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      id_token: expect.any(String),
    });
    expect(r.body.scope.split(' ').sort()).toEqual([
      'accounts_manage',
      'accounts_read',
      'connections_manage',
      'connections_sync',
      'profile',
      'profile_edit',
      'transactions_read',
    ]);
    const me = await engine.http('/v2/users/me', { token: r.body.access_token });
    expect(me.status).toBe(200);
    expect(((await me.json()) as any).email).toBe(u.email);
  });

  it('signs an id_token that verifies against /auth/jwks with the documented claims', async () => {
    const u = await apiCreateUser(engine);
    const r = await passwordGrant(engine, u.email.toUpperCase(), u.password, 'profile');
    expect(r.status).toBe(200);
    expect(decodeProtectedHeader(r.body.id_token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const jwks = createRemoteJWKSet(new URL(`${engine.urls.auth_url}/jwks`));
    const { payload } = await jwtVerify(r.body.id_token, jwks, {
      issuer: engine.urls.auth_url,
      audience: integrator(engine).client_id,
    });
    expect(payload).toMatchObject({ sub: u.id, email: u.email });
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('honours the scope asked and refuses client or unknown scopes', async () => {
    const u = await apiCreateUser(engine);
    const ok = await passwordGrant(engine, u.email, u.password, 'profile accounts_read');
    expect(ok.body.scope).toBe('profile accounts_read');
    const props = await engine.http('/v2/users/me/properties', {
      method: 'PUT',
      token: ok.body.access_token,
      json: {},
    });
    // profile allows PUT properties (docs/api/auth-and-scopes.md#scopes); the terms are not accepted yet.
    expect(props.status).toBe(401);
    for (const scope of ['users_create', 'profile nope']) {
      const r = await passwordGrant(engine, u.email, u.password, scope);
      expect(r).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    }
  });

  it('refuses a wrong password or an unknown e-mail with the same answer', async () => {
    const u = await apiCreateUser(engine);
    const a = await passwordGrant(engine, u.email, 'wrong-password');
    const b = await passwordGrant(engine, uniqueEmail('ghost'), 'wrong-password');
    expect(a).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'wrong e-mail or password' },
    });
    expect(b.body).toEqual(a.body);
  });

  it('is for confidential clients only', async () => {
    const u = await apiCreateUser(engine);
    const c = await adminCreateClient(engine, { name: 'public', public: true });
    const r = await tokenRequest(engine, {
      grant_type: 'password',
      client_id: c.client_id,
      username: u.email,
      password: u.password,
    });
    expect(r).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
  });

  it('slows down repeated failures for an e-mail (429 slow_down with retry_after), then lets the right password in', async () => {
    const u = await apiCreateUser(engine);
    for (let k = 0; k < 3; k++)
      expect((await passwordGrant(engine, u.email, 'bad-password')).body.error).toBe('invalid_grant');
    const slowed = await passwordGrant(engine, u.email, u.password);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ error: 'slow_down', retry_after: 1 });
    expect(slowed.headers.get('retry-after')).toBe('1');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await passwordGrant(engine, u.email, u.password)).status).toBe(200);
    // The success cleared the count.
    expect((await passwordGrant(engine, u.email, 'bad-password')).status).toBe(400);
    expect((await passwordGrant(engine, u.email, u.password)).status).toBe(200);
  });

  it('ignores parameters it does not know (provider)', async () => {
    const u = await apiCreateUser(engine);
    const i = integrator(engine);
    const r = await tokenRequest(engine, {
      grant_type: 'password',
      client_id: i.client_id,
      client_secret: i.client_secret,
      username: u.email,
      password: u.password,
      provider: 'coffer',
    });
    expect(r.status).toBe(200);
  });
});

describe('refresh_token', () => {
  it('rotates: the new pair works, the old refresh token does not, reusing it revokes the whole family', async () => {
    const u = await apiCreateUser(engine);
    const i = integrator(engine);
    const first = (await passwordGrant(engine, u.email, u.password)).body;
    const renew = (refresh_token: string, extra: Record<string, string> = {}) =>
      tokenRequest(engine, {
        grant_type: 'refresh_token',
        refresh_token,
        client_id: i.client_id,
        client_secret: i.client_secret,
        redirect_uri: 'http://127.0.0.1/cb',
        ...extra,
      });
    const second = await renew(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, id_token: expect.any(String) });
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await engine.http('/v2/users/me', { token: second.body.access_token })).status).toBe(200);
    // The first access token still works until its expiry (rotation concerns refresh tokens)…
    expect((await engine.http('/v2/users/me', { token: first.access_token })).status).toBe(200);

    // …until the rotated refresh token comes back: then every token of the grant is revoked.
    const reuse = await renew(first.refresh_token);
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    for (const t of [first.access_token, second.body.access_token]) {
      const res = await engine.http('/v2/users/me', { token: t });
      expect(res.status).toBe(401);
    }
    expect((await renew(second.body.refresh_token)).body.error).toBe('invalid_grant');
    // Other grants of the same user are untouched.
    const other = await passwordGrant(engine, u.email, u.password);
    expect((await engine.http('/v2/users/me', { token: other.body.access_token })).status).toBe(200);
  });

  it('may narrow the scope but not widen it; the refresh token keeps its scope', async () => {
    const u = await apiCreateUser(engine);
    const i = integrator(engine);
    const first = (await passwordGrant(engine, u.email, u.password, 'profile profile_edit')).body;
    const base = { grant_type: 'refresh_token', client_id: i.client_id, client_secret: i.client_secret };
    const wide = await tokenRequest(engine, {
      ...base,
      refresh_token: first.refresh_token,
      scope: 'profile accounts_read',
    });
    expect(wide).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    const narrow = await tokenRequest(engine, { ...base, refresh_token: first.refresh_token, scope: 'profile' });
    expect(narrow.body.scope).toBe('profile');
    const again = await tokenRequest(engine, { ...base, refresh_token: narrow.body.refresh_token });
    expect(again.body.scope).toBe('profile profile_edit');
  });

  it('is bound to its client and expires', async () => {
    const u = await apiCreateUser(engine);
    const first = (await passwordGrant(engine, u.email, u.password)).body;
    const other = await adminCreateClient(engine, { name: 'other' });
    const stolen = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: other.client_id,
      client_secret: other.client_secret,
    });
    expect(stolen).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const i = integrator(engine);
    const missing = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      client_id: i.client_id,
      client_secret: i.client_secret,
    });
    expect(missing.body.error).toBe('invalid_request');
    const realNow = engine.ctx.now;
    try {
      const t = realNow();
      engine.ctx.now = () => t + 30 * 86400 + 1;
      const late = await tokenRequest(engine, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: i.client_id,
        client_secret: i.client_secret,
      });
      expect(late).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'the refresh token expired' },
      });
      // And the access token expired long before.
      expect((await engine.http('/v2/users/me', { token: first.access_token })).status).toBe(401);
    } finally {
      engine.ctx.now = realNow;
    }
  });
});

describe('revocation (RFC 7009)', () => {
  it('revokes a refresh token with its family, and answers 200 for unknown tokens', async () => {
    const u = await apiCreateUser(engine);
    const i = integrator(engine);
    const t = (await passwordGrant(engine, u.email, u.password)).body;
    const revoke = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      engine.http('/auth/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
    const unknown = await revoke({ token: 'cat_nothing', client_id: i.client_id, client_secret: i.client_secret });
    expect(unknown.status).toBe(200);
    const res = await revoke(
      { token: t.refresh_token, token_type_hint: 'refresh_token' },
      { authorization: basic(i.client_id, i.client_secret) },
    );
    expect(res.status).toBe(200);
    expect((await engine.http('/v2/users/me', { token: t.access_token })).status).toBe(401);
    const renew = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
      client_id: i.client_id,
      client_secret: i.client_secret,
    });
    expect(renew.body.error).toBe('invalid_grant');
    // Revoking twice is still 200.
    expect(
      (await revoke({ token: t.refresh_token, client_id: i.client_id, client_secret: i.client_secret })).status,
    ).toBe(200);
  });

  it('revokes an access token alone; holding the token is enough; other clients cannot revoke it', async () => {
    const u = await apiCreateUser(engine);
    const t = (await passwordGrant(engine, u.email, u.password)).body;
    const other = await adminCreateClient(engine, { name: 'other client' });
    const foreign = await engine.http('/auth/revoke', {
      method: 'POST',
      json: { token: t.access_token, client_id: other.client_id, client_secret: other.client_secret },
    });
    expect(foreign.status).toBe(200);
    expect((await engine.http('/v2/users/me', { token: t.access_token })).status).toBe(200);
    const wrongSecret = await engine.http('/auth/revoke', {
      method: 'POST',
      json: { token: t.access_token, client_id: other.client_id, client_secret: 'nope' },
    });
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as any).error).toBe('invalid_client');
    const bare = await engine.http('/auth/revoke', { method: 'POST', json: { token: t.access_token } });
    expect(bare.status).toBe(200);
    expect((await engine.http('/v2/users/me', { token: t.access_token })).status).toBe(401);
    const i = integrator(engine);
    const renew = await tokenRequest(engine, {
      grant_type: 'refresh_token',
      refresh_token: t.refresh_token,
      client_id: i.client_id,
      client_secret: i.client_secret,
    });
    expect(renew.status).toBe(200);
  });

  it('needs the token parameter', async () => {
    const res = await engine.http('/auth/revoke', { method: 'POST', json: {} });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('invalid_request');
  });
});
