import { accountStatusOnReopen, channelStatusOnReopen } from '../../domain/close-reopen';
import { connectionStatusFromChannels } from '../../domain/connection-status';
import type { ChannelStatus } from '../../domain/values';
import { removeChannelSecrets } from '../../store/channel-secret';
import type { ServiceDeps } from '../deps';

/**
 * DELETE /connections/{id} (and the end of the cascade of DELETE /accounts/{id}): stops a running
 * synchronization, removes the keychain entries of its channels — refusing (SecretRemovalRefused, nothing
 * deleted) when the keychain cannot confirm they are gone, as the rows are the only way to find them —
 * then the connection with its channels, accounts, transactions, balance history and listing (a DELETED
 * event is emitted), and last closes its consents at the provider (best effort).
 */
export async function deleteConnection(deps: ServiceDeps, connectionId: number): Promise<void> {
  const { store } = deps;
  await deps.sync.cancel(connectionId);
  const channels = store.channels.ofConnection(connectionId);
  // The provider's consent is closed too; what it needs is read before the keychain entries go.
  const closeRemote = deps.prepareRemoteClose(connectionId, channels.map((c) => c.id));
  removeChannelSecrets(deps.secrets, channels, 'the connection');
  store.transaction(() => {
    // The DELETED event carries the record as it was, and is written with the deletion.
    deps.connectionDeleted(connectionId);
    store.connections.remove(connectionId);
  });
  await closeRemote();
}

/**
 * POST /connections/{id}/close: stops a running synchronization; every channel and account becomes CLOSED
 * (the statuses they had are kept for /reopen), and so does the connection. Data is kept. Idempotent.
 */
export async function closeConnection(deps: ServiceDeps, connectionId: number): Promise<void> {
  await deps.sync.cancel(connectionId);
  deps.store.transaction(() => deps.store.connections.close(connectionId));
}

/**
 * POST /connections/{id}/reopen: channels closed with the connection get back the status they had (NEVER
 * when that meant nothing), accounts closed with it become ACTIVE (except gated ones: see
 * accountStatusOnReopen), and a synchronization starts. Accounts the user had closed on their own stay
 * CLOSED. Does nothing to a connection that is not CLOSED.
 */
export function reopenConnection(deps: ServiceDeps, connectionId: number): void {
  const { store } = deps;
  if (store.connections.statusOf(connectionId) !== 'CLOSED') return;
  const next = store.transaction(() => {
    const statuses: ChannelStatus[] = [];
    for (const c of store.channels.closedStatuses(connectionId)) {
      const s = c.status === 'CLOSED' ? channelStatusOnReopen(c.status_before_close) : c.status;
      if (c.status === 'CLOSED') store.channels.setReopened(c.id, s);
      statuses.push(s);
    }
    for (const a of store.accounts.closedWithConnection(connectionId)) store.accounts.setReopened(a.id, accountStatusOnReopen(a.status_before_close));
    const connectionStatus = connectionStatusFromChannels(statuses);
    store.connections.setStatus(connectionId, connectionStatus);
    return connectionStatus;
  });
  if (next !== 'NONE') deps.sync.start(connectionId, { type: 'ALL' });
}

/** Recomputes a connection's status from its channels (after a channel became EMPTY); a running one is left alone. */
export function refreshConnectionStatus(deps: ServiceDeps, connectionId: number): void {
  const { store } = deps;
  const current = store.connections.statusOf(connectionId);
  if (current === undefined || current === 'RUNNING' || current === 'CLOSED' || deps.sync.isRunning(connectionId)) return;
  store.connections.setStatus(connectionId, connectionStatusFromChannels(store.channels.statusesOf(connectionId)));
}

/**
 * A channel whose last account was deleted is "removed": it stays listed with status EMPTY, loses its
 * credentials (keychain entry included), its consent expiry and its connector memory.
 */
export function emptyChannel(deps: ServiceDeps, connectionId: number, channelDefinitionId: string): void {
  const channel = deps.store.channels.byDefinition(connectionId, channelDefinitionId);
  if (channel === undefined) return;
  deps.store.channels.empty(channel.id);
  // Run inside the account deletion's transaction: a keychain that cannot confirm the removal undoes it.
  removeChannelSecrets(deps.secrets, [channel], 'the account');
}
