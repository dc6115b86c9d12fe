import type { Db } from '../db/database';
import { connectionStatusFromChannels } from '../domain/connection-status';
import type { ChannelStatus, ConnectionStatus } from '../domain/values';

/** Sets a connection's status from its channels' (C8: RUNNING while one runs, else the worst). */
export function refreshConnectionStatus(db: Db, connectionId: number): ConnectionStatus {
  const statuses = db
    .prepare<[number], ChannelStatus>('SELECT status FROM channels WHERE connection_id = ?')
    .pluck()
    .all(connectionId);
  const status = connectionStatusFromChannels(statuses);
  db.prepare('UPDATE connections SET status = ? WHERE id = ? AND status IS NOT ?').run(status, connectionId, status);
  return status;
}
