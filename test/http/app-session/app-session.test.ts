import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_TTL } from '../../../src/main/engine/app-session/app-tokens';
import { USER_SCOPES } from '../../../src/main/engine/auth/scopes';
import { hashToken } from '../../../src/main/engine/auth/token-hash';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine;
const json = (res: Response): Promise<any> => res.json();
beforeEach(async () => {
  engine = await startTestEngine();
});
afterEach(async () => engine.stop());

const owner = { email: 'owner@example.com', password: 'correct horse', first_name: 'Ada', last_name: 'Lovelace' };

async function createOwner(body: unknown = owner) {
  return engine.http('/v2/app/owner', { method: 'POST', json: body });
}

describe('the app client', () => {
  it('exists after start as a public client, and is restored when revoked', async () => {
    const row = () =>
      engine.ctx.db.prepare("SELECT secret_hash, revoked_date FROM oauth_clients WHERE id = 'coffer-app'").get() as
        { secret_hash: string | null; revoked_date: number | null } | undefined;
    expect(row()).toEqual({ secret_hash: null, revoked_date: null });
    engine.ctx.db.prepare("UPDATE oauth_clients SET revoked_date = 1 WHERE id = 'coffer-app'").run();
    const dataDir = engine.dataDir;
    await engine.close();
    engine = await startTestEngine({ dataDir });
    expect(row()).toEqual({ secret_hash: null, revoked_date: null });
    expect(engine.ctx.db.prepare("SELECT COUNT(*) AS n FROM oauth_clients WHERE id = 'coffer-app'").get()).toEqual({
      n: 1,
    });
  });
});

describe('GET /v2/app/status', () => {
  it('tells whether the owner exists and the terms version without a token (the data folder only with one)', async () => {
    let res = await engine.http('/v2/app/status');
    expect(res.status).toBe(200);
    const before = await json(res);
    expect(before).toMatchObject({ has_owner: false, app_client_id: 'coffer-app' });
    expect(before.data_dir).toBeUndefined();
    expect(before.terms_version).toBeGreaterThanOrEqual(1);
    expect(before.host_url).toBe(engine.urls.host_url);
    expect((await createOwner()).status).toBe(201);
    res = await engine.http('/v2.1/app/status');
    expect((await json(res)).has_owner).toBe(true);
  });

  it('is an extension in the OpenAPI document', async () => {
    const doc = await json(await engine.http('/v2/openapi.json'));
    expect(doc.paths['/v2/app/owner'].post['x-coffer-extension']).toBe(true);
    expect(doc.paths['/v2/app/admin-token'].post.security).toBeDefined();
  });
});

describe('GET /v2/app/terms', () => {
  it('answers the terms text in the asked language', async () => {
    const en = await json(await engine.http('/v2/app/terms?lng=en'));
    const fr = await json(await engine.http('/v2/app/terms', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } }));
    expect(en.language).toBe('en');
    expect(en.text).toMatch(/terms/i);
    expect(fr.language).toBe('fr');
    expect(fr.text).toMatch(/conditions/i);
    expect(en.version).toBe(fr.version);
    expect((await engine.http('/v2/app/terms?lng=de')).status).toBe(400);
  });
});

