import { RemoteConsents } from '../connector-config/remote-consent';
import type { ConnectorEnvironments } from '../connector-config/environment';
import type { Connectors } from '../connectors/registry';
import type { EngineBasics } from '../engine-basics';
import type { StatementFiles } from '../statement-files';
import type { SyncPort } from '../sync/sync-port';
import type { Identity } from './identity';
import { removeChannelSecrets } from '../store/channel-secret';

/**
 * Deletes a user and everything they own: running synchronizations are stopped first; what is needed to close
 * their connections' consents at the providers is read before the keychain entries of their channels go (or
 * nothing is deleted when the keychain cannot confirm it: SecretRemovalRefused, since the rows are the only way
 * to find those entries again); then the rows go (the schema cascades from users to connections, channels,
 * accounts, transactions, keys, queues, events, tokens and properties), the statement uploads still waiting in
 * their connections' inboxes are removed, and the consents are closed at the providers, as deleting each
 * connection would (best effort: the deletion stands whatever a provider answers). The e-mail address is free
 * again afterwards.
 */
export async function deleteUser(
  ctx: Pick<EngineBasics, 'secrets' | 'store' | 'log'> & {
    identity: Pick<Identity, 'users'>;
    services: { sync: Pick<SyncPort, 'cancel'> };
    connectors: Connectors;
    connectorEnvironments: ConnectorEnvironments;
    statementFiles: Pick<StatementFiles, 'removeStaleInboxes'>;
  },
  userId: number,
): Promise<void> {
  const users = ctx.identity.users;
  const remote = new RemoteConsents({
    store: ctx.store,
    secrets: ctx.secrets,
    connectors: ctx.connectors,
    environments: ctx.connectorEnvironments,
    log: ctx.log,
  });
  const closers: Array<() => Promise<void>> = [];
  for (const id of users.connectionIds(userId)) {
    await ctx.services.sync.cancel(id);
    closers.push(remote.prepareClose(id, ctx.store.channels.idsOf(id)));
  }
  removeChannelSecrets(ctx.secrets, users.channels(userId), 'your profile');
  users.deleteWithOwnedRows(userId);
  ctx.statementFiles.removeStaleInboxes();
  for (const close of closers) await close();
}
