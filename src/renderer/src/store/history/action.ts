import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import { PAGE_SIZE, transactionsApi } from '../../lib/api';
import type { TxFilter, TxSort } from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { initialHistoryState } from './initialState';

export interface HistoryAction {
  /** Loads every transaction in pages of 500, in the background (once; `force` reloads everything). */
  loadTransactions(force?: boolean): Promise<void>;
  /** Fetches what was imported since the newest row held (after a synchronization). */
  refreshTransactions(): Promise<void>;
  bumpTransactions(): void;
  setFilter(patch: Partial<TxFilter>): void;
  replaceFilter(filter: TxFilter): void;
  setSort(sort: TxSort): void;
  resetHistory(): void;
}

const PARALLEL = 3;
/** Re-render at most this often while pages arrive. */
const BUMP_EVERY_MS = 300;

let generation = 0;
let running: Promise<void> | null = null;

export const createHistorySlice: StateCreator<AppStore, [], [], HistoryAction> = (set, get) => {
  let lastBump = 0;
  const bump = (force = false) => {
    const now = performance.now();
    if (!force && now - lastBump < BUMP_EVERY_MS) return;
    lastBump = now;
    set((s) => ({ txVersion: s.txVersion + 1 }));
  };

  return {
    loadTransactions(force = false) {
      if (running && !force) return running;
      if (!force && get().txLoad.status === 'ready') return Promise.resolve();
      const gen = ++generation;
      if (force) txTable.clear();
      set({ txLoad: { status: 'loading', loaded: txTable.size, total: txTable.size } });
      const job = (async () => {
        try {
          const first = await transactionsApi.page(1);
          if (gen !== generation) return;
          txTable.upsert(first.data);
          const total = first.total ?? first.data.length;
          const pages = Math.ceil(total / PAGE_SIZE);
          set({ txLoad: { status: 'loading', loaded: first.data.length, total } });
          bump(true);
          let next = 2;
          let loaded = first.data.length;
          const worker = async () => {
            while (next <= pages && gen === generation) {
              const page = next++;
              const res = await transactionsApi.page(page);
              if (gen !== generation) return;
              txTable.upsert(res.data);
              loaded += res.data.length;
              set({ txLoad: { status: 'loading', loaded, total: Math.max(total, loaded) } });
              bump();
            }
          };
          await Promise.all(Array.from({ length: Math.min(PARALLEL, Math.max(0, pages - 1)) }, worker));
          if (gen !== generation) return;
          set({ txLoad: { status: 'ready', loaded: txTable.size, total: txTable.size } });
          bump(true);
        } catch (error) {
          if (gen === generation) set((s) => ({ txLoad: { ...s.txLoad, status: 'error', error: error as Error } }));
        }
      })().finally(() => {
        if (gen === generation) running = null;
      });
      running = job;
      return job;
    },

    async refreshTransactions() {
      if (get().txLoad.status !== 'ready') {
        if (get().txLoad.status !== 'loading') await get().loadTransactions();
        return;
      }
      // Nothing held yet (the first load found an empty history): the parallel full load is faster.
      if (txTable.size === 0) return get().loadTransactions(true);
      const since = Math.max(0, txTable.maxImportDate - 1);
      const gen = generation;
      try {
        for (let page = 1; ; page++) {
          const res = await transactionsApi.page(page, since ? { start_import_date: since } : {});
          if (gen !== generation) return;
          txTable.upsert(res.data);
          if (res.data.length < PAGE_SIZE) break;
          // A large import: show the rows as they arrive rather than after the last page.
          bump();
        }
        set({ txLoad: { status: 'ready', loaded: txTable.size, total: txTable.size } });
        bump(true);
      } catch {
        // the next synchronization or a reload brings them
      }
    },

    bumpTransactions() {
      set((s) => ({
        txVersion: s.txVersion + 1,
        txLoad: s.txLoad.status === 'ready' ? { ...s.txLoad, loaded: txTable.size, total: txTable.size } : s.txLoad,
      }));
    },

    setFilter(patch) {
      set((s) => ({ filter: { ...s.filter, ...patch } }));
    },

    replaceFilter(filter) {
      set({ filter });
    },

    setSort(sort) {
      set({ sort });
    },

    resetHistory() {
      generation++;
      running = null;
      txTable.clear();
      set({ ...initialHistoryState });
    },
  };
};
