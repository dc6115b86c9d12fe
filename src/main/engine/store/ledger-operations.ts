/**
 * The person's operations (issue 22): each change of their corrections, with every touched transaction's
 * corrections before and after, so that it can be undone as a whole. The last OPERATIONS_KEPT of a person
 * are kept; older ones are deleted when a new one is recorded.
 */
import type { Db } from '../db/database';
import type { Corrections } from '../domain/ledger-operations';

export const OPERATIONS_KEPT = 100;

export interface LedgerOperationRow {
  id: number;
  user_id: number;
  kind: string;
  details: string | null;
  row_count: number;
  creation_date: number;
  undone_date: number | null;
}

/** One transaction's change inside an operation. */
export interface ChangedRow {
  id: number;
  before: Corrections;
  after: Corrections;
}


export function createLedgerOperationStore(db: Db) {
  const insertOperation = db.prepare<[number, string, string | null, number, number]>(
    'INSERT INTO ledger_operations (user_id, kind, details, row_count, creation_date) VALUES (?, ?, ?, ?, ?)',
  );
  // Every row of an operation in one statement, from a JSON array of [transaction id, 5 before, 5 after].
  const insertRows = db.prepare<[number, string]>(
    `INSERT INTO ledger_operation_rows (operation_id, transaction_id,
       before_category_id, before_category_source, before_category_rule_id, before_user_note, before_tags,
       after_category_id, after_category_source, after_category_rule_id, after_user_note, after_tags)
     SELECT ?, ${Array.from({ length: 11 }, (_, k) => `json_extract(value, '$[${k}]')`).join(', ')} FROM json_each(?)`,
  );
  // Operations beyond the last OPERATIONS_KEPT of the user (their rows go with them: ON DELETE CASCADE).
  const prune = db.prepare<[number, number, number]>(
    `DELETE FROM ledger_operations WHERE user_id = ? AND id < (
       SELECT id FROM ledger_operations WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  );
  const recent = db.prepare<[number, number], LedgerOperationRow>('SELECT * FROM ledger_operations WHERE user_id = ? ORDER BY id DESC LIMIT ?');
  const owned = db.prepare<[number, number], LedgerOperationRow>('SELECT * FROM ledger_operations WHERE id = ? AND user_id = ?');
  // Rows whose transaction is gone, or no longer the user's.
  const missing = db.prepare<[number, number], number>(
    `SELECT count(*) FROM ledger_operation_rows r LEFT JOIN transactions t ON t.id = r.transaction_id AND t.user_id = ?
     WHERE r.operation_id = ? AND t.id IS NULL`,
  ).pluck();
  // Rows whose transaction no longer carries what the operation left (changed since by another change).
  const changed = db.prepare<[number], number>(
    `SELECT count(*) FROM ledger_operation_rows r JOIN transactions t ON t.id = r.transaction_id
     WHERE r.operation_id = ? AND (t.category_id IS NOT r.after_category_id OR t.category_source IS NOT r.after_category_source
       OR t.category_rule_id IS NOT r.after_category_rule_id OR t.user_note IS NOT r.after_user_note OR t.tags IS NOT r.after_tags)`,
  ).pluck();
  const restore = db.prepare<[number]>(
    `UPDATE transactions SET category_id = r.before_category_id, category_source = r.before_category_source,
       category_rule_id = r.before_category_rule_id, user_note = r.before_user_note, tags = r.before_tags
     FROM ledger_operation_rows r WHERE r.operation_id = ? AND transactions.id = r.transaction_id`,
  );
  const markUndone = db.prepare<[number, number]>('UPDATE ledger_operations SET undone_date = ? WHERE id = ?');
  // The `after` values of an operation's rows written to their transactions, in one statement.
  const apply = db.prepare<[number]>(
    `UPDATE transactions SET category_id = r.after_category_id, category_source = r.after_category_source,
       category_rule_id = r.after_category_rule_id, user_note = r.after_user_note, tags = r.after_tags
     FROM ledger_operation_rows r WHERE r.operation_id = ? AND transactions.id = r.transaction_id`,
  );

  return {
    /**
     * Writes the `after` corrections of every row and records them as one operation (inside the caller's
     * transaction). Returns the operation's id.
     */
    record(userId: number, kind: string, details: object | null, rows: readonly ChangedRow[], now: number): number {
      const id = Number(insertOperation.run(userId, kind, details === null ? null : JSON.stringify(details), rows.length, now).lastInsertRowid);
      const values = rows.map(({ id: tx, before: b, after: a }) => [
        tx, b.category_id, b.category_source, b.category_rule_id, b.user_note, b.tags,
        a.category_id, a.category_source, a.category_rule_id, a.user_note, a.tags,
      ]);
      insertRows.run(id, JSON.stringify(values));
      apply.run(id);
      prune.run(userId, userId, OPERATIONS_KEPT - 1);
      return id;
    },
    recent: (userId: number, limit: number): LedgerOperationRow[] => recent.all(userId, limit),
    owned: (userId: number, id: number | null): LedgerOperationRow | undefined => (id === null ? undefined : owned.get(id, userId)),
    /** How many of the operation's transactions were deleted since. */
    missingCount: (userId: number, operationId: number): number => missing.get(userId, operationId)!,
    /** How many of the operation's transactions were changed since by something else. */
    changedCount: (operationId: number): number => changed.get(operationId)!,
    /** Puts back every row's corrections as they were before the operation, and marks it undone. */
    undo(operationId: number, now: number): void {
      restore.run(operationId);
      markUndone.run(now, operationId);
    },
  };
}

export type LedgerOperationStore = ReturnType<typeof createLedgerOperationStore>;
