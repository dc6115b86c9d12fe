/**
 * PUT /transactions/{id} (an extension): the person corrects the category and sets their own note and tags.
 * Fields given replace the stored value, fields left out stay. A category set here is the person's
 * (category_source USER): rules applied later and synchronizations leave it alone. A change of category is
 * recorded as a correction of the transaction's label (domain/learned-categories.ts). The change is one
 * operation (services/ledger-operations.ts), so it can be undone.
 */
import { InvalidInput, NotFound } from '../../domain/errors';
import { correctionLabel } from '../../domain/learned-categories';
import { parseId } from '../../domain/record';
import { normalizeNote, normalizeTags } from '../../domain/transaction-edits';
import type { Store } from '../../store';
import { recordOperation, type LedgerOperationRecord } from '../ledger-operations';
import { checkFilingCategory } from '../own-categories';
import { resolvePayeeChoice, type PayeeChoice } from '../payees';

export interface TransactionEdit extends PayeeChoice {
  category_id?: string;
  user_note?: string | null;
  tags?: string[];
}

export function editTransaction(
  deps: {
    store: Pick<Store, 'transactionEdits' | 'categories' | 'ownCategories' | 'payees' | 'categoryCorrections' | 'ledgerOperations' | 'transaction'>;
    now(): number;
  },
  userId: number,
  idText: string,
  edit: TransactionEdit,
): LedgerOperationRecord | null {
  const { store } = deps;
  if (edit.category_id === undefined && edit.user_note === undefined && edit.tags === undefined && edit.payee_id === undefined && edit.payee_name === undefined)
    throw new InvalidInput('give at least one of category_id, user_note, tags, payee_id, payee_name');
  const note = edit.user_note === undefined ? undefined : normalizeNote(edit.user_note);
  const tags = edit.tags === undefined ? undefined : normalizeTags(edit.tags);
  if (edit.category_id !== undefined) checkFilingCategory(store, userId, edit.category_id);
  return store.transaction(() => {
    const row = store.transactionEdits.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('transaction', idText);
    const payee = resolvePayeeChoice(deps, userId, edit);
    if (payee !== undefined) store.payees.setOnTransaction(userId, row.id, payee);
    const next = {
      category_id: row.category_id,
      category_source: row.category_source,
      category_rule_id: row.category_rule_id,
      user_note: note === undefined ? row.user_note : note,
      tags: tags === undefined ? row.tags : tags === null ? null : JSON.stringify(tags),
    };
    if (edit.category_id !== undefined) {
      if (edit.category_id !== row.category_id)
        store.categoryCorrections.record(userId, correctionLabel(row.label), edit.category_id, deps.now());
      Object.assign(next, { category_id: edit.category_id, category_source: 'USER', category_rule_id: null });
    }
    const before = { category_id: row.category_id, category_source: row.category_source, category_rule_id: row.category_rule_id, user_note: row.user_note, tags: row.tags };
    return recordOperation(deps, userId, 'EDIT', { transaction_id: idText }, [{ id: row.id, before, after: next }]);
  });
}
