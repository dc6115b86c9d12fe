/**
 * What the reports read: the booked money of a person's counted accounts over a period, summed by day,
 * currency, category, payee and tags (amounts in minor units of their own currency). A split row counts as
 * its parts (each in its own category); a row linked as a transfer between the person's accounts counts
 * nowhere. An own category ("custom_<id>") takes the type of the shipped category it sits under.
 */
import type { Db } from '../db/database';

export interface ReportFlowRow {
  /** UTC days since 1970: the day of a row in another currency than the report's; else a day of its month. */
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

/** What a report tells apart beyond day, currency and category: nothing, the payee, or the tags. */
export type FlowDetail = 'category' | 'payee' | 'tags';

/**
 * The sums of one detail. Rows in the report's own currency need no rate: they are summed by month (their
 * `day` is then the month's first booked day); rows in another currency by day, for that day's rate. The
 * category's type and the payee's name are looked up once per sum, not once per row.
 */
function flowsSql(detail: FlowDetail): string {
  const payee = detail === 'payee' ? 'r.payee_id' : 'NULL';
  const tags = detail === 'tags' ? 'r.tags' : 'NULL';
  return `WITH rows AS (
       SELECT t.id, t.date, t.currency, t.category_id, t.amount, ${payee.replace('r.', 't.')} AS payee_id, ${tags.replace('r.', 't.')} AS tags
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
     ), sums AS (
       SELECT min(p.date) / 86400 AS day, p.currency, p.category_id, p.payee_id, p.tags,
              sum(CASE WHEN p.amount > 0 THEN p.amount ELSE 0 END) AS inflow,
              sum(CASE WHEN p.amount < 0 THEN p.amount ELSE 0 END) AS outflow,
              count(*) AS count
         FROM parts p
        GROUP BY CASE WHEN p.currency = @currency THEN strftime('%Y-%m', p.date, 'unixepoch') ELSE p.date / 86400 END,
                 p.currency, p.category_id, p.payee_id, p.tags
     )
     SELECT s.day, s.currency, s.category_id,
            coalesce(c.type, (SELECT pc.type FROM user_categories u JOIN categories pc ON pc.id = u.parent_id
                               WHERE substr(s.category_id, 1, 7) = 'custom_' AND u.id = CAST(substr(s.category_id, 8) AS INTEGER)), 'OTHER') AS category_type,
            s.payee_id, py.name AS payee_name, s.tags, s.inflow, s.outflow, s.count
       FROM sums s
       LEFT JOIN categories c ON c.id = s.category_id
       LEFT JOIN payees py ON py.id = s.payee_id AND py.user_id = @user`;
}

type FlowParams = { user: number; from: number; to: number; currency: string };

export function createReportStore(db: Db) {
  const statements = {
    category: db.prepare<[FlowParams], ReportFlowRow>(flowsSql('category')),
    payee: db.prepare<[FlowParams], ReportFlowRow>(flowsSql('payee')),
    tags: db.prepare<[FlowParams], ReportFlowRow>(flowsSql('tags')),
  };

  return {
    /** Booked sums between two UTC times (seconds, `to` excluded) for a report in `currency`, see ReportFlowRow. */
    flows: (userId: number, from: number, to: number, currency: string, detail: FlowDetail): ReportFlowRow[] =>
      statements[detail].all({ user: userId, from, to, currency }),
  };
}

export type ReportStore = ReturnType<typeof createReportStore>;
