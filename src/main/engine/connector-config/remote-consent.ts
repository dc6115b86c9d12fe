/**
 * Deleting a connection ends its consents at the provider too (DELETE /sessions/{id}: see
 * docs/api/enablebanking.md#consent), so that no bank access outlives the connection. Best effort and bounded in time:
 * the deletion goes on whatever the provider answers (the consent then lapses at its end date).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Connectors } from '../connectors/registry';
import type { ConsentGrant } from '../connectors/types';
import type { SecretStore } from '../secrets/secret-store';
import type { Store } from '../store';
import { readChannelSecret, storedGrant } from '../store/channel-secret';
import type { ConnectorEnvironments } from './environment';

const CLOSE_TIMEOUT_MS = 10_000;

export interface RemoteConsentsDeps {
  store: Pick<Store, 'connections'>;
  secrets: SecretStore;
  connectors: Pick<Connectors, 'get'>;
  environments: ConnectorEnvironments;
  log: FastifyBaseLogger;
}

export class RemoteConsents {
  constructor(private readonly deps: RemoteConsentsDeps) {}

  /**
   * Reads what must be closed BEFORE the connection and its keychain entries go; returns the closer, which
   * never rejects.
   */
  prepareClose(connectionId: number, channelIds: readonly number[]): () => Promise<void> {
    const { deps } = this;
    const providerId = deps.store.connections.byId(connectionId)?.provider_id;
    const connector = providerId ? deps.connectors.get(providerId) : undefined;
    if (!providerId || !connector?.closeConsent) return async () => {};
    const grants: ConsentGrant[] = [];
    for (const id of channelIds) {
      const read = readChannelSecret(deps.secrets, id);
      // no keychain or an unreadable entry: nothing to close
      const grant = read.kind === 'ok' ? storedGrant(read.secret) : undefined;
      if (grant) grants.push(grant);
    }
    return async () => {
      const env = deps.environments.of(connector, providerId, AbortSignal.timeout(CLOSE_TIMEOUT_MS));
      for (const grant of grants) {
        try {
          await connector.closeConsent!(grant, env);
        } catch (err) {
          deps.log.warn({ connectionId, message: (err as Error).message }, 'the consent could not be closed at the provider');
        }
      }
    };
  }
}
