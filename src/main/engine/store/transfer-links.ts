/**
 * The `transfer_links` table (two transactions of one person moving the same money between their own
 * accounts, domain/transfer-detection.ts) and `transfer_refusals` (pairs the person unlinked: never linked
 * again automatically). Links hang on Coffer ids, which a pending row keeps when it books; a deleted
 * transaction takes its link and refusals with it (foreign keys).
 */
import type { Db } from '../db/database';
import { offsetOf, type PageLimit } from '../domain/list-input';
import type { TransferRow } from '../domain/transfer-detection';

export interface TransferLinkRow {
  id: number;
  user_id: number;
  debit_id: number;
  credit_id: number;
  confirmed: number;
  creation_date: number;
}

/** A transaction of the person as a link by hand needs it. */
export interface LinkableTransaction {
  id: number;
  account_id: number;
  amount: number;
  currency: string;
}

export function createTransferLinkStore(db: Db) {
  const page = db.prepare<[number, number, number], TransferLinkRow>('SELECT * FROM transfer_links WHERE user_id = ? ORDER BY id LIMIT ? OFFSET ?');
  const count = db.prepare<[number], number>('SELECT count(*) FROM transfer_links WHERE user_id = ?').pluck();
  const owned = db.prepare<[number, number], TransferLinkRow>('SELECT * FROM transfer_links WHERE id = ? AND user_id = ?');
  const ofTransaction = db.prepare<[number, number], TransferLinkRow>('SELECT * FROM transfer_links WHERE debit_id = ? OR credit_id = ?');
  const transaction = db.prepare<[number, number], LinkableTransaction>('SELECT id, account_id, amount, currency FROM transactions WHERE id = ? AND user_id = ?');
  const insert = db.prepare<[number, number, number, number, number]>(
    'INSERT INTO transfer_links (user_id, debit_id, credit_id, confirmed, creation_date) VALUES (?, ?, ?, ?, ?)',
  );
  const confirm = db.prepare<[number]>('UPDATE transfer_links SET confirmed = 1 WHERE id = ?');
  const remove = db.prepare<[number]>('DELETE FROM transfer_links WHERE id = ?');
  const refuse = db.prepare<[number, number]>('INSERT OR IGNORE INTO transfer_refusals (debit_id, credit_id) VALUES (?, ?)');
  const forgive = db.prepare<[number, number]>('DELETE FROM transfer_refusals WHERE debit_id = ? AND credit_id = ?');
  const refusals = db.prepare<[number], { debit_id: number; credit_id: number }>(
    'SELECT r.debit_id, r.credit_id FROM transfer_refusals r JOIN transactions t ON t.id = r.debit_id WHERE t.user_id = ?',
  );
  // The rows detection looks at: the person's booked and pending rows from a day on. Rows already linked
  // are left out in JavaScript (a set of the person's linked ids): two NOT EXISTS probes per row doubled
  // the read of 100,000 rows.
  const candidates = db.prepare<[number, number], { id: number; accountId: number; currency: string; amount: number; date: number }>(
    `SELECT id, account_id AS accountId, currency, amount, date FROM transactions
     WHERE user_id = ? AND date >= ? AND status IN ('BOOKED', 'PENDING') AND amount != 0`,
  );
  const linkedIds = db.prepare<[number], { debit_id: number; credit_id: number }>('SELECT debit_id, credit_id FROM transfer_links WHERE user_id = ?');
  const earliestImported = db
    .prepare<[number, number], number | null>('SELECT min(date) FROM transactions WHERE user_id = ? AND import_date >= ?')
    .pluck();
  const linkedTransactionIds = (userId: number): Set<number> => {
    const linked = new Set<number>();
    for (const l of linkedIds.iterate(userId)) linked.add(l.debit_id).add(l.credit_id);
    return linked;
  };
  return {
    /** The earliest date of the user's rows imported at or after `importDate` (what a synchronization brought), or null. */
    earliestImported: (userId: number, importDate: number): number | null => earliestImported.get(userId, importDate) ?? null,
    page: (userId: number, p: PageLimit): TransferLinkRow[] => page.all(userId, p.limit, offsetOf(p)),
    count: (userId: number): number => count.get(userId)!,
    owned: (userId: number, id: number | null): TransferLinkRow | undefined => (id === null ? undefined : owned.get(id, userId)),
    /** The link a transaction is in, if any. */
    ofTransaction: (transactionId: number): TransferLinkRow | undefined => ofTransaction.get(transactionId, transactionId),
    transaction: (userId: number, id: number | null): LinkableTransaction | undefined => (id === null ? undefined : transaction.get(id, userId)),
    /** Links a debit and a credit; a pair linked by hand is no longer refused. Returns the link's id. */
    insert(userId: number, debitId: number, creditId: number, confirmed: boolean, now: number): number {
      if (confirmed) forgive.run(debitId, creditId);
      return Number(insert.run(userId, debitId, creditId, confirmed ? 1 : 0, now).lastInsertRowid);
    },
    confirm: (id: number): void => void confirm.run(id),
    /** Unlinks, remembering the pair so that detection never links it again. */
    unlink(link: TransferLinkRow): void {
      remove.run(link.id);
      refuse.run(link.debit_id, link.credit_id);
    },
    /** The ids of the user's rows that are one side of a transfer (neither spending nor income). */
    linkedTransactionIds: (userId: number): Set<number> => linkedTransactionIds(userId),
    /** The pairs the person unlinked, as "debit:credit" keys. */
    refusedPairs: (userId: number): Set<string> => new Set(refusals.all(userId).map((r) => `${r.debit_id}:${r.credit_id}`)),
    /** The user's booked and pending rows dated `fromDate` or later that are in no link. */
    unlinkedSince(userId: number, fromDate: number): TransferRow[] {
      const linked = linkedTransactionIds(userId);
      const rows = candidates.all(userId, fromDate);
      return linked.size ? rows.filter((r) => !linked.has(r.id)) : rows;
    },
  };
}

export type TransferLinkStore = ReturnType<typeof createTransferLinkStore>;
