/**
 * A bulk edit (issue 22): the person sets the category or the tags, or adds a note, on the transactions
 * they selected, in one operation (undone as a whole). A category set here is the person's, as with a single
 * edit. An id that is not one of the caller's transactions refuses the whole edit (NotFound), nothing changed.
 */
import { InvalidInput, NotFound } from '../../domain/errors';
import { withNote, type Corrections } from '../../domain/ledger-operations';
import { parseId } from '../../domain/record';
import { normalizeNote, normalizeTags } from '../../domain/transaction-edits';
import type { Store } from '../../store';
import { recordOperation, type LedgerOperationRecord } from '../ledger-operations';

export interface BulkEdit {
  transaction_ids: string[];
  category_id?: string;
  /** Replaces the tags of every selected transaction ([] clears them). */
  tags?: string[];
  /** Added to each selected transaction's note, on a line of its own. */
  add_note?: string;
}

type Deps = { store: Pick<Store, 'ledgerRows' | 'ledgerOperations' | 'categories' | 'transaction'>; now(): number };

export function bulkEditTransactions(deps: Deps, userId: number, edit: BulkEdit): { updated: number; operation: LedgerOperationRecord | null } {
  const { store } = deps;
  if (edit.category_id === undefined && edit.tags === undefined && edit.add_note === undefined)
    throw new InvalidInput('give at least one of category_id, tags, add_note');
  if (edit.category_id !== undefined && !store.categories.exists(edit.category_id))
    throw new InvalidInput(`unknown category_id ${edit.category_id}`);
  const tags = edit.tags === undefined ? undefined : normalizeTags(edit.tags);
  const note = edit.add_note === undefined ? null : normalizeNote(edit.add_note);
  if (edit.add_note !== undefined && note === null) throw new InvalidInput('add_note must not be blank');
  const ids = [...new Set(edit.transaction_ids)];
  const parsed = ids.map(parseId);
  const bad = ids.find((_, i) => parsed[i] === null);
  if (bad !== undefined) throw NotFound.of('transaction', bad);
  return store.transaction(() => {
    const rows = store.ledgerRows.owned(userId, parsed as number[]);
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((r) => r.id));
      const missing = ids.find((_, i) => !found.has(parsed[i]!))!;
      throw NotFound.of('transaction', missing);
    }
    const changes = rows.map((row) => {
      const before: Corrections = { category_id: row.category_id, category_source: row.category_source, category_rule_id: row.category_rule_id, user_note: row.user_note, tags: row.tags };
      const after: Corrections = { ...before };
      if (edit.category_id !== undefined) Object.assign(after, { category_id: edit.category_id, category_source: 'USER', category_rule_id: null });
      if (tags !== undefined) after.tags = tags === null ? null : JSON.stringify(tags);
      if (note !== null) after.user_note = withNote(row.user_note, note);
      return { id: row.id, before, after };
    });
    const details: Record<string, unknown> = {};
    if (edit.category_id !== undefined) details.category_id = edit.category_id;
    if (tags !== undefined) details.tags = tags ?? [];
    if (note !== null) details.add_note = note;
    const operation = recordOperation(deps, userId, 'BULK_EDIT', details, changes);
    return { updated: operation?.transaction_count ?? 0, operation };
  });
}