describe('POST /v2/app/owner', () => {
  it('creates the owner once and answers tokens of the app client with every user scope', async () => {
    const res = await createOwner();
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, user_id: expect.any(String) });
    expect(body.scope.split(' ').sort()).toEqual([...USER_SCOPES].sort());
    expect(res.headers.get('location')).toBe(`/users/${body.user_id}`);

    const user = engine.ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(Number(body.user_id)) as Record<
      string,
      unknown
    >;
    expect(user).toMatchObject({
      email: owner.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      terms_accepted_version: null,
    });
    expect(String(user.password_hash)).toMatch(/^scrypt\$/);
    expect(String(user.password_hash)).not.toContain(owner.password);

    const stored = engine.ctx.db
      .prepare(
        'SELECT kind, client_id, user_id, family_id, expires, creation_date FROM oauth_tokens WHERE hash IN (?, ?) ORDER BY kind',
      )
      .all(hashToken(body.access_token), hashToken(body.refresh_token)) as Array<Record<string, any>>;
    expect(stored.map((t) => [t.kind, t.client_id, t.user_id])).toEqual([
      ['access', 'coffer-app', Number(body.user_id)],
      ['refresh', 'coffer-app', Number(body.user_id)],
    ]);
    expect(stored[0].family_id).toBe(stored[1].family_id);
    expect(stored[1].expires - stored[1].creation_date).toBe(30 * 24 * 3600);
  });

  it('the access token works for the owner, who still has to accept the terms', async () => {
    const { access_token } = await json(await createOwner());
    const res = await engine.http('/v2/app/admin-token', { method: 'POST', token: access_token });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe('terms_not_accepted');
  });

  it('refuses a second owner with 409, even with another e-mail', async () => {
    expect((await createOwner()).status).toBe(201);
    const res = await createOwner({ ...owner, email: 'other@example.com' });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('conflict');
    expect(engine.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 1 });
  });

  it('refuses when a script already created a user', async () => {
    engine.createUser('script-user@example.com');
    expect((await createOwner()).status).toBe(409);
  });

  it('makes a single owner when two first-run forms arrive at once', async () => {
    const answers = await Promise.all([createOwner(), createOwner({ ...owner, email: 'second@example.com' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(engine.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 1 });
  });

  it.each([
    ['no body', undefined],
    ['no e-mail', { password: 'long enough' }],
    ['a malformed e-mail', { email: 'not-an-email', password: 'long enough' }],
    ['no password', { email: 'a@example.com' }],
    ['a short password', { email: 'a@example.com', password: 'short' }],
    ['a password that is an object', { email: 'a@example.com', password: { x: 1 } }],
    ['a first name that is an object', { email: 'a@example.com', password: 'long enough', first_name: { x: 1 } }],
    ['a huge last name', { email: 'a@example.com', password: 'long enough', last_name: 'x'.repeat(300) }],
  ])('answers 400 invalid_request for %s, and creates nobody', async (_what, body) => {
    const res =
      body === undefined
        ? await engine.http('/v2/app/owner', { method: 'POST', headers: { 'content-type': 'application/json' } })
        : await createOwner(body);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe('invalid_request');
    expect(engine.ctx.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 0 });
  });
});

describe('POST /v2/app/admin-token', () => {
  async function signedInOwner(): Promise<{ token: string; userId: number }> {
    const body = await json(await createOwner());
    engine.ctx.db.prepare('UPDATE users SET terms_accepted_version = 1000000 WHERE id = ?').run(Number(body.user_id));
    return { token: body.access_token, userId: Number(body.user_id) };
  }

  it("gives the owner's app a 15-minute client token with scope admin", async () => {
    const { token } = await signedInOwner();
    const res = await engine.http('/v2/app/admin-token', { method: 'POST', token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: ADMIN_TOKEN_TTL, scope: 'admin' });
    const row = engine.ctx.db
      .prepare(
        'SELECT kind, client_id, user_id, scopes, expires - creation_date AS ttl FROM oauth_tokens WHERE hash = ?',
      )
      .get(hashToken(body.access_token));
    expect(row).toEqual({ kind: 'access', client_id: 'coffer-app', user_id: null, scopes: 'admin', ttl: 900 });
    // The admin token is not a user token: user routes refuse it.
    const asUser = await engine.http('/v2/app/admin-token', { method: 'POST', token: body.access_token });
    expect(asUser.status).toBe(403);
  });

  it('refuses a user who is not the owner', async () => {
    await signedInOwner();
    const other = engine.createUser('second@example.com');
    const token = engine.userToken(other, ['profile_edit']);
    engine.ctx.db.prepare("UPDATE oauth_tokens SET client_id = 'coffer-app' WHERE hash = ?").run(hashToken(token));
    const res = await engine.http('/v2/app/admin-token', { method: 'POST', token });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe('insufficient_scope');
  });

  it("refuses the owner's token of another client and personal access tokens", async () => {
    const { userId } = await signedInOwner();
    const foreign = engine.userToken(userId, ['profile_edit']);
    expect((await engine.http('/v2/app/admin-token', { method: 'POST', token: foreign })).status).toBe(403);
  });

  it('needs a token with profile_edit', async () => {
    const { userId } = await signedInOwner();
    expect((await engine.http('/v2/app/admin-token', { method: 'POST' })).status).toBe(401);
    const readOnly = engine.userToken(userId, ['accounts_read']);
    engine.ctx.db.prepare("UPDATE oauth_tokens SET client_id = 'coffer-app' WHERE hash = ?").run(hashToken(readOnly));
    const res = await engine.http('/v2/app/admin-token', { method: 'POST', token: readOnly });
    expect(res.status).toBe(403);
  });
});

