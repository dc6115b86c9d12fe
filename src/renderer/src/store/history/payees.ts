import { create } from 'zustand';
import { payeesApi } from '../../lib/api';
import type { Payee } from '../../lib/api/types';
import { txTable } from '../../lib/tx-table';

/**
 * The person's payees as the engine holds them (by name). A rename, merge or deletion goes to the engine
 * first; the rows held in memory are then changed in place (the engine does not give them a new import
 * date, so a refresh would not bring them), and the list is read again.
 */
interface PayeesState {
  payees: Payee[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  load(force?: boolean): Promise<void>;
  rename(id: string, name: string): Promise<void>;
  merge(id: string, intoId: string): Promise<number>;
  remove(id: string): Promise<void>;
  reset(): void;
}

export const usePayees = create<PayeesState>((set, get) => ({
  payees: [],
  status: 'idle',
  async load(force = false) {
    if (!force && (get().status === 'ready' || get().status === 'loading')) return;
    set({ status: 'loading' });
    try {
      set({ payees: await payeesApi.list(), status: 'ready' });
    } catch {
      set({ status: 'error' });
    }
  },
  async rename(id, name) {
    await payeesApi.rename(id, name);
    txTable.applyBulk({ payee: { from: id, to: { id, name: name.trim().replace(/\s+/g, ' ') } } });
    await get().load(true);
  },
  async merge(id, intoId) {
    const into = get().payees.find((p) => p.id === intoId);
    const { moved } = await payeesApi.merge(id, intoId);
    if (into) txTable.applyBulk({ payee: { from: id, to: { id: into.id, name: into.name } } });
    await get().load(true);
    return moved;
  },
  async remove(id) {
    await payeesApi.remove(id);
    txTable.applyBulk({ payee: { from: id, to: null } });
    await get().load(true);
  },
  reset() {
    set({ payees: [], status: 'idle' });
  },
}));
