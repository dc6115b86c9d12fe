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
import { txTable } from '../../lib/tx-table';
import { sessionSelectors } from '../session/selectors';
import { initialDataState, type DashboardSeries } from './initialState';

export interface DataAction {
  loadAll(): Promise<void>;
  loadAccounts(): Promise<void>;
  loadConnections(): Promise<void>;
  loadCategories(): Promise<void>;
  loadProviders(): Promise<void>;
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
    try {
      const categories = await categoriesApi.all(get().language);
      set({ categories, categoriesLoad: { status: 'ready' } });
    } catch (error) {
      set({ categoriesLoad: { status: 'error', error: error as Error } });
    }
  },

  async loadProviders() {
    if (get().providersLoad.status === 'ready') return;
    set({ providersLoad: { status: 'loading' } });
    try {
      const providers = await providersApi.all();
      set({ providers, providersLoad: { status: 'ready' } });
    } catch (error) {
      set({ providersLoad: { status: 'error', error: error as Error } });
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
      set({
        accounts: snap.accounts,
        connections: snap.connections,
        categories: get().categories.length ? get().categories : snap.categories,
        cachedSeries: snap.series,
        snapshotAt: row.savedAt,
      });
    } catch {
      // no copy: the dashboard waits for the engine
    }
  },

  async saveSnapshot(series) {
    const s = get();
    if (!s.user || s.accountsLoad.status !== 'ready' || s.connectionsLoad.status !== 'ready') return;
    const data: Snapshot = { accounts: s.accounts, connections: s.connections, categories: s.categories, series };
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
