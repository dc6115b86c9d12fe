/** Helpers of the SimpleFIN tests: a SimpleFIN connection through real HTTP, channel facts from the database. */
import { expect } from 'vitest';
import type { TestEngine } from '../../helpers/engine';
import { api, encrypt, getJson, waitSettled, type Caller } from '../sync/sync-helpers';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';

export const PROVIDER = '9600';
export const CHANNEL = '960000';

/** POST /connections with a setup token (as a JWE); returns the raw answer. */
export async function postToken(c: Caller, token: string): Promise<Response> {
  const { keyId, jwe } = await encrypt(c, token);
  return api(c, '/connections', {
    method: 'POST',
    json: { provider_id: PROVIDER, channel_definition_id: CHANNEL, key_id: keyId, credentials: [{ id: 'setup_token', value: jwe }], auto_sync: false },
  });
}

/** Connects and waits for the first synchronization; returns the connection id and its record. */
export async function connect(c: Caller, token: string): Promise<{ id: string; connection: any }> {
  const res = await postToken(c, token);
  expect(res.status, await res.clone().text()).toBe(201);
  const id = res.headers.get('location')!.split('/').pop()!;
  return { id, connection: await waitSettled(c, id) };
}

export async function sync(c: Caller, id: string): Promise<any> {
  const res = await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(204);
  return waitSettled(c, id);
}

export async function renew(c: Caller, id: string, token: string): Promise<Response> {
  const { keyId, jwe } = await encrypt(c, token);
  return api(c, `/connections/${id}/credentials`, {
    method: 'PUT',
    json: { channel_definition_id: CHANNEL, key_id: keyId, credentials: [{ id: 'setup_token', value: jwe }] },
  });
}

export function channelRow(engine: TestEngine, connectionId: string): { id: number; status: string; last_error: string | null } {
  return engine.ctx.db
    .prepare('SELECT id, status, last_error FROM channels WHERE connection_id = ? AND channel_definition_id = ?')
    .get(Number(connectionId), CHANNEL) as { id: number; status: string; last_error: string | null };
}

export function keptSecret(engine: TestEngine, connectionId: string): Record<string, string> | null {
  const text = engine.ctx.secrets.get(channelSecretName(channelRow(engine, connectionId).id));
  return text ? (JSON.parse(text) as Record<string, string>) : null;
}

export function channelOf(connection: any): any {
  return connection.channels.find((ch: any) => ch.channel_definition_id === CHANNEL);
}

export async function byName(c: Caller, id: string): Promise<Record<string, any>> {
  const accounts = await getJson<any[]>(c, `/accounts?connection_id=${id}&limit=500`);
  return Object.fromEntries(accounts.map((a) => [a.name, a]));
}
