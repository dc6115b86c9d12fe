import { rmSync } from 'node:fs';
import { compactVerify, decodeProtectedHeader, importSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretStore } from '../../../src/main/engine/secrets/secret-store';
import { SecretStoreUnavailable } from '../../../src/main/engine/domain/errors';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

// The private halves of signing keys live only in the OS keychain: these run where one is (npm test).
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

interface Verified {
  header: Record<string, unknown>;
  payload: { request_url: string; response_timestamp: number; response_payload: unknown };
}

/**
 * docs/api/signed-responses.md#verification, done by hand with jose: key_url from the header, key by kid, not
 * deprecated.
 */
async function verify(engine: TestEngine, token: string): Promise<Verified> {
  const header = decodeProtectedHeader(token) as Record<string, unknown>;
  expect(header.key_url).toBe(`${engine.urls.host_url}/sign-keys/${header.kid}`);
  const keyRes = await fetch(String(header.key_url));
  expect(keyRes.status).toBe(200);
  const key = (await keyRes.json()) as { id: string; public_key: string; deprecated: string | null };
  expect(key.id).toBe(header.kid);
  expect(key.deprecated).toBeNull();
  const { payload } = await compactVerify(token, await importSPKI(key.public_key, 'ES256'));
  return { header, payload: JSON.parse(new TextDecoder().decode(payload)) };
}

async function tokenOf(res: Response): Promise<string> {
  const body = (await res.json()) as { token: string };
  expect(Object.keys(body)).toEqual(['token']);
  expect(body.token.split('.')).toHaveLength(3);
  return body.token;
}

