/**
 * What GET /summary reads: the accounts the app counts in its totals and, for a past day, the booked
 * amounts after it. An account counts when the person shares it (ACTIVE, MANUAL, or ERROR: its last known
 * balance stands), did not hide it from totals, and did not close it.
 */
import type { Db } from '../db/database';

export interface CountedAccountRow {
  id: number;
  currency: string;
  /** Minor units. */
  balance: number;
  balance_date: number | null;
}

const DAY = 86_400;

export function createSummaryBalanceStore(db: Db) {
  const counted = db.prepare<[number], CountedAccountRow>(
    `SELECT id, currency, balance, balance_date FROM accounts
     WHERE user_id = ? AND status IN ('ACTIVE', 'MANUAL', 'ERROR') AND hidden_from_totals = 0 ORDER BY id`,
  );
  // Booked amounts dated after `from` and not after the day of the account's balance (what that balance
  // already counts), per account.
  const bookedAfter = db.prepare<[number, number], { account_id: number; total: number }>(
    `SELECT t.account_id, sum(t.amount) AS total FROM transactions t JOIN accounts a ON a.id = t.account_id
     WHERE t.user_id = ? AND t.date >= ? AND t.status = 'BOOKED'
       AND (a.balance_date IS NULL OR t.date < (a.balance_date / ${DAY} + 1) * ${DAY})
     GROUP BY t.account_id`,
  );

  return {
    /** The user's accounts counted in totals, in id order. */
    counted: (userId: number): CountedAccountRow[] => counted.all(userId),
    /** Per account, the sum (minor units) of booked amounts dated at or after `from` (UTC seconds). */
    bookedFrom(userId: number, from: number): Map<number, number> {
      return new Map(bookedAfter.all(userId, from).map((r) => [r.account_id, r.total]));
    },
  };
}

export type SummaryBalanceStore = ReturnType<typeof createSummaryBalanceStore>;