describe("the app's session with the authorization server", () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  it('renews the owner tokens with the refresh grant of the public client coffer-app, rotating them', async () => {
    const first = await json(await createOwner());
    const res = await engine.http(
      '/auth/token',
      form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'coffer-app' }),
    );
    expect(res.status).toBe(200);
    const renewed = await json(res);
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.refresh_token).not.toBe(first.refresh_token);
    // The renewed access token is a user token of the owner (terms still to accept).
    const me = await engine.http('/v2/users/me', { token: renewed.access_token });
    expect(me.status).toBe(200);
    expect((await json(me)).id).toBe(first.user_id);
    // The old refresh token is spent: reusing it revokes the family.
    const reused = await engine.http(
      '/auth/token',
      form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'coffer-app' }),
    );
    expect(reused.status).toBe(400);
    expect((await engine.http('/v2/users/me', { token: renewed.access_token })).status).toBe(401);
  });

  it('renews a session signed in before an upgrade with every user scope of now (transactions_manage included)', async () => {
    const first = await json(await createOwner());
    // As issued before transactions_manage existed.
    const before = USER_SCOPES.filter((s) => s !== 'transactions_manage').join(' ');
    engine.ctx.db
      .prepare('UPDATE oauth_tokens SET scopes = ? WHERE hash = ?')
      .run(before, hashToken(first.refresh_token));
    const res = await engine.http(
      '/auth/token',
      form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'coffer-app' }),
    );
    expect(res.status).toBe(200);
    expect((await json(res)).scope.split(' ').sort()).toEqual([...USER_SCOPES].sort());
  });

  it('signs in again with the authorization code and PKCE through a loopback /auth-callback', async () => {
    await createOwner();
    const { createHash, randomBytes } = await import('node:crypto');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = `${engine.urls.host_url}/auth-callback`;
    const authorize = await engine.http(
      '/auth/authorize',
      form({
        response_type: 'code',
        client_id: 'coffer-app',
        redirect_uri: redirectUri,
        scope: [...USER_SCOPES].join(' '),
        state: 'xyz',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        email: owner.email,
        password: owner.password,
        decision: 'allow',
      }),
    );
    expect(authorize.status).toBe(302);
    const back = new URL(authorize.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('xyz');
    const token = await engine.http(
      '/auth/token',
      form({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: 'coffer-app',
      }),
    );
    expect(token.status).toBe(200);
    const body = await json(token);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.scope.split(' ').sort()).toEqual([...USER_SCOPES].sort());
    // The app page answers the callback path itself (client-side routing).
    const page = await engine.http(`/auth-callback?code=x&state=y`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('deleting the owner', () => {
  it('leaves the installation without an owner, even when other users exist, and a new owner can be made', async () => {
    const first = await json(await createOwner());
    engine.ctx.db.prepare('UPDATE users SET terms_accepted_version = 1000000 WHERE id = ?').run(Number(first.user_id));
    // A user an integrator made through the API: not the owner, and never becomes it.
    const other = engine.createUser('integrator-made@example.com');
    const otherToken = engine.userToken(other, ['profile_edit']);
    engine.ctx.db.prepare("UPDATE oauth_tokens SET client_id = 'coffer-app' WHERE hash = ?").run(hashToken(otherToken));

    const deleted = await engine.http('/v2/users/me', { method: 'DELETE', token: first.access_token });
    expect(deleted.status).toBe(204);
    expect((await json(await engine.http('/v2/app/status'))).has_owner).toBe(false);
    // The other user did not inherit the installation: no admin token for them.
    expect((await engine.http('/v2/app/admin-token', { method: 'POST', token: otherToken })).status).toBe(403);

    // The first run makes a new owner, with the same e-mail address, who is the owner.
    const again = await createOwner();
    expect(again.status).toBe(201);
    const second = await json(again);
    expect(second.user_id).not.toBe(first.user_id);
    engine.ctx.db.prepare('UPDATE users SET terms_accepted_version = 1000000 WHERE id = ?').run(Number(second.user_id));
    expect((await json(await engine.http('/v2/app/status'))).has_owner).toBe(true);
    expect((await engine.http('/v2/app/admin-token', { method: 'POST', token: second.access_token })).status).toBe(200);
    expect((await engine.http('/v2/app/admin-token', { method: 'POST', token: otherToken })).status).toBe(403);
  });

  it('keeps the owner when another user is deleted', async () => {
    const first = await json(await createOwner());
    const other = engine.createUser('leaving@example.com');
    const otherToken = engine.userToken(other, ['profile_edit']);
    expect((await engine.http('/v2/users/me', { method: 'DELETE', token: otherToken })).status).toBe(204);
    expect((await json(await engine.http('/v2/app/status'))).has_owner).toBe(true);
    expect((await createOwner()).status).toBe(409);
    expect(first.user_id).toBeDefined();
  });
});
