/**
 * Categorization rules (an extension): a person's "always file «pattern» under category", listed, edited,
 * ordered, and applied to new transactions by synchronizations (sync/user-filing.ts) and, on request, to
 * past ones (`apply`). Matching is domain/categorization-rules.ts.
 */
import { clampPosition, compileRules, foldPattern, normalizePattern } from '../domain/categorization-rules';
import { Conflict, NotFound } from '../domain/errors';
import type { PageLimit } from '../domain/list-input';
import { idString, parseId } from '../domain/record';
import type { Store } from '../store';
import type { CategorizationRuleRow } from '../store/categorization-rules';
import { checkFilingCategory } from './own-categories';

export interface CategorizationRuleRecord {
  id: string;
  pattern: string;
  category_id: string;
  position: number;
  creation_date: number;
}

export interface RuleInput {
  pattern: string;
  category_id: string;
  position?: number;
}

const record = (r: CategorizationRuleRow): CategorizationRuleRecord => ({
  id: idString(r.id),
  pattern: r.pattern,
  category_id: r.category_id,
  position: r.position,
  creation_date: r.creation_date,
});

type Deps = { store: Pick<Store, 'categorizationRules' | 'categories' | 'ownCategories' | 'transactionEdits' | 'transaction'>; now(): number };

export function createCategorizationRuleService(deps: Deps) {
  const { store } = deps;
  const rules = store.categorizationRules;

  function owned(userId: number, idText: string): CategorizationRuleRow {
    const row = rules.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('categorization rule', idText);
    return row;
  }

  /** The checked pattern and category; Conflict when another rule of the user has the same folded pattern. */
  function checked(userId: number, input: RuleInput, except?: CategorizationRuleRow) {
    const exceptId = except?.id;
    const pattern = normalizePattern(input.pattern);
    const folded = foldPattern(pattern);
    // A rule keeping the category it had may be saved even if the person hid that category since.
    if (input.category_id !== except?.category_id) checkFilingCategory(store, userId, input.category_id);
    const other = rules.idByFolded(userId, folded);
    if (other !== undefined && other !== exceptId)
      throw new Conflict(`another rule already has the pattern «${pattern}»`, idString(other));
    return { pattern, folded, category_id: input.category_id };
  }

  return {
    list(userId: number, page: PageLimit): { records: CategorizationRuleRecord[]; total: number } {
      return { records: rules.page(userId, page).map(record), total: rules.count(userId) };
    },
    get: (userId: number, idText: string): CategorizationRuleRecord => record(owned(userId, idText)),
    /** A new rule at `position` (default: last). */
    create(userId: number, input: RuleInput): CategorizationRuleRecord {
      return store.transaction(() => {
        const values = checked(userId, input);
        const position = clampPosition(input.position, rules.count(userId) + 1);
        const id = rules.insert(userId, { ...values, position }, deps.now());
        return record(rules.owned(userId, id)!);
      });
    },
    /** Replaces a rule; `position` moves it (the others shift to keep 1..n). */
    replace(userId: number, idText: string, input: Required<RuleInput>): void {
      store.transaction(() => {
        const row = owned(userId, idText);
        const values = checked(userId, input, row);
        rules.replace(userId, row.id, row.position, { ...values, position: clampPosition(input.position, rules.count(userId)) });
      });
    },
    delete(userId: number, idText: string): void {
      store.transaction(() => {
        const row = owned(userId, idText);
        rules.delete(userId, row.id, row.position);
      });
    },
    /**
     * Files the user's past transactions by their rules (all of them, or only where `ruleIdText` is the rule
     * that wins), except those whose category the person set (category_source USER). Returns how many
     * transactions changed.
     */
    apply(userId: number, ruleIdText?: string): { updated: number } {
      return store.transaction(() => {
        const only = ruleIdText === undefined ? undefined : owned(userId, ruleIdText).id;
        const compiled = compileRules(rules.all(userId));
        if (compiled.size === 0) return { updated: 0 };
        const updates: Array<readonly [number, string, number]> = [];
        // Bank data repeats the same texts a great many times: each distinct one is folded and matched once.
        const memo = new Map<string, CategorizationRuleRow | null>();
        for (const t of store.transactionEdits.notFiledByUser(userId)) {
          const key = `${t.label}\u0000${t.source_label ?? ''}\u0000${t.notes ?? ''}`;
          let winner = memo.get(key);
          if (winner === undefined) {
            winner = compiled.match({ label: t.label, source: t.source_label, notes: t.notes }) ?? null;
            if (memo.size > 50_000) memo.clear();
            memo.set(key, winner);
          }
          if (!winner || (only !== undefined && winner.id !== only)) continue;
          if (t.category_id === winner.category_id && t.category_source === 'RULE' && t.category_rule_id === winner.id) continue;
          updates.push([t.id, winner.category_id, winner.id]);
        }
        store.transactionEdits.fileByRules(updates);
        return { updated: updates.length };
      });
    },
  };
}

export type CategorizationRuleService = ReturnType<typeof createCategorizationRuleService>;
