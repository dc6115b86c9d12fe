/**
 * Deleting a connection ends its consents at the provider too (C16: DELETE /sessions/{id}), so that no
 * bank access outlives the connection. Best effort and bounded in time: the deletion goes on whatever the
 * provider answers (the consent then lapses at its end date).
 */
import { getConnector } from '../connectors/registry';
import type { ConsentGrant } from '../connectors/types';
import type { EngineContext } from '../context';
import { channelSecretName } from '../secrets/secret-names';
import { connectorEnvironment } from './environment';

const CLOSE_TIMEOUT_MS = 10_000;

/** Reads what must be closed BEFORE the connection and its keychain entries go; returns the closer. */
export function prepareRemoteClose(ctx: EngineContext, connectionId: number, channelIds: readonly number[]): () => Promise<void> {
  const providerId = ctx.db.prepare<[number], string>('SELECT provider_id FROM connections WHERE id = ?').pluck().get(connectionId);
  const connector = providerId ? getConnector(providerId) : undefined;
  if (!providerId || !connector?.closeConsent) return async () => {};
  const grants: ConsentGrant[] = [];
  for (const id of channelIds) {
    try {
      const text = ctx.secrets.get(channelSecretName(id));
      const grant = text ? (JSON.parse(text) as { grant?: ConsentGrant }).grant : undefined;
      if (grant && typeof grant.access_token === 'string') grants.push(grant);
    } catch {
      // no keychain or an unreadable entry: nothing to close
    }
  }
  return async () => {
    const env = connectorEnvironment(ctx, connector, providerId, AbortSignal.timeout(CLOSE_TIMEOUT_MS));
    for (const grant of grants) {
      try {
        await connector.closeConsent!(grant, env);
      } catch (err) {
        ctx.log.warn({ connectionId, message: (err as Error).message }, 'the consent could not be closed at the provider');
      }
    }
  };
}
