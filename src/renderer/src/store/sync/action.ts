import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import {
  ApiError,
  CONNECTION_STATUSES,
  connectionsApi,
  queuesApi,
  type Connection,
  type QueueEvent,
} from '../../lib/api';
import { prepareCredentials } from '../../lib/credential-encryption';
import { kv } from '../../lib/db';
import { translate } from '../../lib/i18n/translate';
import { recurringNotice } from '../../lib/recurring-notice';
import type { MessageKey } from '../../lib/i18n/en';
import { toast } from '../../ui/Toast';
import { simplefinStatusSentence } from '../../features/connections/simplefin/strings';
import { dataSelectors } from '../data/selectors';
import { isRetry, unexpired } from './challenge-rules';
import { initialSyncState, type ActiveChallenge } from './initialState';

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

const FAST = 1000;
const SLOW = 10_000;
const FINAL = new Set<string>(CONNECTION_STATUSES.filter((s) => s !== 'RUNNING' && s !== 'EMPTY'));

let timer: ReturnType<typeof setTimeout> | null = null;
let active = false;
let lastEventId = 0;
let reloadTimer: ReturnType<typeof setTimeout> | null = null;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The connection's record says a run ended after the question was asked (not a list read before it). */
const endedSince = (c: Connection, asked: number | undefined) =>
  asked === undefined || (c.channels ?? []).some((ch) => (ch.last_end_date ?? 0) >= asked);
const queueKey = (userId: string) => `queue:${userId}`;
const challengesKey = (userId: string) => `challenges:${userId}`;
/** The last question answered here, per connection, until its run ends: tells a question asked again. */
const answered = new Map<string, ActiveChallenge>();
/** Connections whose pending challenge is being read from the engine. */
const reading = new Set<string>();

