/**
 * An account's running balance and its "reconciled up to" mark (docs/manual-ledger.md): the booked rows
 * with the balance after each, the sum of booked rows from a day on, and the statement balance the person
 * read for the end of a day.
 */
import type { Db } from '../db/database';

export interface RunningBalanceRow {
  id: number;
  date: number;
  amount: number;
  /** The account's balance just after this row (minor units). */
  balance: number;
}

export interface ReconciliationRow {
  day: string;
  statement_balance: number;
  creation_date: number;
}

export function createReconciliationStore(db: Db) {
  const countBooked = db
    .prepare<[number], number>("SELECT count(*) FROM transactions WHERE account_id = ? AND status = 'BOOKED'")
    .pluck();
  // Newest first (date, then id); each row's balance is the current one less every row after it.
  const runningPage = db.prepare<[number, number, number, number], RunningBalanceRow>(
    `SELECT id, date, amount, ? - coalesce(sum(amount) OVER (ORDER BY date DESC, id DESC
       ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS balance
     FROM transactions WHERE account_id = ? AND status = 'BOOKED' ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const bookedFrom = db
    .prepare<[number, number], number>(
      "SELECT coalesce(sum(amount), 0) FROM transactions WHERE account_id = ? AND status = 'BOOKED' AND date >= ?",
    )
    .pluck();
  const reconciliation = db.prepare<[number], ReconciliationRow>(
    'SELECT day, statement_balance, creation_date FROM account_reconciliations WHERE account_id = ?',
  );
  const putReconciliation = db.prepare<[number, string, number, number]>(
    `INSERT INTO account_reconciliations (account_id, day, statement_balance, creation_date) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET day = excluded.day, statement_balance = excluded.statement_balance,
       creation_date = excluded.creation_date`,
  );
  const removeReconciliation = db.prepare<[number]>('DELETE FROM account_reconciliations WHERE account_id = ?');

  return {
    /** One page of an account's booked rows, newest first, each with the balance just after it. */
    runningBalances(accountId: number, current: number, limit: number, offset: number): { rows: RunningBalanceRow[]; total: number } {
      return { rows: runningPage.all(current, accountId, limit, offset), total: countBooked.get(accountId)! };
    },
    /** Sum of the account's booked rows dated at or after `from` (UTC seconds). */
    bookedFrom: (accountId: number, from: number): number => bookedFrom.get(accountId, from)!,
    reconciliation: (accountId: number): ReconciliationRow | undefined => reconciliation.get(accountId),
    putReconciliation(accountId: number, day: string, statementBalance: number, now: number): void {
      putReconciliation.run(accountId, day, statementBalance, now);
    },
    removeReconciliation: (accountId: number): boolean => removeReconciliation.run(accountId).changes > 0,
  };
}

export type ReconciliationStore = ReturnType<typeof createReconciliationStore>;
