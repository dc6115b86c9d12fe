import type { AppStore } from '..';

export const syncSelectors = {
  isRunning: (s: AppStore, connectionId: string) =>
    connectionId in s.running || s.connections.find((c) => c.id === connectionId)?.status === 'RUNNING',
  anyRunning: (s: AppStore) => Object.keys(s.running).length > 0,
  /** The connection's synchronization waits for a code the bank sent (a challenge not yet answered). */
  awaitingCode: (s: AppStore, connectionId: string) => connectionId in s.challenges,
};
