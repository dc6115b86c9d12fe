/**
 * Runs that ended without finishing (the engine was killed, or stopped mid-run): no channel or connection
 * may stay RUNNING or waiting on a challenge nobody can answer any more. A channel goes back to the final
 * status of its previous run — its data is still that run's, since an unfinished run writes nothing — or
 * FAILED when it never finished a run; its unfinished `sync_runs` rows become FAILED.
 */
import type { SyncRunsStore } from '../store/sync-runs';
import { refreshConnectionStatus } from './statuses';

/**
 * Puts the channels of `connectionIds` (all connections when omitted) that are in flight back to a final
 * status, and recomputes their connections' statuses. Returns the connections touched.
 */
export function settleInterruptedRuns(runs: SyncRunsStore, now: number, connectionIds?: readonly number[]): number[] {
  return runs.atomically(() => {
    const touched = new Set<number>();
    for (const scope of connectionIds ?? [undefined]) {
      const channels = runs.channelsInFlight(scope);
      const previous = channels.map((c) => runs.previousFinalStatus(c.connection_id, c.channel_definition_id));
      channels.forEach((c, i) => {
        runs.setChannelStatus(c.id, previous[i]);
        touched.add(c.connection_id);
      });
      runs.failUnfinishedRuns(now, scope);
      // Connections marked RUNNING whose channels never started (or that have none left).
      for (const id of runs.runningConnections(scope)) touched.add(id);
    }
    for (const id of touched) {
      const status = refreshConnectionStatus(runs, id);
      if (status === 'RUNNING') runs.setConnectionStatus(id, 'FAILED');
    }
    return [...touched];
  });
}
