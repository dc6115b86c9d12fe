/**
 * The `payees` table (a person's display names over the bank's labels, domain/payees.ts) and the payee of
 * a transaction (transactions.payee_id, a column a synchronization never writes).
 */
import type { Db } from '../db/database';
import { offsetOf, type PageLimit } from '../domain/list-input';

export interface PayeeRow {
  id: number;
  user_id: number;
  name: string;
  folded: string;
  creation_date: number;
}

/** A payee as listed: with how many of the user's transactions carry it. */
export interface ListedPayee extends PayeeRow {
  transaction_count: number;
}

export function createPayeeStore(db: Db) {
  const owned = db.prepare<[number, number], PayeeRow>('SELECT * FROM payees WHERE id = ? AND user_id = ?');
  const byFolded = db.prepare<[number, string], number>('SELECT id FROM payees WHERE user_id = ? AND folded = ?').pluck();
  const count = db.prepare<[number], number>('SELECT count(*) FROM payees WHERE user_id = ?').pluck();
  const page = db.prepare<[number, number, number], ListedPayee>(
    `SELECT p.*, (SELECT count(*) FROM transactions t WHERE t.user_id = p.user_id AND t.payee_id = p.id) AS transaction_count
       FROM payees p WHERE p.user_id = ? ORDER BY p.name COLLATE NOCASE, p.id LIMIT ? OFFSET ?`,
  );
  const transactionCount = db
    .prepare<[number, number], number>('SELECT count(*) FROM transactions WHERE user_id = ? AND payee_id = ?')
    .pluck();
  const insert = db.prepare('INSERT INTO payees (user_id, name, folded, creation_date) VALUES (?, ?, ?, ?)');
  const rename = db.prepare('UPDATE payees SET name = ?, folded = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM payees WHERE id = ?');
  const moveTransactions = db.prepare('UPDATE transactions SET payee_id = ? WHERE user_id = ? AND payee_id = ?');
  const setOne = db.prepare('UPDATE transactions SET payee_id = ? WHERE id = ? AND user_id = ?');
  const payeeOf = db.prepare<[number, number], number | null>('SELECT payee_id FROM transactions WHERE id = ? AND user_id = ?').pluck();

  return {
    owned: (userId: number, id: number | null): PayeeRow | undefined => (id === null ? undefined : owned.get(id, userId)),
    idByFolded: (userId: number, folded: string): number | undefined => byFolded.get(userId, folded),
    count: (userId: number): number => count.get(userId)!,
    /** The user's payees by name, with their transaction counts. */
    page: (userId: number, p: PageLimit): ListedPayee[] => page.all(userId, p.limit, offsetOf(p)),
    transactionCount: (userId: number, id: number): number => transactionCount.get(userId, id)!,
    insert: (userId: number, name: string, folded: string, now: number): number =>
      Number(insert.run(userId, name, folded, now).lastInsertRowid),
    rename: (id: number, name: string, folded: string): void => void rename.run(name, folded, id),
    /** Every transaction of `fromId` gets `intoId`, and `fromId` goes. Call inside a transaction. Returns the rows moved. */
    merge(userId: number, fromId: number, intoId: number): number {
      const moved = moveTransactions.run(intoId, userId, fromId).changes;
      remove.run(fromId);
      return moved;
    },
    /** The payee leaves its transactions (their bank label shows again) and goes. Call inside a transaction. */
    delete(userId: number, id: number): number {
      const cleared = moveTransactions.run(null, userId, id).changes;
      remove.run(id);
      return cleared;
    },
    /** Sets (or, with null, clears) the payee of one of the user's transactions. */
    setOnTransaction: (userId: number, transactionId: number, payeeId: number | null): void => void setOne.run(payeeId, transactionId, userId),
    /** The payee id of one of the user's transactions (null: none; undefined: no such transaction). */
    ofTransaction: (userId: number, transactionId: number): number | null | undefined => payeeOf.get(transactionId, userId),
  };
}

export type PayeeStore = ReturnType<typeof createPayeeStore>;
