/**
 * The `transaction_splits` table: the parts a person split a transaction into (domain/splits.ts). The parts
 * hang on the transaction's Coffer id, which a pending row keeps when it books, so they survive
 * synchronizations; a deleted transaction takes its parts with it (foreign key).
 */
import type { Db } from '../db/database';
import type { SplitPart } from '../domain/splits';

/** A transaction of the person as a split needs it. */
export interface SplittableTransaction {
  id: number;
  amount: number;
  currency: string;
}

export function createTransactionSplitStore(db: Db) {
  const owned = db.prepare<[number, number], SplittableTransaction>('SELECT id, amount, currency FROM transactions WHERE id = ? AND user_id = ?');
  const parts = db.prepare<[number], SplitPart>('SELECT amount, category_id, note FROM transaction_splits WHERE transaction_id = ? ORDER BY position');
  const clear = db.prepare<[number]>('DELETE FROM transaction_splits WHERE transaction_id = ?');
  const insert = db.prepare<[number, number, number, string, string | null]>(
    'INSERT INTO transaction_splits (transaction_id, position, amount, category_id, note) VALUES (?, ?, ?, ?, ?)',
  );
  const offTotal = db.prepare<[number], { id: number; amount: number }>(
    `SELECT t.id, t.amount FROM transactions t
     JOIN (SELECT transaction_id, sum(amount) AS total FROM transaction_splits GROUP BY transaction_id) s ON s.transaction_id = t.id
     WHERE t.user_id = ? AND s.total != t.amount`,
  );
  const replace = (transactionId: number, next: readonly SplitPart[]): void => {
    clear.run(transactionId);
    next.forEach((p, k) => insert.run(transactionId, k + 1, p.amount, p.category_id, p.note));
  };
  return {
    owned: (userId: number, id: number | null): SplittableTransaction | undefined => (id === null ? undefined : owned.get(id, userId)),
    parts: (transactionId: number): SplitPart[] => parts.all(transactionId),
    /** Replaces the parts of a transaction; an empty list removes its split. */
    replace,
    /** The user's split transactions whose parts no longer add up to their amount (the bank changed it). */
    offTotal: (userId: number): Array<{ id: number; amount: number }> => offTotal.all(userId),
  };
}

export type TransactionSplitStore = ReturnType<typeof createTransactionSplitStore>;
