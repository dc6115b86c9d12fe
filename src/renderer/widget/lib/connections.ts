/** Connection helpers of the flows. */
import { get } from './api';
import type { Account, Connection, Provider } from './types';

export const loadConnection = (id: string) => get<Connection>(`/v2/connections/${encodeURIComponent(id)}`);
export const loadProvider = (id: string) => get<Provider>(`/v2/providers/${encodeURIComponent(id)}`);
export const loadAccounts = (connectionId: string, query: Record<string, string> = {}) =>
  get<Account[]>('/v2/accounts', { connection_id: connectionId, limit: 500, ...query });

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
