import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/main/engine/auth/token-hash';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import {
  adminCreateClient,
  apiCreateUser,
  integrator,
  integratorToken,
  passwordGrant,
  tokenRequest,
} from './identity-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine.stop());

async function signedInUser(scope?: string) {
  const u = await apiCreateUser(engine);
  const token = (await passwordGrant(engine, u.email, u.password, scope)).body.access_token as string;
  expect((await engine.http('/v2/users/me/terms', { method: 'POST', token })).status).toBe(204);
  return { ...u, token };
}

describe('personal access tokens: /users/me/tokens', () => {
  it('creates a token shown once, usable as a bearer, listed without its value, revocable', async () => {
    const u = await signedInUser();
    const created = await engine.http('/v2/users/me/tokens', {
      method: 'POST',
      token: u.token,
      json: { name: 'budget script', scopes: ['profile', 'accounts_read'] },
    });
    expect(created.status).toBe(201);
    const pat = (await created.json()) as any;
    expect(pat).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      name: 'budget script',
      scopes: ['profile', 'accounts_read'],
      creation_date: expect.any(Number),
      token: expect.stringMatching(/^cpat_/),
    });
    expect(created.headers.get('location')).toBe(`/users/me/tokens/${pat.id}`);
    const row = engine.ctx.db
      .prepare('SELECT kind, expires, user_id FROM oauth_tokens WHERE hash = ?')
      .get(hashToken(pat.token)) as any;
    expect(row).toEqual({ kind: 'pat', expires: null, user_id: Number(u.id) });

    const me = await engine.http('/v2/users/me', { token: pat.token });
    expect(me.status).toBe(200);
    expect((await engine.http('/v2/users/me/properties', { method: 'PUT', token: pat.token, json: {} })).status).toBe(
      204,
    );
    expect((await engine.http('/v2/users/me', { method: 'DELETE', token: pat.token })).status).toBe(403);

    const list = await engine.http('/v2/users/me/tokens', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    const items = (await list.json()) as any[];
    expect(items).toEqual([
      { id: pat.id, name: 'budget script', scopes: ['profile', 'accounts_read'], creation_date: pat.creation_date },
    ]);
    expect(JSON.stringify(items)).not.toContain(pat.token);

    expect((await engine.http(`/v2/users/me/tokens/${pat.id}`, { method: 'DELETE', token: u.token })).status).toBe(204);
    expect((await engine.http('/v2/users/me', { token: pat.token })).status).toBe(401);
    expect((await engine.http(`/v2/users/me/tokens/${pat.id}`, { method: 'DELETE', token: u.token })).status).toBe(404);
    expect(await (await engine.http('/v2/users/me/tokens', { token: u.token })).json()).toEqual([]);
  });

  it('cannot grant scopes the calling token lacks (403), nor client or unknown scopes (400)', async () => {
    const u = await signedInUser('profile_edit');
    const wide = await engine.http('/v2/users/me/tokens', {
      method: 'POST',
      token: u.token,
      json: { name: 'x', scopes: ['accounts_read'] },
    });
    expect(wide.status).toBe(403);
    expect(((await wide.json()) as any).error).toBe('insufficient_scope');
    for (const json of [
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['nope'] },
      { name: 'x', scopes: [] },
      { name: '', scopes: ['profile_edit'] },
      { name: '   ', scopes: ['profile_edit'] },
      { scopes: ['profile_edit'] },
      { name: 'x', scopes: 'profile_edit' },
    ]) {
      const res = await engine.http('/v2/users/me/tokens', { method: 'POST', token: u.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(await (await engine.http('/v2/users/me/tokens', { token: u.token })).json()).toEqual([]);
  });

  it("keeps users apart: another user's token id is 404 and stays valid", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    const pat = (await (
      await engine.http('/v2/users/me/tokens', {
        method: 'POST',
        token: b.token,
        json: { name: 'b', scopes: ['profile'] },
      })
    ).json()) as any;
    expect((await engine.http(`/v2/users/me/tokens/${pat.id}`, { method: 'DELETE', token: a.token })).status).toBe(404);
    expect(await (await engine.http('/v2/users/me/tokens', { token: a.token })).json()).toEqual([]);
    expect((await engine.http('/v2/users/me', { token: pat.token })).status).toBe(200);
  });

  it('paginates with page and limit, and validates them', async () => {
    const u = await signedInUser();
    for (let i = 0; i < 3; i++)
      await engine.http('/v2/users/me/tokens', {
        method: 'POST',
        token: u.token,
        json: { name: `t${i}`, scopes: ['profile'] },
      });
    const page2 = await engine.http('/v2/users/me/tokens?page=2&limit=2', { token: u.token });
    expect(page2.headers.get('x-total-count')).toBe('3');
    expect(((await page2.json()) as any[]).map((t) => t.name)).toEqual(['t2']);
    for (const q of ['page=0', 'limit=501', 'limit=abc', 'page=1.5', 'sort=name']) {
      expect((await engine.http(`/v2/users/me/tokens?${q}`, { token: u.token })).status, q).toBe(400);
    }
  });
});

