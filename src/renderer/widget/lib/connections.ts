/** Connection helpers of the flows. */
import { connectionLabels } from '../../core/labels/connection-label';
import { get } from './api';
import type { Account, Connection, Provider } from './types';

export const loadConnection = (id: string) => get<Connection>(`/v2/connections/${encodeURIComponent(id)}`);
export const loadProvider = (id: string) => get<Provider>(`/v2/providers/${encodeURIComponent(id)}`);
export const loadAccounts = (connectionId: string, query: Record<string, string> = {}) =>
  get<Account[]>('/v2/accounts', { connection_id: connectionId, limit: 500, ...query });

/**
 * How the app names this connection: its name, followed by the masked login (or a number) when the person has
 * other connections of that name, so that "Coffer Test Bank · al****in" is told apart from the other Coffer
 * Test Bank connection here as in the app. Its own name when the list cannot be read.
 */
export async function loadConnectionLabel(connection: Connection): Promise<string> {
  try {
    const all = await get<Connection[]>('/v2/connections', { pagination: false });
    return connectionLabels(all).get(connection.id) ?? connection.name;
  } catch {
    return connection.name;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the connection is not synchronizing (a channel added while a run goes would not start: the
 * engine runs one synchronization of a connection at a time). Gives up after `timeoutMs`.
 */
export async function waitIdle(id: string, timeoutMs = 120_000): Promise<Connection> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await loadConnection(id);
    if (c.status !== 'RUNNING' && c.status !== 'CHALLENGE_REQUIRED') return c;
    if (Date.now() > deadline) return c;
    await sleep(700);
  }
}

/** Channel definitions of the provider that the connection does not use yet (REDIRECT first). */
export function unusedDefinitions(provider: Provider, connection: Connection) {
  const used = new Set(connection.channels.filter((c) => c.status !== 'EMPTY').map((c) => c.channel_definition_id));
  return provider.channel_definitions.filter((d) => !d.unavailable && !used.has(d.id));
}

/** A random state for a consent round trip (also the key of the flow saved across it). */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
