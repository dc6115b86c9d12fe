import type { ConnectionRow } from '../../store/connections';
import type { SyncType } from '../../sync/sync-port';
import type { ServiceDeps } from '../deps';

/**
 * POST /connections/{id}/synchronize: starts a run of the given type. A closed connection, or one without
 * a channel to run (manual), is not synchronized; one already running is not started twice (see
 * docs/api/synchronization.md#background).
 */
export function synchronizeConnection(deps: Pick<ServiceDeps, 'store' | 'sync'>, connection: ConnectionRow, type: SyncType): boolean {
  if (connection.status === 'CLOSED' || !deps.store.channels.hasRunnable(connection.id)) return false;
  return deps.sync.start(connection.id, { type });
}

/**
 * POST /connections/synchronize (see docs/api/synchronization.md#background): every connection of the user with
 * auto_sync that is not CLOSED (and has a channel to run) is synchronized. Returns the ids of those scheduled (already
 * running ones included).
 */
export function synchronizeUserConnections(deps: Pick<ServiceDeps, 'store' | 'sync'>, userId: number): number[] {
  const ids = deps.store.connections.autoSyncedIds(userId).filter((id) => deps.store.channels.hasRunnable(id));
  for (const id of ids) deps.sync.start(id, { type: 'ALL' });
  return ids;
}
