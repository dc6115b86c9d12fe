import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import { ledgerApi, PAGE_SIZE, transactionsApi, type SplitPartInput, type TransactionEdit } from '../../lib/api';
import type { TxFilter, TxSort } from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { initialHistoryState } from './initialState';
import { usePayees } from './payees';
import { useRules } from './rules';

export interface HistoryAction {
  /** Loads every transaction in pages of 500, in the background (once; `force` reloads everything). */
  loadTransactions(force?: boolean): Promise<void>;
  /** Fetches what was imported since the newest row held (after a synchronization). */
  refreshTransactions(): Promise<void>;
  bumpTransactions(): void;
  /** Saves the person's edit (PUT /transactions/{id}) and shows it in place, without reloading the rows. */
  editTransaction(id: string, edit: TransactionEdit): Promise<void>;
  /**
   * Reads these rows again (after rules were applied to past transactions); beyond a few thousand rows a
   * full reload is quicker than one request per row.
   */
  refreshRows(ids: readonly string[]): Promise<void>;
  /** Saves the parts of a split (PUT /transactions/{id}/splits; [] removes it) and shows them in place. */
  saveSplits(id: string, parts: SplitPartInput[]): Promise<void>;
  /** Reads every transfer link again (after a load, a synchronization, or a change by hand). */
  loadTransfers(): Promise<void>;
  /** Links two rows as a transfer by hand, confirms one found automatically, or unlinks it. */
  linkTransfer(a: string, b: string): Promise<void>;
  confirmTransfer(id: string): Promise<void>;
  unlinkTransfer(id: string): Promise<void>;
  setFilter(patch: Partial<TxFilter>): void;
  replaceFilter(filter: TxFilter): void;
  setSort(sort: TxSort): void;
  resetHistory(): void;
}

const PARALLEL = 3;
/** Rows read one by one after rules were applied; above this, everything is reloaded. */
const MAX_ROW_REFRESH = 1500;
const ROW_REFRESH_PARALLEL = 6;
/** Re-render at most this often while pages arrive. */
const BUMP_EVERY_MS = 300;

export const createHistorySlice: StateCreator<AppStore, [], [], HistoryAction> = (set, get) => {
  // This store's load in progress: a newer load, or a reset, makes the older one's pages stale.
  let generation = 0;
  let running: Promise<void> | null = null;
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
          void get().loadTransfers();
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
        // A synchronization links transfers, also with rows loaded long before.
        void get().loadTransfers();
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

    async editTransaction(id, edit) {
      await transactionsApi.edit(id, edit);
      // A payee given by name may have been created by the engine: the row is read again for its id.
      if (edit.payee_id !== undefined || edit.payee_name !== undefined) txTable.upsert([await transactionsApi.get(id)]);
      else txTable.applyEdit(id, edit);
      bump(true);
    },

    async refreshRows(ids) {
      if (ids.length === 0) return;
      if (ids.length > MAX_ROW_REFRESH) return get().loadTransactions(true);
      const gen = generation;
      let next = 0;
      const worker = async () => {
        while (next < ids.length && gen === generation) {
          const id = ids[next++];
          try {
            const tx = await transactionsApi.get(id);
            if (gen === generation) txTable.upsert([tx]);
          } catch {
            // a row deleted meanwhile: the next synchronization or a reload settles it
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(ROW_REFRESH_PARALLEL, ids.length) }, worker));
      bump(true);
    },

    async saveSplits(id, parts) {
      await ledgerApi.split(id, parts);
      txTable.applySplits(id, parts.map((p) => ({ amount: p.amount, category_id: p.category_id, ...(p.note ? { note: p.note } : {}) })));
      bump(true);
    },

    async loadTransfers() {
      const gen = generation;
      try {
        const links = await ledgerApi.transfers();
        if (gen !== generation) return;
        txTable.applyTransfers(links);
        bump(true);
      } catch {
        // the rows keep the links they came with; the next synchronization reads them again
      }
    },

    async linkTransfer(a, b) {
      await ledgerApi.link(a, b);
      await get().loadTransfers();
    },

    async confirmTransfer(id) {
      await ledgerApi.confirm(id);
      await get().loadTransfers();
    },

    async unlinkTransfer(id) {
      await ledgerApi.unlink(id);
      await get().loadTransfers();
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
      useRules.getState().reset();
      usePayees.getState().reset();
      set({ ...initialHistoryState });
    },
  };
};
