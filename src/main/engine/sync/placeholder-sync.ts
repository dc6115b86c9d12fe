import type { SyncRunsStore } from '../store/sync-runs';
import type { SyncPort } from './sync-port';

/** Stands in until the sync service is installed: marks a connection RUNNING and nothing more. */
export function placeholderSync(runs: Pick<SyncRunsStore, 'setConnectionStatus'>): SyncPort {
  return {
    start(connectionId) {
      runs.setConnectionStatus(connectionId, 'RUNNING');
      return true;
    },
    isRunning: () => false,
    cancel: async () => {},
    answerChallenge: () => false,
  };
}
