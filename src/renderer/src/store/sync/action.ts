import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import { connectionsApi, type Connection, type QueueEvent } from '../../lib/api';
import { createChallengeActions } from './challenge-actions';
import { createChallengeBook } from './challenge-book';
import { createEventHandler } from './handle-event';
import { initialSyncState } from './initialState';
import { FAST, QueuePoller } from './queue-poller';
import { createRunEnd } from './run-end';
import { followedRuns } from './running-rules';
import { nowSeconds, storeAccess } from './slice-parts';

export interface SyncAction {
  /** Subscribes to the user's event queue (once) and starts reading it. */
  startEvents(): Promise<void>;
  stopEvents(): void;
  handleEvent(event: QueueEvent): void;
  /** Connections listed as RUNNING are followed until they end. */
  noteRunning(connections: readonly Connection[]): void;
  /** A run started elsewhere (a new connection, new credentials): follow it. */
  markRunning(connectionId: string): void;
  syncNow(connectionId: string, type?: 'ALL' | 'LIST_ACCOUNTS'): Promise<void>;
  syncAll(): Promise<number>;
  /**
   * Answers the challenge of the open dialog (POST user_input); a wrong code may be asked again. false when
   * the bank no longer waited for it (said in a toast).
   */
  answerChallenge(values: Record<string, string>): Promise<boolean>;
  cancelChallenge(): Promise<void>;
  /** Hides the challenge dialog: the challenge stays pending (banner, connection card and page) until it ends. */
  dismissChallenge(): void;
  /**
   * Opens the dialog of a connection's pending challenge; read from the engine when this tab missed its event.
   * false when none is pending any more.
   */
  openChallenge(connectionId: string): Promise<boolean>;
}

/** The connection's record says a run ended after the question was asked (not a list read before it). */
const endedSince = (c: Connection, asked: number | undefined) =>
  asked === undefined || (c.channels ?? []).some((ch) => (ch.last_end_date ?? 0) >= asked);

/**
 * Following synchronizations: the store's event queue, the runs in progress and the bank's questions. Every
 * timer, cursor and memory of this is made here, once per store (two stores share nothing): the challenges
 * (challenge-book.ts), a run's end (run-end.ts), the queue's reading (queue-poller.ts), its events
 * (handle-event.ts).
 */
export const createSyncSlice: StateCreator<AppStore, [], [], SyncAction> = (set, get) => {
  const access = storeAccess(set, get);
  const challenges = createChallengeBook(access);
  const finished = createRunEnd(access, challenges);
  const handleEvent = createEventHandler(access, challenges, finished);
  const poller = new QueuePoller(access, { event: (event: QueueEvent) => get().handleEvent(event), finished });
  const schedule = (delay?: number) => poller.schedule(delay);

  return {
    async startEvents() {
      const user = get().user;
      if (!poller.start(user?.id)) return;
      if (user) await challenges.restore(user.id);
      schedule(0);
    },

    stopEvents() {
      poller.stop();
      challenges.answered.clear();
      set({ ...initialSyncState });
    },

    handleEvent,

    noteRunning(connections) {
      // Waiting for a code: the question is reachable even when this tab missed its event; a connection no
      // longer waiting has none.
      for (const c of connections) {
        const kept = get().challenges[c.id];
        if (c.status === 'CHALLENGE_REQUIRED' && !kept) void challenges.readPending(c.id);
        else if (kept && c.status !== 'CHALLENGE_REQUIRED' && c.status !== 'RUNNING' && endedSince(c, kept.asked))
          challenges.drop(c.id);
      }
      const { running, changed } = followedRuns(
        get().running,
        connections,
        get().eventsAvailable === false,
        nowSeconds(),
      );
      if (changed) {
        set({ running });
        schedule(FAST);
      }
    },

    markRunning(connectionId) {
      set((s) => ({ running: { ...s.running, [connectionId]: s.running[connectionId] ?? nowSeconds() } }));
      void poller.ensureQueue();
      schedule(FAST);
    },

    async syncNow(connectionId, type = 'ALL') {
      await poller.ensureQueue();
      await connectionsApi.synchronize(connectionId, type);
      set((s) => ({
        running: { ...s.running, [connectionId]: nowSeconds() },
        connections: s.connections.map((c) => (c.id === connectionId ? { ...c, status: 'RUNNING' } : c)),
      }));
      schedule(FAST);
    },

    async syncAll() {
      await poller.ensureQueue();
      const res = await connectionsApi.synchronizeAll();
      const list = res.status === 206 || !Array.isArray(res.data) ? [] : res.data;
      const since = nowSeconds();
      set((s) => ({ running: { ...s.running, ...Object.fromEntries(list.map((c) => [c.id, since])) } }));
      for (const c of list) get().applyConnection(c);
      schedule(FAST);
      return list.length;
    },

    ...createChallengeActions(access, challenges, () => schedule(FAST)),
  };
};