describe('OAuth clients: /admin/clients', () => {
  it('registers a confidential client whose secret works once shown, lists it, revokes it with its tokens', async () => {
    const c = await adminCreateClient(engine, {
      name: 'Reporting',
      redirect_uris: ['https://reports.example/cb'],
      scopes: ['users_create'],
    });
    expect(c).toEqual({
      client_id: expect.stringMatching(/^client_/),
      client_secret: expect.stringMatching(/^ccs_/),
      name: 'Reporting',
      type: 'confidential',
      redirect_uris: ['https://reports.example/cb'],
      scopes: ['users_create'],
      integrator: false,
      creation_date: expect.any(Number),
    });
    const t = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    expect(t.status).toBe(200);
    const admin = await integratorToken(engine, 'admin');
    const list = (await (await engine.http('/v2/admin/clients', { token: admin })).json()) as any[];
    const listed = list.find((x) => x.client_id === c.client_id);
    expect(listed).toBeDefined();
    expect(listed.client_secret).toBeUndefined();
    expect(list.some((x) => x.integrator && x.client_id === integrator(engine).client_id)).toBe(true);

    expect((await engine.http(`/v2/admin/clients/${c.client_id}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    expect(
      (
        await engine.http('/v2/users', {
          method: 'POST',
          token: t.body.access_token,
          json: { email: 'x@example.com', password: 'longenough' },
        })
      ).status,
    ).toBe(401);
    const again = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    expect(again.body.error).toBe('invalid_client');
    expect((await engine.http(`/v2/admin/clients/${c.client_id}`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
  });

  it('refuses to revoke the integrator client here', async () => {
    const admin = await integratorToken(engine, 'admin');
    const res = await engine.http(`/v2/admin/clients/${integrator(engine).client_id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(res.status).toBe(400);
    expect(
      (
        await tokenRequest(engine, {
          grant_type: 'client_credentials',
          client_id: integrator(engine).client_id,
          client_secret: integrator(engine).client_secret,
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x', redirect_uris: ['http://evil.example/cb'] }, 'loopback'],
    [{ name: 'x', redirect_uris: ['https://a.example/cb#frag'] }, 'fragment'],
    [{ name: 'x', redirect_uris: 'https://a.example/cb' }, 'array'],
    [{ name: 'x', scopes: ['profile'] }, 'unknown client scope'],
    [{ name: 'x', public: true, scopes: ['users_create'] }, 'public client'],
    [{ name: 'x', public: 'yes' }, 'boolean'],
  ])('refuses %j with 400', async (json, message) => {
    const admin = await integratorToken(engine, 'admin');
    const before = ((await (await engine.http('/v2/admin/clients', { token: admin })).json()) as any[]).length;
    const res = await engine.http('/v2/admin/clients', { method: 'POST', token: admin, json });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toContain(message);
    expect(((await (await engine.http('/v2/admin/clients', { token: admin })).json()) as any[]).length).toBe(before);
  });

  it('is for client tokens holding admin', async () => {
    const u = await signedInUser();
    expect((await engine.http('/v2/admin/clients', { token: u.token })).status).toBe(403);
    expect(
      (await engine.http('/v2/admin/clients', { token: await integratorToken(engine, 'users_create') })).status,
    ).toBe(403);
    expect((await engine.http('/v2/admin/clients')).status).toBe(401);
  });
});
