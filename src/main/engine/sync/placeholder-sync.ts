import type { Db } from '../db/database';
import type { SyncPort } from './sync-port';

/** Stands in until the sync module is installed: marks a connection RUNNING and nothing more. */
export function placeholderSync(db: Db): SyncPort {
  return {
    start(connectionId) {
      db.prepare("UPDATE connections SET status = 'RUNNING' WHERE id = ?").run(connectionId);
      return true;
    },
    isRunning: () => false,
    cancel: async () => {},
    answerChallenge: () => false,
  };
}
