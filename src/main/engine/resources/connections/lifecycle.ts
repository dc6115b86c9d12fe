import type { EngineContext } from '../../context';
import { emitConnectionDeleted } from '../../events/emit';
import { prepareRemoteClose } from '../../connector-config/remote-consent';
import { channelSecretName } from '../../secrets/secret-names';
import { accountStatusOnReopen, channelStatusOnReopen } from '../rules/close-reopen';
import { connectionStatusFromChannels } from '../rules/connection-status';
import type { AccountStatus, ChannelStatus, ConnectionStatus } from '../values';

/**
 * DELETE /connections/{id} (and the end of the cascade of DELETE /accounts/{id}): stops a running
 * synchronization, removes the connection with its channels, accounts, transactions, balance history and
 * listing (a DELETED event is emitted), then the keychain entries of its channels.
 */
export async function deleteConnection(ctx: EngineContext, connectionId: number): Promise<void> {
  await ctx.services.sync.cancel(connectionId);
  const channelIds = ctx.db
    .prepare<[number], number>('SELECT id FROM channels WHERE connection_id = ?')
    .pluck()
    .all(connectionId);
  // The provider's consent is closed too (C16); what it needs is read before the keychain entries go.
  const closeRemote = prepareRemoteClose(ctx, connectionId, channelIds);
  ctx.db.transaction(() => {
    // The DELETED event (C9) carries the record as it was, and is written with the deletion.
    emitConnectionDeleted(ctx, connectionId);
    ctx.db.prepare('DELETE FROM connections WHERE id = ?').run(connectionId);
  })();
  for (const id of channelIds) ctx.secrets.delete(channelSecretName(id));
  await closeRemote();
}

/**
 * POST /connections/{id}/close: stops a running synchronization; every channel and account becomes CLOSED
 * (the statuses they had are kept for /reopen), and so does the connection. Data is kept. Idempotent.
 */
export async function closeConnection(ctx: EngineContext, connectionId: number): Promise<void> {
  await ctx.services.sync.cancel(connectionId);
  const db = ctx.db;
  db.transaction(() => {
    db.prepare(
      "UPDATE channels SET status_before_close = status, status = 'CLOSED' WHERE connection_id = ? AND status <> 'CLOSED'",
    ).run(connectionId);
    db.prepare(
      "UPDATE accounts SET status_before_close = status, status = 'CLOSED' WHERE connection_id = ? AND status <> 'CLOSED'",
    ).run(connectionId);
    db.prepare("UPDATE connections SET status = 'CLOSED' WHERE id = ?").run(connectionId);
  })();
}

/**
 * POST /connections/{id}/reopen: channels closed with the connection get back the status they had (NEVER
 * when that meant nothing), accounts closed with it become ACTIVE (except gated ones: see
 * accountStatusOnReopen), and a synchronization starts. Accounts the user had closed on their own stay
 * CLOSED. Does nothing to a connection that is not CLOSED.
 */
export function reopenConnection(ctx: EngineContext, connectionId: number): void {
  const db = ctx.db;
  const status = db.prepare<[number], ConnectionStatus>('SELECT status FROM connections WHERE id = ?').pluck().get(connectionId);
  if (status !== 'CLOSED') return;
  const next = db.transaction(() => {
    const channels = db
      .prepare<[number], { id: number; status: ChannelStatus; status_before_close: ChannelStatus | null }>(
        'SELECT id, status, status_before_close FROM channels WHERE connection_id = ?',
      )
      .all(connectionId);
    const setChannel = db.prepare('UPDATE channels SET status = ?, status_before_close = NULL WHERE id = ?');
    const statuses: ChannelStatus[] = [];
    for (const c of channels) {
      const s = c.status === 'CLOSED' ? channelStatusOnReopen(c.status_before_close) : c.status;
      if (c.status === 'CLOSED') setChannel.run(s, c.id);
      statuses.push(s);
    }
    const accounts = db
      .prepare<[number], { id: number; status_before_close: AccountStatus }>(
        "SELECT id, status_before_close FROM accounts WHERE connection_id = ? AND status = 'CLOSED' AND status_before_close IS NOT NULL",
      )
      .all(connectionId);
    const setAccount = db.prepare('UPDATE accounts SET status = ?, status_before_close = NULL WHERE id = ?');
    for (const a of accounts) setAccount.run(accountStatusOnReopen(a.status_before_close), a.id);
    const connectionStatus = connectionStatusFromChannels(statuses);
    db.prepare('UPDATE connections SET status = ? WHERE id = ?').run(connectionStatus, connectionId);
    return connectionStatus;
  })();
  if (next !== 'NONE') ctx.services.sync.start(connectionId, { type: 'ALL' });
}

/** Recomputes a connection's status from its channels (after a channel became EMPTY); a running one is left alone. */
export function refreshConnectionStatus(ctx: EngineContext, connectionId: number): void {
  const db = ctx.db;
  const current = db.prepare<[number], ConnectionStatus>('SELECT status FROM connections WHERE id = ?').pluck().get(connectionId);
  if (current === undefined || current === 'RUNNING' || current === 'CLOSED' || ctx.services.sync.isRunning(connectionId)) return;
  const statuses = db
    .prepare<[number], ChannelStatus>('SELECT status FROM channels WHERE connection_id = ?')
    .pluck()
    .all(connectionId);
  db.prepare('UPDATE connections SET status = ? WHERE id = ?').run(connectionStatusFromChannels(statuses), connectionId);
}

/**
 * A channel whose last account was deleted is "removed": it stays listed with status EMPTY, loses its
 * credentials (keychain entry included), its consent expiry and its connector memory.
 */
export function emptyChannel(ctx: EngineContext, connectionId: number, channelDefinitionId: string): void {
  const id = ctx.db
    .prepare<[number, string], number>('SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = ?')
    .pluck()
    .get(connectionId, channelDefinitionId);
  if (id === undefined) return;
  ctx.db
    .prepare(
      `UPDATE channels SET status = 'EMPTY', expires = NULL, last_success_date = NULL, last_end_date = NULL,
         masked_credentials = '[]', has_secret = 0, connector_state = '{}', last_error = NULL, status_before_close = NULL
       WHERE id = ?`,
    )
    .run(id);
  ctx.secrets.delete(channelSecretName(id));
}
