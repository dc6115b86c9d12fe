/**
 * How a synchronization files the NEW transactions of one person: their categorization rules first
 * (category_source RULE), then what was learnt from their corrections (LEARNED), else the automatic
 * categorizer (no source). Built once per connection run from the store (the rules compiled once), so a
 * run of 100,000 rows folds and matches each distinct text once. A person with neither rules nor learnt
 * labels gets no filing at all: the run costs what it did before.
 *
 * Rows already stored are never re-filed: the upsert leaves an existing row's category and source alone
 * (store/transaction-writes.ts).
 */
import { compileRules, type CompiledRules } from '../domain/categorization-rules';
import { correctionLabel, learnedCategories } from '../domain/learned-categories';
import { foldText } from '../domain/text-fold';
import type { Store } from '../store';
import type { CategorizationRuleRow } from '../store/categorization-rules';

export interface Filing {
  category: string;
  source: 'RULE' | 'LEARNED';
  ruleId?: number;
}

export interface UserFiling {
  /** The person's filing of a transaction with these texts, or undefined (the automatic categorizer decides). */
  file(label: string, source: string | null, notes: string | null): Filing | undefined;
}

const MEMO_MAX = 50_000;

export function userFiling(
  store: Pick<Store, 'categorizationRules' | 'categoryCorrections'>,
  userId: number,
  known: ReadonlySet<string>,
): UserFiling | undefined {
  const rules: CompiledRules<CategorizationRuleRow> = compileRules(
    store.categorizationRules.all(userId).filter((r) => known.has(r.category_id)),
  );
  const learned = learnedCategories(store.categoryCorrections.all(userId));
  for (const [label, category] of learned) if (!known.has(category)) learned.delete(label);
  if (rules.size === 0 && learned.size === 0) return undefined;
  const memo = new Map<string, Filing | null>();
  return {
    file(label, source, notes) {
      const key = `${label}\u0000${source ?? ''}\u0000${notes ?? ''}`;
      let filing = memo.get(key);
      if (filing === undefined) {
        // The folded label is also what a correction is recorded under (correctionLabel).
        const foldedLabel = correctionLabel(label);
        let rule: CategorizationRuleRow | undefined;
        if (rules.size > 0) {
          const texts = [foldedLabel];
          if (source) texts.push(foldText(source));
          if (notes) texts.push(foldText(notes));
          rule = rules.matchFolded(texts);
        }
        if (rule) filing = { category: rule.category_id, source: 'RULE', ruleId: rule.id };
        else {
          const category = learned.get(foldedLabel);
          filing = category === undefined ? null : { category, source: 'LEARNED' };
        }
        if (memo.size > MEMO_MAX) memo.clear();
        memo.set(key, filing);
      }
      return filing ?? undefined;
    },
  };
}
