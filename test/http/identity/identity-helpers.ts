import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretStore } from '../../../src/main/engine/secrets/secret-store';
import type { TestEngine } from '../../helpers/engine';

/** Helpers that go through the real authorization server and user API. */

export interface Integrator {
  client_id: string;
  client_secret: string;
}

export function integrator(engine: TestEngine): Integrator {
  return JSON.parse(readFileSync(join(engine.dataDir, 'integrator.json'), 'utf8')) as Integrator;
}

export function form(fields: Record<string, string | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) p.append(k, v);
  return p.toString();
}

/** POST {auth_url}/token with a form body. */
export async function tokenRequest(
  engine: TestEngine,
  fields: Record<string, string | undefined>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await engine.http('/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: form(fields),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export async function integratorToken(engine: TestEngine, scope = 'users_create admin'): Promise<string> {
  const i = integrator(engine);
  const r = await tokenRequest(engine, {
    grant_type: 'client_credentials',
    client_id: i.client_id,
    client_secret: i.client_secret,
    scope,
  });
  if (r.status !== 200) throw new Error(`client_credentials failed: ${JSON.stringify(r.body)}`);
  return r.body.access_token as string;
}

let n = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${process.pid}-${++n}-${Date.now()}@example.com`;

/** Creates a user through POST /users; returns its id and credentials. */
export async function apiCreateUser(
  engine: TestEngine,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; email: string; password: string; record: any }> {
  const email = (extra.email as string | undefined) ?? uniqueEmail();
  const password = (extra.password as string | undefined) ?? 'correct-horse-1';
  const res = await engine.http('/v2/users', {
    method: 'POST',
    token: await integratorToken(engine),
    json: { ...extra, email, password },
  });
  const record = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`POST /users failed: ${res.status} ${JSON.stringify(record)}`);
  return { id: record.id, email, password, record };
}

export async function passwordGrant(engine: TestEngine, email: string, password: string, scope?: string) {
  const i = integrator(engine);
  return tokenRequest(engine, {
    grant_type: 'password',
    client_id: i.client_id,
    client_secret: i.client_secret,
    username: email,
    password,
    scope,
  });
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Registers a client through the admin API. */
export async function adminCreateClient(engine: TestEngine, body: Record<string, unknown>): Promise<any> {
  const res = await engine.http('/v2/admin/clients', {
    method: 'POST',
    token: await integratorToken(engine, 'admin'),
    json: body,
  });
  const json = (await res.json()) as any;
  if (res.status !== 201) throw new Error(`POST /admin/clients failed: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A keychain stand-in (the OS keychain is a true boundary): a Map, with a record of what was deleted. */
export class MemorySecretStore implements SecretStore {
  readonly values = new Map<string, string>();
  readonly deleted: string[] = [];
  assertAvailable(): void {}
  isAvailable(): boolean {
    return true;
  }
  get(name: string): string | null {
    return this.values.get(name) ?? null;
  }
  set(name: string, value: string): void {
    this.values.set(name, value);
  }
  delete(name: string): void {
    this.deleted.push(name);
    this.values.delete(name);
  }
}
