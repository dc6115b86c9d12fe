/**
 * The reads the forecast needs (services/forecast/): the accounts it draws, the recurring payments the person
 * confirmed, and how busy each everyday account has been (to find the person's main one).
 */
import type { Db } from '../db/database';
import type { AccountRow } from './accounts';
import type { RecurringPaymentRow } from './recurring-payments';

/** Accounts money is spent from and kept on: a loan's or a card's balance is a debt, not a forecast. */
const FORECAST_TYPES = `('CHECKINGS', 'SAVINGS')`;
/** Accounts the person no longer has, or did not share, are not forecast. */
const LEFT_OUT_STATUSES = `('CLOSED', 'PENDING_CONSENT')`;

export function createForecastStore(db: Db) {
  const accounts = db.prepare<[number], AccountRow>(
    `SELECT * FROM accounts WHERE user_id = ? AND type IN ${FORECAST_TYPES} AND status NOT IN ${LEFT_OUT_STATUSES} ORDER BY id`,
  );
  const confirmed = db.prepare<[number], RecurringPaymentRow>(
    "SELECT * FROM recurring_payments WHERE user_id = ? AND status = 'CONFIRMED' AND state <> 'ENDED' ORDER BY id",
  );
  const bookedSince = db.prepare<[number, number], { account_id: number; n: number }>(
    "SELECT account_id, count(*) AS n FROM transactions WHERE user_id = ? AND date >= ? AND status = 'BOOKED' GROUP BY account_id",
  );
  return {
    accounts: (userId: number): AccountRow[] => accounts.all(userId),
    /** Confirmed recurring payments that have not stopped (a payment ENDED a whole period ago is not expected). */
    confirmedPayments: (userId: number): RecurringPaymentRow[] => confirmed.all(userId),
    /** Booked transactions per account since a time (seconds). */
    bookedCounts(userId: number, since: number): Map<number, number> {
      return new Map(bookedSince.all(userId, since).map((r) => [r.account_id, r.n]));
    },
  };
}

export type ForecastStore = ReturnType<typeof createForecastStore>;
