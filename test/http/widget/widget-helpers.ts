/** Helpers of the widget tests: sessions, real OAuth tokens through the authorization server. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { TestEngine } from '../../helpers/engine';

export const WIDGET_SCOPES = [
  'accounts_read',
  'accounts_manage',
  'transactions_read',
  'connections_manage',
  'connections_sync',
  'profile',
] as const;

export function integrator(engine: TestEngine): { client_id: string; client_secret: string } {
  return JSON.parse(readFileSync(join(engine.dataDir, 'integrator.json'), 'utf8'));
}

export async function tokenRequest(
  engine: TestEngine,
  fields: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const res = await engine.http('/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: await res.json() };
}

let n = 0;

/** A user made through the API (POST /users) and its tokens from the password grant of the integrator client. */
export async function oauthUser(
  engine: TestEngine,
  { acceptTerms = true } = {},
): Promise<{ userId: string; access_token: string; refresh_token: string; email: string }> {
  const i = integrator(engine);
  const client = await tokenRequest(engine, {
    grant_type: 'client_credentials',
    client_id: i.client_id,
    client_secret: i.client_secret,
    scope: 'users_create',
  });
  expect(client.status).toBe(200);
  const email = `widget-${process.pid}-${++n}-${Date.now()}@example.com`;
  const password = 'correct-horse-1';
  const created = await engine.http('/v2/users', {
    method: 'POST',
    token: client.body.access_token,
    json: { email, password },
  });
  expect(created.status).toBe(201);
  const user = (await created.json()) as any;
  const grant = await tokenRequest(engine, {
    grant_type: 'password',
    client_id: i.client_id,
    client_secret: i.client_secret,
    username: email,
    password,
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  if (acceptTerms) {
    const accepted = await engine.http('/v2/users/me/terms', {
      method: 'POST',
      token: grant.body.access_token,
      json: {},
    });
    expect(accepted.status).toBe(204);
  }
  return { userId: user.id, access_token: grant.body.access_token, refresh_token: grant.body.refresh_token, email };
}

export async function createSession(
  engine: TestEngine,
  body: Record<string, unknown>,
  path = '/embed/widget_session',
): Promise<{ status: number; body: any }> {
  const res = await engine.http(path, { method: 'POST', json: body });
  return { status: res.status, body: await res.json() };
}

/** GET a widget page without following redirects. */
export async function openPage(
  engine: TestEngine,
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return engine.http(pathAndQuery.startsWith('http') ? pathAndQuery : `/embed/widget/${pathAndQuery}`, {
    headers: { accept: 'text/html', ...headers },
    redirect: 'manual',
  });
}

/** The query of a redirection's Location as an object. */
export function locationQuery(res: Response): Record<string, string> {
  const location = res.headers.get('location');
  expect(location, `status ${res.status}`).toBeTruthy();
  return Object.fromEntries(new URL(location!).searchParams);
}

/** POST /connections on the Test Bank's EMBEDDED channel with an encrypted password; returns the connection id. */
export async function connectEmbedded(
  engine: TestEngine,
  token: string,
  login: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { CompactEncrypt, importJWK } = await import('jose');
  const keyRes = await engine.http('/v2/keys', { method: 'POST', json: {}, token });
  expect(keyRes.status).toBe(201);
  const key = (await keyRes.json()) as any;
  const jwe = await new CompactEncrypt(new TextEncoder().encode('pass_ok'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.id })
    .encrypt(await importJWK(key.jwk, 'RSA-OAEP-256'));
  const res = await engine.http('/v2/connections', {
    method: 'POST',
    token,
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
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as any).id;
}

/** Polls a connection until its status satisfies `done`. */
export async function waitStatus(
  engine: TestEngine,
  token: string,
  id: string,
  done: (status: string) => boolean,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = (await (await engine.http(`/v2/connections/${id}`, { token })).json()) as any;
    if (done(c.status)) return c;
    if (Date.now() > deadline) throw new Error(`connection ${id} still ${c.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const settled = (s: string) => s !== 'RUNNING' && s !== 'CHALLENGE_REQUIRED';
