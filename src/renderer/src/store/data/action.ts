import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import {
  accountsApi,
  categoriesApi,
  connectionsApi,
  providersApi,
  type Account,
  type Category,
  type Connection,
} from '../../lib/api';
import { db } from '../../lib/db';
import type { Language } from '../../lib/i18n/translate';
import { txTable } from '../../lib/tx-table';
import { sessionSelectors } from '../session/selectors';
import { initialDataState, type DashboardSeries } from './initialState';

export interface DataAction {
  loadAll(): Promise<void>;
  loadAccounts(): Promise<void>;
  loadConnections(): Promise<void>;
  loadCategories(): Promise<void>;
  /** `refresh`: ask the engine again even when a list is held (Add a connection). */
  loadProviders(refresh?: boolean): Promise<void>;
  /** A connection record from an event or an answer replaces the one held. */
  /** `accounts` and `account_count` come only in webhook-shaped payloads; they are dropped. */
  applyConnection(connection: Connection & { accounts?: unknown; account_count?: number }): void;
  /** Forgets a connection, its accounts and their transactions on every screen. */
  removeConnectionLocal(id: string): void;
  removeAccountLocal(id: string): void;
  /** Shows the last dashboard at once (IndexedDB), before the engine answers. */
  restoreSnapshot(): Promise<void>;
  saveSnapshot(series: DashboardSeries | null): Promise<void>;
  resetData(): void;
}

const snapshotKey = (scope: string) => `dashboard:${scope}`;

interface Snapshot {
  accounts: Account[];
  connections: Connection[];
  categories: Category[];
  series: DashboardSeries | null;
  /** The language of the categories' labels and of the series' legend ("Other"); absent in older copies. */
  language?: Language;
}

export const createDataSlice: StateCreator<AppStore, [], [], DataAction> = (set, get) => ({
  async loadAll() {
    await Promise.all([get().loadConnections(), get().loadAccounts(), get().loadCategories()]);
    if (get().accountsLoad.status === 'ready' && get().connectionsLoad.status === 'ready') set({ snapshotAt: null });
  },

  async loadAccounts() {
    set((s) => ({ accountsLoad: { status: s.accountsLoad.status === 'ready' ? 'ready' : 'loading' } }));
    try {
      const accounts = await accountsApi.list();
      set({ accounts, accountsLoad: { status: 'ready' } });
    } catch (error) {
      set({ accountsLoad: { status: 'error', error: error as Error } });
    }
  },

  async loadConnections() {
    set((s) => ({ connectionsLoad: { status: s.connectionsLoad.status === 'ready' ? 'ready' : 'loading' } }));
    try {
      const connections = await connectionsApi.list();
      set({ connections, connectionsLoad: { status: 'ready' } });
      get().noteRunning(connections);
    } catch (error) {
      set({ connectionsLoad: { status: 'error', error: error as Error } });
    }
  },

  async loadCategories() {
    set({ categoriesLoad: { status: 'loading' } });
    const language = get().language;
    try {
      const categories = await categoriesApi.all(language);
      // The language changed while this answer came: the request made for the new one brings the labels.
      if (get().language !== language) return;
      set({ categories, categoriesLanguage: language, categoriesLoad: { status: 'ready' } });
    } catch (error) {
      set({ categoriesLoad: { status: 'error', error: error as Error } });
    }
  },

  async loadProviders(refresh = false) {
    // The catalogue changes while the app is open (Enable Banking set up or removed in Settings, its daily
    // refresh): on a refresh, a list already held shows at once and is replaced by the engine's answer.
    const held = get().providersLoad.status === 'ready';
    if (held && !refresh) return;
    if (!held) set({ providersLoad: { status: 'loading' } });
    try {
      const providers = await providersApi.all();
      set({ providers, providersLoad: { status: 'ready' } });
    } catch (error) {
      if (!held) set({ providersLoad: { status: 'error', error: error as Error } });
    }
  },

  applyConnection(connection) {
    set((s) => {
      const i = s.connections.findIndex((c) => c.id === connection.id);
      // Event payloads may carry webhook-only fields; keep the record as the list serves it.
      const { accounts: _a, account_count: _n, ...record } = connection;
      if (i < 0) return { connections: [...s.connections, record] };
      const next = s.connections.slice();
      next[i] = { ...next[i], ...record };
      return { connections: next };
    });
  },

  removeConnectionLocal(id) {
    const accountIds = new Set(
      get()
        .accounts.filter((a) => a.connection_id === id)
        .map((a) => a.id),
    );
    txTable.removeAccounts(accountIds);
    set((s) => ({
      connections: s.connections.filter((c) => c.id !== id),
      accounts: s.accounts.filter((a) => a.connection_id !== id),
      cachedSeries: null,
    }));
    get().bumpTransactions();
  },

  removeAccountLocal(id) {
    txTable.removeAccounts(new Set([id]));
    set((s) => ({ accounts: s.accounts.filter((a) => a.id !== id), cachedSeries: null }));
    get().bumpTransactions();
  },

  async restoreSnapshot() {
    const scope = sessionSelectors.scope(get());
    if (!scope) return;
    try {
      const row = await db.snapshots.get(snapshotKey(scope));
      if (!row || get().accountsLoad.status === 'ready') return;
      const snap = row.data as Snapshot;
      // Labels kept in another language than the app's (the language changed since) are not shown, not even
      // for the moment before the engine answers: the charts wait for the transactions instead.
      const sameWords = snap.language === get().language;
      const keepCategories = get().categories.length > 0 || !sameWords;
      set({
        accounts: snap.accounts,
        connections: snap.connections,
        ...(keepCategories ? {} : { categories: snap.categories, categoriesLanguage: snap.language }),
        cachedSeries: sameWords ? snap.series : null,
        snapshotAt: row.savedAt,
      });
    } catch {
      // no copy: the dashboard waits for the engine
    }
  },

  async saveSnapshot(series) {
    const s = get();
    if (!s.user || s.accountsLoad.status !== 'ready' || s.connectionsLoad.status !== 'ready') return;
    // A copy is kept only with labels in the app's language (just after a change of language, the categories
    // in the new one may still be on their way).
    if (s.categoriesLanguage !== s.language) return;
    const data: Snapshot = {
      accounts: s.accounts,
      connections: s.connections,
      categories: s.categories,
      series,
      language: s.language,
    };
    try {
      await db.snapshots.put({ key: snapshotKey(sessionSelectors.scope(s)), savedAt: Date.now(), data });
    } catch {
      // not kept
    }
  },

  resetData() {
    set({ ...initialDataState });
  },
});
