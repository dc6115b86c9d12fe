/**
 * "Back to automatic" on a transaction (issue 22): the person's category is dropped and the row is filed
 * again as a new row would be: by the first of their rules that matches (category_source RULE), else by the
 * automatic categorizer (no source). The note and tags stay (they are not a filing). One operation, so it
 * can be undone.
 */
import { categorize } from '../../domain/categorize';
import { NotFound } from '../../domain/errors';
import type { Corrections } from '../../domain/ledger-operations';
import { parseId } from '../../domain/record';
import { compileRuleMatcher } from '../../domain/rule-matcher';
import type { TransactionType } from '../../../../shared/api-values';
import type { Store } from '../../store';
import { matchableRule } from '../../store/rule-records';
import { recordOperation, type LedgerOperationRecord } from '../ledger-operations';

type Deps = { store: Pick<Store, 'ledgerRows' | 'ledgerOperations' | 'categorizationRules' | 'categories' | 'transaction'>; now(): number };

export function backToAutomatic(deps: Deps, userId: number, idText: string): LedgerOperationRecord | null {
  const { store } = deps;
  return store.transaction(() => {
    const row = store.ledgerRows.candidateOf(userId, parseId(idText));
    if (!row) throw NotFound.of('transaction', idText);
    const rules = compileRuleMatcher(
      store.categorizationRules.all(userId).map(matchableRule).filter((r) => store.categories.exists(r.category_id)),
    );
    const rule = rules.match(row.label, row.source_label, row.notes, row);
    const before: Corrections = { category_id: row.category_id, category_source: row.category_source, category_rule_id: row.category_rule_id, user_note: row.user_note, tags: row.tags };
    let category = rule?.category_id ?? categorize(row.label, String(row.amount), row.type as TransactionType);
    if (!store.categories.exists(category)) category = 'UNCATEGORIZED';
    const after: Corrections = { ...before, category_id: category, category_source: rule ? 'RULE' : null, category_rule_id: rule?.id ?? null };
    return recordOperation(deps, userId, 'AUTOMATIC', { transaction_id: idText }, [{ id: row.id, before, after }]);
  });
}
