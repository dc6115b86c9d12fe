/**
 * The `recurring_payments` table (series found by domain/recurring/finder.ts, and what the person said of
 * each) and the one read of the history the finder needs.
 */
import type { Db } from '../db/database';
import { offsetOf, type PageLimit } from '../domain/list-input';

export interface RecurringPaymentRow {
  id: number;
  user_id: number;
  account_id: number;
  series_key: string;
  counterpart: string;
  currency: string;
  status: string;
  state: string;
  name: string;
  period: string;
  typical_amount: number;
  amount_min: number;
  amount_max: number;
  day_of_month: number;
  first_date: number;
  last_date: number;
  next_date: number;
  occurrences: number;
  confidence: number;
  price_from: number | null;
  price_to: number | null;
  price_date: number | null;
  missed_date: number | null;
  user_name: string | null;
  user_amount: number | null;
  user_period: string | null;
  creation_date: number;
  update_date: number;
}

/** What one detection run found for a series (the finder's fields the table keeps). */
export type DetectedFields = Pick<
  RecurringPaymentRow,
  | 'account_id' | 'series_key' | 'counterpart' | 'currency' | 'state' | 'name' | 'period' | 'typical_amount' | 'amount_min'
  | 'amount_max' | 'day_of_month' | 'first_date' | 'last_date' | 'next_date' | 'occurrences' | 'confidence' | 'price_from'
  | 'price_to' | 'price_date'
>;

/** A booked transaction as the finder reads it. */
export interface HistoryRow {
  id: number;
  account_id: number;
  date: number;
  amount: number;
  currency: string;
  label: string;
  counterparty: string | null;
  notes: string | null;
  remittance: string | null;
}

const DETECTED_COLUMNS = [
  'state', 'name', 'period', 'typical_amount', 'amount_min', 'amount_max', 'day_of_month', 'first_date', 'last_date', 'next_date',
  'occurrences', 'confidence', 'price_from', 'price_to', 'price_date',
] as const;

export function createRecurringPaymentStore(db: Db) {
  const history = db.prepare<[number, number], HistoryRow>(
    `SELECT id, account_id, date, amount, currency, label, source_label AS counterparty, notes, remittance_information AS remittance
       FROM transactions WHERE user_id = ? AND status = 'BOOKED' AND date >= ?`,
  );
  const bySeries = db.prepare<[number], RecurringPaymentRow>('SELECT * FROM recurring_payments WHERE user_id = ?');
  const owned = db.prepare<[number, number], RecurringPaymentRow>('SELECT * FROM recurring_payments WHERE id = ? AND user_id = ?');
  const insert = db.prepare(
    `INSERT INTO recurring_payments (user_id, account_id, series_key, counterpart, currency, ${DETECTED_COLUMNS.join(', ')}, creation_date, update_date)
     VALUES (@user_id, @account_id, @series_key, @counterpart, @currency, ${DETECTED_COLUMNS.map((c) => `@${c}`).join(', ')}, @now, @now)`,
  );
  const refresh = db.prepare(
    `UPDATE recurring_payments SET ${DETECTED_COLUMNS.map((c) => `${c} = @${c}`).join(', ')}, update_date = @now WHERE id = @id`,
  );
  const setMissed = db.prepare('UPDATE recurring_payments SET missed_date = ? WHERE id = ?');
  const edit = db.prepare(
    `UPDATE recurring_payments SET status = @status, user_name = @user_name, user_amount = @user_amount, user_period = @user_period,
       update_date = @now WHERE id = @id`,
  );
  const connectionOf = db.prepare<[number], number>('SELECT connection_id FROM accounts WHERE id = ?').pluck();

  function listWhere(statuses: readonly string[]) {
    const marks = statuses.map(() => '?').join(', ');
    return {
      page: db.prepare<unknown[], RecurringPaymentRow>(
        `SELECT * FROM recurring_payments WHERE user_id = ? AND status IN (${marks}) ORDER BY next_date, id LIMIT ? OFFSET ?`,
      ),
      count: db.prepare<unknown[], number>(`SELECT count(*) FROM recurring_payments WHERE user_id = ? AND status IN (${marks})`).pluck(),
    };
  }
  // One prepared pair per status list asked (at most 7 lists of the 3 statuses).
  const lists = new Map<string, ReturnType<typeof listWhere>>();
  const listOf = (statuses: readonly string[]) => {
    const key = [...statuses].sort().join(',');
    let list = lists.get(key);
    if (!list) lists.set(key, (list = listWhere(statuses)));
    return list;
  };

  return {
    /** The user's booked transactions dated `since` or later (UTC seconds). */
    history: (userId: number, since: number): HistoryRow[] => history.all(userId, since),
    all: (userId: number): RecurringPaymentRow[] => bySeries.all(userId),
    owned: (userId: number, id: number | null): RecurringPaymentRow | undefined => (id === null ? undefined : owned.get(id, userId)),
    page: (userId: number, statuses: readonly string[], p: PageLimit): RecurringPaymentRow[] =>
      listOf(statuses).page.all(userId, ...statuses, p.limit, offsetOf(p)),
    count: (userId: number, statuses: readonly string[]): number => listOf(statuses).count.get(userId, ...statuses)!,
    insert: (userId: number, fields: DetectedFields, now: number): number =>
      Number(insert.run({ ...fields, user_id: userId, now }).lastInsertRowid),
    refresh: (id: number, fields: DetectedFields, now: number): void => void refresh.run({ ...fields, id, now }),
    setMissed: (id: number, date: number): void => void setMissed.run(date, id),
    edit: (id: number, values: Pick<RecurringPaymentRow, 'status' | 'user_name' | 'user_amount' | 'user_period'>, now: number): void =>
      void edit.run({ ...values, id, now }),
    connectionOf: (accountId: number): number | undefined => connectionOf.get(accountId),
  };
}

export type RecurringPaymentStore = ReturnType<typeof createRecurringPaymentStore>;
