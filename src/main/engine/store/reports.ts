/**
 * What the reports read: the booked money of a person's counted accounts over a period, summed by day,
 * currency, category, payee and tags (amounts in minor units of their own currency). A split row counts as
 * its parts (each in its own category); a row linked as a transfer between the person's accounts counts
 * nowhere. An own category ("custom_<id>") takes the type of the shipped category it sits under.
 */
import type { Db } from '../db/database';

export interface ReportFlowRow {
  /** UTC days since 1970. */
  day: number;
  currency: string;
  category_id: string;
  /** EXPENSE, INCOME, TRANSFER or OTHER. */
  category_type: string;
  payee_id: number | null;
  payee_name: string | null;
  /** The tags as stored (a JSON array of texts), or null. */
  tags: string | null;
  /** The sum of the positive amounts, and of the negative ones. */
  inflow: number;
  outflow: number;
  count: number;
}

export function createReportStore(db: Db) {
  const flows = db.prepare<[{ user: number; from: number; to: number }], ReportFlowRow>(
    `WITH rows AS (
       SELECT t.id, t.date, t.currency, t.category_id, t.amount, t.payee_id, t.tags
         FROM transactions t
         JOIN accounts a ON a.id = t.account_id
        WHERE t.user_id = @user AND t.date >= @from AND t.date < @to AND t.status = 'BOOKED'
          AND a.hidden_from_totals = 0 AND a.consent_declined = 0
          AND NOT EXISTS (SELECT 1 FROM transfer_links l WHERE l.debit_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM transfer_links l WHERE l.credit_id = t.id)
     ), parts AS (
       SELECT r.date, r.currency, coalesce(s.category_id, r.category_id) AS category_id, coalesce(s.amount, r.amount) AS amount,
              r.payee_id, r.tags
         FROM rows r LEFT JOIN transaction_splits s ON s.transaction_id = r.id
     )
     SELECT p.date / 86400 AS day, p.currency, p.category_id,
            coalesce(c.type, (SELECT pc.type FROM user_categories u JOIN categories pc ON pc.id = u.parent_id
                               WHERE substr(p.category_id, 1, 7) = 'custom_' AND u.id = CAST(substr(p.category_id, 8) AS INTEGER)), 'OTHER') AS category_type,
            p.payee_id, py.name AS payee_name, p.tags,
            sum(CASE WHEN p.amount > 0 THEN p.amount ELSE 0 END) AS inflow,
            sum(CASE WHEN p.amount < 0 THEN p.amount ELSE 0 END) AS outflow,
            count(*) AS count
       FROM parts p
       LEFT JOIN categories c ON c.id = p.category_id
       LEFT JOIN payees py ON py.id = p.payee_id AND py.user_id = @user
      GROUP BY 1, 2, 3, 5, 7`,
  );

  return {
    /** Booked sums between two UTC times (seconds, `to` excluded), see ReportFlowRow. */
    flows: (userId: number, from: number, to: number): ReportFlowRow[] => flows.all({ user: userId, from, to }),
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
