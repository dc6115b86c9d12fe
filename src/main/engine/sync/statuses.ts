import { connectionStatusFromChannels } from '../domain/connection-status';
import type { ConnectionStatus } from '../domain/values';
import type { SyncRunsStore } from '../store/sync-runs';

/**
 * Sets a connection's status from its channels' (RUNNING while one runs, else the worst: see
 * docs/api/synchronization.md#status).
 */
export function refreshConnectionStatus(
  runs: Pick<SyncRunsStore, 'channelStatuses' | 'setConnectionStatus'>,
  connectionId: number,
): ConnectionStatus {
  const status = connectionStatusFromChannels(runs.channelStatuses(connectionId));
  runs.setConnectionStatus(connectionId, status);
  return status;
}
