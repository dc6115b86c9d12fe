import { create } from 'zustand';
import { rulesApi, type NewCategorizationRule } from '../../lib/api';
import type { RuleReplacement } from '../../lib/api/rules';
import type { CategorizationRule } from '../../lib/api/types';

/**
 * The person's categorization rules, as the engine holds them (in position order). Read by the rules screen
 * and by the transaction details ("filed by your rule «…»"); every change goes to the engine first, then the
 * list is read again so positions are the engine's.
 */
interface RulesState {
  rules: CategorizationRule[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: unknown;
  load(force?: boolean): Promise<void>;
  create(rule: NewCategorizationRule): Promise<CategorizationRule>;
  update(id: string, rule: RuleReplacement): Promise<void>;
  remove(id: string): Promise<void>;
  reset(): void;
}

export const useRules = create<RulesState>((set, get) => ({
  rules: [],
  status: 'idle',
  async load(force = false) {
    if (!force && (get().status === 'ready' || get().status === 'loading')) return;
    set({ status: 'loading', error: undefined });
    try {
      set({ rules: await rulesApi.list(), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error });
    }
  },
  async create(rule) {
    const created = await rulesApi.create(rule);
    await get().load(true);
    return created;
  },
  async update(id, rule) {
    await rulesApi.update(id, rule);
    await get().load(true);
  },
  async remove(id) {
    await rulesApi.remove(id);
    await get().load(true);
  },
  reset() {
    set({ rules: [], status: 'idle', error: undefined });
  },
}));