describe.skipIf(!hasKeychain)('signed responses (sign_response=true)', () => {
  let engine: TestEngine;
  let userId: number;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    engine = await startTestEngine();
    userId = engine.createUser();
    token = engine.userToken(userId, ['connections_manage', 'profile_edit']);
    admin = engine.clientToken(['admin']);
  });
  afterAll(async () => {
    await engine.stop();
    rmSync(engine.dataDir, { recursive: true, force: true }); // restarted on the same directory below
  });

  it('publishes the first key, made at first start, at {host_url}/sign-keys', async () => {
    const res = await engine.http('/sign-keys');
    expect(res.status).toBe(200);
    const keys = (await res.json()) as Array<{ id: string; public_key: string; deprecated: string | null }>;
    expect(keys).toHaveLength(1);
    expect(keys[0].public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(keys[0].deprecated).toBeNull();
    expect(res.headers.get('x-total-count')).toBe('1');
    const one = await engine.http(`/sign-keys/${keys[0].id}`);
    expect(await one.json()).toEqual(keys[0]);
    const missing = await engine.http('/sign-keys/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'not_found', id: 'nope' });
    // The private half is not in the database.
    const cols = engine.ctx.db.prepare('SELECT * FROM sign_keys').all();
    expect(JSON.stringify(cols)).not.toContain('PRIVATE');
  });

  it('signs a GET: ES256 JWS, header kid/typ/key_url/alg, payload request_url (without sign_response), timestamp, body', async () => {
    const sub = await engine.http('/v2/queues/subscribe', { method: 'POST', token });
    const queue = (await sub.json()) as { id: string };
    const { emitEvent } = await import('../../../src/main/engine/events/emit');
    emitEvent(engine.ctx, { userId, connectionId: 0, eventType: 'RUNNING' });
    const plain = await (await engine.http(`/v2/queues/${queue.id}?flush_from=0`, { token })).json();
    const res = await engine.http(`/v2/queues/${queue.id}?flush_from=0&sign_response=true`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { header, payload } = await verify(engine, await tokenOf(res));
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });
    expect(payload.request_url).toBe(`${engine.urls.host_url}/v2/queues/${queue.id}?flush_from=0`);
    expect(Math.abs(payload.response_timestamp - Math.floor(Date.now() / 1000))).toBeLessThan(5);
    expect(payload.response_payload).toEqual(plain);
  });

  it('takes sign_response out before routes with strict query schemas validate (root, /v2 and /v2.1 routes)', async () => {
    for (const path of ['/v2/admin/clients', '/v2.1/admin/clients']) {
      const res = await engine.http(`${path}?sign_response=true&limit=5`, { token: admin });
      expect(res.status).toBe(200);
      const { payload } = await verify(engine, await tokenOf(res));
      expect(payload.request_url).toBe(`${engine.urls.host_url}${path}?limit=5`);
      expect(Array.isArray(payload.response_payload)).toBe(true);
    }
    const health = await engine.http('/health?sign_response=true');
    const { payload } = await verify(engine, await tokenOf(health));
    expect(payload).toMatchObject({
      request_url: `${engine.urls.host_url}/health`,
      response_payload: { status: 'ok' },
    });
  });

  it('signs a 201 (Location kept), leaves a 204 empty, and is off with sign_response=false or absent', async () => {
    const res = await engine.http('/v2/queues/subscribe?sign_response=true', { method: 'POST', token });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/queues\/\d+$/);
    const { payload } = await verify(engine, await tokenOf(res));
    expect(payload.response_payload).toMatchObject({ id: expect.any(String), events: [] });
    const id = (payload.response_payload as { id: string }).id;
    const empty = await engine.http(`/v2/queues/${id}?sign_response=true`, { token });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    const off = await engine.http(`/v2/queues/subscribe?sign_response=false`, { method: 'POST', token });
    expect(await off.json()).toMatchObject({ events: [] });
  });

  it('signs error answers too (they have a body): 404, 401 and 400', async () => {
    const notFound = await engine.http('/v2/queues/424242?sign_response=true', { token });
    expect(notFound.status).toBe(404);
    expect((await verify(engine, await tokenOf(notFound))).payload.response_payload).toMatchObject({
      error: 'not_found',
    });
    const noToken = await engine.http('/v2/queues/1?sign_response=true');
    expect(noToken.status).toBe(401);
    const v = await verify(engine, await tokenOf(noToken));
    expect(v.payload.response_payload).toMatchObject({ error: 'invalid_token' });
    expect(v.payload.request_url).toBe(`${engine.urls.host_url}/v2/queues/1`);
    const mine = (await (await engine.http('/v2/queues/subscribe', { method: 'POST', token })).json()) as {
      id: string;
    };
    const badParam = await engine.http(`/v2/queues/${mine.id}?flush_from=x&sign_response=true`, { token });
    expect(badParam.status).toBe(400);
    expect((await verify(engine, await tokenOf(badParam))).payload.response_payload).toMatchObject({
      error: 'invalid_request',
    });
  });

  it('refuses a sign_response that is neither true nor false (400, unsigned)', async () => {
    const res = await engine.http('/health?sign_response=maybe');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('sign_response'),
    });
  });

  it('POST /admin/sign-keys/rotate: a new key signs from now on; the old one stays published, deprecated at the rotation time', async () => {
    const before = (await (await engine.http('/sign-keys')).json()) as Array<{ id: string }>;
    const current = before[before.length - 1].id;
    expect((await engine.http('/v2/admin/sign-keys/rotate', { method: 'POST' })).status).toBe(401);
    expect((await engine.http('/v2/admin/sign-keys/rotate', { method: 'POST', token })).status).toBe(403);
    expect(
      (await engine.http('/v2/admin/sign-keys/rotate', { method: 'POST', token: engine.clientToken(['users_create']) }))
        .status,
    ).toBe(403);
    const res = await engine.http('/v2/admin/sign-keys/rotate', {
      method: 'POST',
      token: admin,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; public_key: string; deprecated: null };
    expect(created.deprecated).toBeNull();
    expect(created.id).not.toBe(current);
    expect(res.headers.get('location')).toBe(`${engine.urls.host_url}/sign-keys/${created.id}`);
    const old = (await (await engine.http(`/sign-keys/${current}`)).json()) as { deprecated: string };
    expect(old.deprecated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(old.deprecated) - Date.now())).toBeLessThan(5000);
    const signed = await engine.http('/health?sign_response=true');
    const { header } = await verify(engine, await tokenOf(signed));
    expect(header.kid).toBe(created.id);
    const all = (await (await engine.http('/sign-keys')).json()) as Array<{ id: string; deprecated: string | null }>;
    expect(all.map((k) => k.id)).toEqual([...before.map((k) => k.id), created.id]);
    expect(all.filter((k) => k.deprecated === null).map((k) => k.id)).toEqual([created.id]);
  });

  it('keeps the key across a restart (the private half comes back from the keychain)', async () => {
    const dataDir = engine.dataDir;
    const keys = (await (await engine.http('/sign-keys')).json()) as Array<{ id: string; deprecated: string | null }>;
    const current = keys.find((k) => k.deprecated === null)!.id;
    await engine.close();
    engine = await startTestEngine({ dataDir });
    const signed = await engine.http('/health?sign_response=true');
    const { header } = await verify(engine, await tokenOf(signed));
    expect(header.kid).toBe(current);
  });
});

describe('signed responses without an OS keychain', () => {
  const noKeychain: SecretStore = {
    isAvailable: () => false,
    assertAvailable: () => {
      throw new SecretStoreUnavailable('test: no Secret Service');
    },
    get: () => {
      throw new SecretStoreUnavailable('test: no Secret Service');
    },
    set: () => {
      throw new SecretStoreUnavailable('test: no Secret Service');
    },
    delete: () => {},
  };
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine({ secrets: noKeychain });
  });
  afterAll(async () => engine.stop());

  it('answers 503 secret_store_unavailable to sign_response=true, before the route acts; no key anywhere', async () => {
    const userId = engine.createUser();
    const token = engine.userToken(userId, ['connections_manage']);
    const res = await engine.http('/v2/queues/subscribe?sign_response=true', { method: 'POST', token });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'secret_store_unavailable' });
    expect(engine.ctx.db.prepare('SELECT count(*) FROM queues').pluck().get()).toBe(0);
    expect(engine.ctx.db.prepare('SELECT count(*) FROM sign_keys').pluck().get()).toBe(0);
    expect(await (await engine.http('/sign-keys')).json()).toEqual([]);
    const rotate = await engine.http('/v2/admin/sign-keys/rotate', {
      method: 'POST',
      token: engine.clientToken(['admin']),
    });
    expect(rotate.status).toBe(503);
    // Unsigned requests are not affected.
    expect((await engine.http('/v2/queues/subscribe', { method: 'POST', token })).status).toBe(201);
  });
});