export const createSyncSlice: StateCreator<AppStore, [], [], SyncAction> = (set, get) => {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(get().language, key, vars);

  const schedule = (delay?: number) => {
    if (!active) return;
    if (timer) clearTimeout(timer);
    const busy = Object.keys(get().running).length > 0 || Object.keys(get().challenges).length > 0;
    timer = setTimeout(() => void poll(), delay ?? (busy ? FAST : SLOW));
  };

  /** After runs end: accounts, connections and new transactions, once for a burst of events. */
  const reloadSoon = () => {
    if (reloadTimer) clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => {
      reloadTimer = null;
      void get().loadAccounts();
      void get().loadConnections();
      void get().refreshTransactions();
    }, 400);
  };

  /** The pending challenges as kept across reloads (IndexedDB, per user). */
  const persistChallenges = () => {
    const user = get().user;
    if (user) void kv.set(challengesKey(user.id), get().challenges);
  };
  const putChallenge = (challenge: ActiveChallenge, open: boolean) => {
    set((s) => ({
      challenges: { ...unexpired(s.challenges, nowSeconds()), [challenge.connectionId]: challenge },
      challengeOpen: open ? challenge.connectionId : s.challengeOpen,
    }));
    persistChallenges();
  };
  const dropChallenge = (connectionId: string) => {
    if (!(connectionId in get().challenges) && get().challengeOpen !== connectionId) return;
    set((s) => {
      const challenges = { ...s.challenges };
      delete challenges[connectionId];
      return { challenges, challengeOpen: s.challengeOpen === connectionId ? null : s.challengeOpen };
    });
    persistChallenges();
  };
  /** A connection waiting for a code that this tab has no question for (its event went elsewhere): read it. */
  const readPendingChallenge = async (connectionId: string): Promise<ActiveChallenge | null> => {
    if (reading.has(connectionId)) return null;
    reading.add(connectionId);
    try {
      const pending = await connectionsApi.pendingChallenge(connectionId, get().language);
      const challenge: ActiveChallenge = {
        ...pending.challenge_required,
        connectionId,
        channelDefinitionId: pending.channel_definition_id,
        asked: nowSeconds(),
      };
      putChallenge(challenge, false);
      return challenge;
    } catch {
      return null;
    } finally {
      reading.delete(connectionId);
    }
  };

  const stopFollowing = (connectionId: string) =>
    set((s) => {
      const running = { ...s.running };
      delete running[connectionId];
      return { running };
    });

  const finished = (connection: Connection) => {
    const wasRunning = connection.id in get().running;
    // The accounts the run wrote are read before the connection stops showing as synchronizing: its end
    // never shows "Up to date" above the accounts list of before the run ("No account yet" on a first one).
    if (wasRunning) void get().loadAccounts().finally(() => stopFollowing(connection.id));
    else stopFollowing(connection.id);
    answered.delete(connection.id);
    if (connection.status !== 'CHALLENGE_REQUIRED') dropChallenge(connection.id);
    if (wasRunning) {
      // A statement-files source says a partial run in the words of files (as its status line does).
      const document = get().providers.find((p) => p.id === connection.provider_id)?.type === 'DOCUMENT';
      const key = document && connection.status === 'PARTIAL_SUCCESS' ? 'status.PARTIAL_SUCCESS.document' : `status.${connection.status}`;
      const status =
        simplefinStatusSentence(get().language, connection.provider_id, connection.status) ?? t(key as MessageKey);
      const message = t('connections.finished', { name: dataSelectors.connectionLabelText(get(), connection), status });
      if (connection.status === 'SUCCESS') toast.success(message);
      else if (connection.status === 'PARTIAL_SUCCESS') toast.info(message);
      else toast.error(message);
    }
    reloadSoon();
  };

  // Each tab has its own queue (reading with flush_from deletes what was read): kept per tab, across reloads.
  const persistCursor = () => {
    const user = get().user;
    const queueId = get().queueId;
    if (!user || !queueId) return;
    try {
      sessionStorage.setItem(queueKey(user.id), JSON.stringify({ id: queueId, last: lastEventId }));
    } catch {
      // not kept: a reload subscribes again
    }
  };
  const savedCursor = (userId: string): { id: string; last: number } | null => {
    try {
      return JSON.parse(sessionStorage.getItem(queueKey(userId)) ?? 'null') as { id: string; last: number } | null;
    } catch {
      return null;
    }
  };

  /** Without queues: follow running connections by reading them. */
  const pollConnections = async () => {
    const ids = Object.keys(get().running);
    for (const id of ids) {
      try {
        const connection = await connectionsApi.get(id);
        get().applyConnection(connection);
        if (connection.status !== 'RUNNING') finished(connection);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          get().removeConnectionLocal(id);
          set((s) => {
            const running = { ...s.running };
            delete running[id];
            return { running };
          });
        }
      }
    }
  };

  const subscribe = async (): Promise<string | null> => {
    try {
      const id = await queuesApi.subscribe();
      lastEventId = 0;
      set({ queueId: id, eventsAvailable: true });
      persistCursor();
      return id;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 405)) set({ eventsAvailable: false });
      return null;
    }
  };

  const poll = async () => {
    if (!active) return;
    try {
      if (get().eventsAvailable === false) {
        await pollConnections();
        return;
      }
      const queueId = get().queueId ?? (await subscribe());
      if (!queueId) {
        if (get().eventsAvailable === false) await pollConnections();
        return;
      }
      let queue;
      try {
        queue = await queuesApi.read(queueId, lastEventId ? lastEventId + 1 : undefined);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          // The queue is gone (or not ours any more): subscribe again, and read the connections meanwhile.
          set({ queueId: null });
          await subscribe();
          await get().loadConnections();
          return;
        }
        throw err;
      }
      for (const event of queue?.events ?? []) {
        const id = Number(event.id);
        if (Number.isFinite(id) && id <= lastEventId) continue;
        get().handleEvent(event);
        if (Number.isFinite(id)) lastEventId = Math.max(lastEventId, id);
      }
      if (queue?.events.length) persistCursor();
    } catch {
      // engine busy or restarting: next round
    } finally {
      schedule();
    }
  };

  return {
    async startEvents() {
      if (active) return;
      active = true;
      const user = get().user;
      if (user) {
        const saved = savedCursor(user.id);
        if (saved?.id) {
          set({ queueId: saved.id, eventsAvailable: true });
          lastEventId = saved.last ?? 0;
        }
        const kept = await kv.get<Record<string, ActiveChallenge>>(challengesKey(user.id));
        if (kept && typeof kept === 'object') set({ challenges: unexpired(kept, nowSeconds()) });
      }
      schedule(0);
    },

    stopEvents() {
      active = false;
      if (timer) clearTimeout(timer);
      timer = null;
      lastEventId = 0;
      answered.clear();
      set({ ...initialSyncState });
    },

    handleEvent(event) {
      const notice = recurringNotice(event, get().language);
      if (notice) {
        void window.coffer?.notify(notice.title, notice.body).catch(() => undefined);
        return;
      }
      const connection = event.resource;
      const id = connection?.id;
      if (event.event_type === 'DELETED') {
        if (id) get().removeConnectionLocal(id);
        return;
      }
      if (connection && id) get().applyConnection(connection);
      switch (event.event_type) {
        case 'RUNNING':
          if (id) set((s) => ({ running: { ...s.running, [id]: s.running[id] ?? event.creation_date } }));
          return;
        case 'CHALLENGE_REQUIRED': {
          const c = event.challenge_required;
          if (!id || !c) return;
          const next: ActiveChallenge = {
            ...c,
            connectionId: id,
            channelDefinitionId: event.channel_definition_id,
            asked: event.creation_date,
          };
          const challenge = isRetry(answered.get(id), next) ? { ...next, retry: true } : next;
          // A new question opens the dialog, also when an earlier one was dismissed.
          putChallenge(challenge, true);
          set((s) => ({ running: { ...s.running, [id]: s.running[id] ?? event.creation_date } }));
          // The desktop notification calls the person back; asked again right after their answer, they are here.
          if (!challenge.retry)
            void window.coffer
              ?.notify(t('challenge.notify'), c.message || t('challenge.text', { name: dataSelectors.connectionLabelText(get(), connection) }))
              .catch(() => undefined);
          return;
        }
        case 'LIST_ACCOUNTS_SUCCESS':
          if (id && event.list_accounts_success) {
            set((s) => ({ listed: { ...s.listed, [id]: event.list_accounts_success!.accounts } }));
          }
          if (connection && connection.status !== 'RUNNING') finished(connection);
          return;
        case 'CONSENT_REQUIRED':
          void get().loadAccounts();
          return;
        default:
          if (FINAL.has(event.event_type) && connection && connection.status !== 'RUNNING') finished(connection);
      }
    },

    noteRunning(connections) {
      // Waiting for a code: the question is reachable even when this tab missed its event; a connection no
      // longer waiting has none.
      for (const c of connections) {
        const kept = get().challenges[c.id];
        if (c.status === 'CHALLENGE_REQUIRED' && !kept) void readPendingChallenge(c.id);
        else if (kept && c.status !== 'CHALLENGE_REQUIRED' && c.status !== 'RUNNING' && endedSince(c, kept.asked))
          dropChallenge(c.id);
      }
      const running = { ...get().running };
      let changed = false;
      for (const c of connections) {
        if (c.status === 'RUNNING' && !(c.id in running)) {
          running[c.id] = nowSeconds();
          changed = true;
        } else if (
          c.status !== 'RUNNING' &&
          c.id in running &&
          (get().eventsAvailable === false || running[c.id] < nowSeconds() - 5)
        ) {
          // Ended while no event reached us (or without queues): stop following it.
          delete running[c.id];
          changed = true;
        }
      }
      if (changed) {
        set({ running });
        schedule(FAST);
      }
    },

    markRunning(connectionId) {
      set((s) => ({ running: { ...s.running, [connectionId]: s.running[connectionId] ?? nowSeconds() } }));
      if (get().eventsAvailable !== false && !get().queueId) void subscribe();
      schedule(FAST);
    },

    async syncNow(connectionId, type = 'ALL') {
      if (get().eventsAvailable !== false && !get().queueId) await subscribe();
      await connectionsApi.synchronize(connectionId, type);
      set((s) => ({
        running: { ...s.running, [connectionId]: nowSeconds() },
        connections: s.connections.map((c) => (c.id === connectionId ? { ...c, status: 'RUNNING' } : c)),
      }));
      schedule(FAST);
    },

    async syncAll() {
      if (get().eventsAvailable !== false && !get().queueId) await subscribe();
      const res = await connectionsApi.synchronizeAll();
      const list = res.status === 206 || !Array.isArray(res.data) ? [] : res.data;
      const since = nowSeconds();
      set((s) => ({ running: { ...s.running, ...Object.fromEntries(list.map((c) => [c.id, since])) } }));
      for (const c of list) get().applyConnection(c);
      schedule(FAST);
      return list.length;
    },

    async answerChallenge(values) {
      const open = get().challengeOpen;
      const challenge = open ? get().challenges[open] : undefined;
      if (!challenge) return false;
      const prepared = await prepareCredentials(challenge.fields, values);
      try {
        await connectionsApi.answerChallenge(challenge.connectionId, {
          channel_definition_id: challenge.channelDefinitionId,
          ...prepared,
        });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        // No longer pending (expired, answered elsewhere): nothing left to answer, the run's end tells the rest.
        dropChallenge(challenge.connectionId);
        toast.info(t('challenge.gone'));
        void get().loadConnections();
        return false;
      }
      answered.set(challenge.connectionId, challenge);
      dropChallenge(challenge.connectionId);
      schedule(FAST);
      return true;
    },

    async cancelChallenge() {
      const open = get().challengeOpen;
      const challenge = open ? get().challenges[open] : undefined;
      if (!challenge) return;
      try {
        await connectionsApi.cancelChallenge(challenge.connectionId);
      } finally {
        dropChallenge(challenge.connectionId);
        schedule(FAST);
      }
    },

    dismissChallenge() {
      set({ challengeOpen: null });
    },

    async openChallenge(connectionId) {
      const kept = get().challenges[connectionId];
      const challenge = kept && kept.expires > nowSeconds() ? kept : await readPendingChallenge(connectionId);
      if (!challenge) {
        dropChallenge(connectionId);
        void get().loadConnections();
        return false;
      }
      set({ challengeOpen: connectionId });
      return true;
    },
  };
};
