import type { SecretStore } from '../secrets/secret-store';
import type { Store } from '../store';
import type { SyncPort } from '../sync/sync-port';
import type { EncryptionKeyStore } from './keys';

/**
 * What the use cases are handed by the engine (engine.ts builds it once): the store, the keychain, the
 * synchronization service (through its port; it is replaced at start, so the port given here delegates),
 * the transport keys, the clock, the addresses and the connectors' credential check. Nothing else of the engine is reached from a service.
 */
export interface ServiceDeps {
  store: Store;
  secrets: SecretStore;
  sync: SyncPort;
  keys: EncryptionKeyStore;
  /** `host_url` is read at call time (known once the server listens). */
  urls: { readonly host_url: string };
  /** The data folder (a statement folder may not be it, inside it or a parent of it). */
  dataDir: string;
  /** UTC seconds. */
  now(): number;
  /** Writes the DELETED event of a connection; called inside the deletion's transaction, before the rows go. */
  connectionDeleted(connectionId: number): void;
  /**
   * Reads what closing a connection's consents at the provider needs (Enable Banking's session: see
   * docs/api/enablebanking.md#consent), before the connection and its keychain entries go; the returned closer runs
   * after the deletion, is bounded in time and never rejects.
   */
  prepareRemoteClose(connectionId: number, channelIds: readonly number[]): () => Promise<void>;
  /**
   * The provider's own check of decrypted credential values (Connector.validateCredentials): why they are
   * unusable, or undefined. Made before anything is stored or contacted.
   */
  credentialProblem(providerId: string, channelDefinitionId: string, values: Readonly<Record<string, string>>): string | undefined;
}
