/**
 * How a synchronization files the NEW transactions of one person: their categorization rules first
 * (category_source RULE; the first rule whose pattern and conditions hold), then what was learnt from their
 * corrections (LEARNED), else the automatic categorizer (no source). Built once per connection run from the
 * store (the rules compiled once), so a run of 100,000 rows folds and matches each distinct text once. A
 * person with neither rules nor learnt labels gets no filing at all: the run costs what it did before.
 *
 * Rows already stored are never re-filed: the upsert leaves an existing row's category and source alone
 * (store/transaction-writes.ts).
 */
import { correctionLabel, learnedCategories } from '../domain/learned-categories';
import { compileRuleMatcher } from '../domain/rule-matcher';
import type { Store } from '../store';
import { customCategoryId } from '../domain/own-categories';
import { matchableRule } from '../store/rule-records';

export interface Filing {
  category: string;
  source: 'RULE' | 'LEARNED';
  ruleId?: number;
}

/** The values of a new row that a rule's conditions look at; the account by its provider reference. */
export interface FilingRow {
  amount: number;
  currency: string;
  date: number;
  reference: string;
}

export interface UserFiling {
  /** The person's filing of a transaction with these texts and values, or undefined (the automatic categorizer decides). */
  file(label: string, source: string | null, notes: string | null, row: FilingRow): Filing | undefined;
}

const MEMO_MAX = 50_000;

export function userFiling(
  store: Pick<Store, 'categorizationRules' | 'categoryCorrections' | 'accounts' | 'ownCategories'>,
  userId: number,
  shipped: ReadonlySet<string>,
  connectionId?: number,
): UserFiling | undefined {
  // A rule or a correction may file under a shipped category or one of the person's own (that still exists).
  const own = new Set(store.ownCategories.parents(userId).map((c) => customCategoryId(c.id)));
  const known = (id: string) => shipped.has(id) || own.has(id);
  const rules = compileRuleMatcher(store.categorizationRules.all(userId).filter((r) => known(r.category_id)).map(matchableRule));
  const learned = learnedCategories(store.categoryCorrections.all(userId));
  for (const [label, category] of learned) if (!known(category)) learned.delete(label);
  if (rules.size === 0 && learned.size === 0) return undefined;
  // A rule's account condition names stored accounts: a new account of this run has no id a rule could name.
  const accountIds = new Map<string, number>();
  if (rules.size > 0 && connectionId !== undefined)
    for (const a of store.accounts.ofConnection(connectionId)) accountIds.set(a.reference, a.id);
  const learnedMemo = new Map<string, Filing | null>();
  return {
    file(label, source, notes, row) {
      const rule = rules.match(label, source, notes, {
        amount: row.amount,
        currency: row.currency,
        date: row.date,
        account_id: accountIds.get(row.reference) ?? -1,
      });
      if (rule) return { category: rule.category_id, source: 'RULE', ruleId: rule.id };
      if (learned.size === 0) return undefined;
      let filing = learnedMemo.get(label);
      if (filing === undefined) {
        // The folded label is also what a correction is recorded under (correctionLabel).
        const category = learned.get(correctionLabel(label));
        filing = category === undefined ? null : { category, source: 'LEARNED' };
        if (learnedMemo.size > MEMO_MAX) learnedMemo.clear();
        learnedMemo.set(label, filing);
      }
      return filing ?? undefined;
    },
  };
}
