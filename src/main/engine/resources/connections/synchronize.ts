import type { EngineContext } from '../../context';
import type { SyncType } from '../../sync/sync-port';
import type { ConnectionRow } from './rows';

/** Whether a connection has a channel a synchronization can run (not closed, not only EMPTY channels). */
function hasRunnableChannel(ctx: EngineContext, connectionId: number): boolean {
  return (
    ctx.db
      .prepare<[number], number>(
        "SELECT count(*) FROM channels WHERE connection_id = ? AND status NOT IN ('EMPTY', 'CLOSED')",
      )
      .pluck()
      .get(connectionId)! > 0
  );
}

/**
 * POST /connections/{id}/synchronize: starts a run of the given type. A closed connection, or one without
 * a channel to run (manual), is not synchronized; one already running is not started twice (C8).
 */
export function synchronizeConnection(ctx: EngineContext, connection: ConnectionRow, type: SyncType): boolean {
  if (connection.status === 'CLOSED' || !hasRunnableChannel(ctx, connection.id)) return false;
  return ctx.services.sync.start(connection.id, { type });
}

/**
 * POST /connections/synchronize (C8): every connection of the user with auto_sync that is not CLOSED (and
 * has a channel to run) is synchronized. Returns the ids of those scheduled (already running ones included).
 */
export function synchronizeUserConnections(ctx: EngineContext, userId: number): number[] {
  const ids = ctx.db
    .prepare<[number], number>(
      "SELECT id FROM connections WHERE user_id = ? AND auto_sync = 1 AND status <> 'CLOSED' ORDER BY creation_date, id",
    )
    .pluck()
    .all(userId)
    .filter((id) => hasRunnableChannel(ctx, id));
  for (const id of ids) ctx.services.sync.start(id, { type: 'ALL' });
  return ids;
}
