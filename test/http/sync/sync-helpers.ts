/** Helpers of the synchronization tests: a user with every scope, Test Bank connections through real HTTP. */
import { CompactEncrypt, importJWK } from 'jose';
import { expect } from 'vitest';
import type { TestEngine } from '../../helpers/engine';

export const ALL_SCOPES = [
  'accounts_read',
  'accounts_manage',
  'transactions_read',
  'connections_manage',
  'connections_sync',
  'profile',
] as const;

export interface Caller {
  engine: TestEngine;
  userId: number;
  token: string;
}

export function newCaller(engine: TestEngine): Caller {
  const userId = engine.createUser();
  return { engine, userId, token: engine.userToken(userId, ALL_SCOPES) };
}

export async function api(c: Caller, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  return c.engine.http(path.startsWith('/') && !path.startsWith('/v2') ? `/v2${path}` : path, {
    ...init,
    token: c.token,
  });
}

export async function getJson<T = any>(c: Caller, path: string): Promise<T> {
  const res = await api(c, path);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A compact JWE of `value` made with a fresh key from POST /keys (see docs/api/request-bodies.md#credentials). */
export async function encrypt(c: Caller, value: string): Promise<{ keyId: string; jwe: string }> {
  const res = await api(c, '/keys', { method: 'POST', json: {} });
  expect(res.status).toBe(201);
  const keyId = res.headers.get('location')!.split('/').pop()!;
  const key = await getJson(c, `/keys/${keyId}`);
  const publicKey = await importJWK(key.jwk, 'RSA-OAEP-256');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(value))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keyId })
    .encrypt(publicKey);
  return { keyId, jwe };
}

/** POST /connections on the Test Bank's EMBEDDED channel; returns the connection id. */
export async function connectEmbedded(
  c: Caller,
  login: string,
  options: { password?: string; consent_per_account?: boolean; auto_sync?: boolean } = {},
): Promise<string> {
  const { keyId, jwe } = await encrypt(c, options.password ?? 'pass_ok');
  const res = await api(c, '/connections', {
    method: 'POST',
    json: {
      provider_id: '9000',
      channel_definition_id: '900000',
      key_id: keyId,
      credentials: [
        { id: 'login', value: login },
        { id: 'password', value: jwe },
      ],
      ...(options.consent_per_account !== undefined ? { consent_per_account: options.consent_per_account } : {}),
      ...(options.auto_sync !== undefined ? { auto_sync: options.auto_sync } : {}),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = res.headers.get('location')!.split('/').pop()!;
  return id;
}

/** Polls GET /connections/{id} until it leaves RUNNING (what published clients do). */
export async function waitSettled(c: Caller, id: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const connection = await getJson(c, `/connections/${id}`);
    if (connection.status !== 'RUNNING') return connection;
    if (Date.now() > deadline) throw new Error(`connection ${id} still RUNNING after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function accountsOf(c: Caller, connectionId: string): Promise<any[]> {
  return getJson(c, `/accounts?connection_id=${connectionId}&limit=500`);
}

/** Every transaction of an account (all statuses), following pages. */
export async function transactionsOf(
  c: Caller,
  accountId: string,
  statuses = 'BOOKED,PENDING,CANCELLED,EXPIRED,OTHER,REJECTED,REFUNDED',
): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const rows = await getJson<any[]>(
      c,
      `/transactions?account_id=${accountId}&included_statuses=${statuses}&limit=500&page=${page}`,
    );
    out.push(...rows);
    if (rows.length < 500) return out;
  }
}

export async function totalTransactions(c: Caller, accountId: string): Promise<number> {
  const res = await api(
    c,
    `/transactions?account_id=${accountId}&included_statuses=BOOKED,PENDING,CANCELLED,EXPIRED&limit=1`,
  );
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-total-count'));
}

/** POST /queues/subscribe; returns a reader of the events that arrived since (all of them, in order). */
export async function subscribe(c: Caller): Promise<() => Promise<any[]>> {
  const res = await api(c, '/queues/subscribe', { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = res.headers.get('location')!.split('/').pop()!;
  return async () => {
    const r = await api(c, `/queues/${id}`);
    if (r.status === 204) return [];
    expect(r.status).toBe(200);
    return ((await r.json()) as any).events;
  };
}

/** Polls until `check` returns a value (not undefined). */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 40));
  }
}
