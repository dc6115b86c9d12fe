/**
 * The budget tables (budgets, budget_categories, budget_assignments) and the month sums a budget is
 * computed from (domain/budgets/). Amounts are minor units.
 */
import type { Db } from '../db/database';

export interface BudgetRow {
  user_id: number;
  style: string;
  start_month: string;
  creation_date: number;
}

export interface BudgetCategoryRow {
  category_id: string;
  carry_surplus: number;
  carry_deficit: number;
  target_kind: string | null;
  target_amount: number | null;
  target_month: string | null;
  target_months: number | null;
}

export interface AssignmentRow {
  month: string;
  category_id: string;
  amount: number;
}

/**
 * A sum of booked amounts of one month, category and currency. `day` (UTC days since 1970) is set only
 * for amounts in another currency than the budget's: they are converted at each day's rate.
 */
export interface ActivityRow {
  month: string;
  category_id: string;
  category_type: string;
  currency: string;
  day: number | null;
  amount: number;
}

/** An account's balance at a moment, in its own currency. */
export interface FundsRow {
  currency: string;
  balance: number;
}

/** The accounts whose money can be assigned: everyday, savings and card accounts the person counts. */
const FUNDS_TYPES = `('CHECKINGS', 'SAVINGS', 'CREDIT_CARD')`;

export function createBudgetStore(db: Db) {
  const get = db.prepare<[number], BudgetRow>('SELECT * FROM budgets WHERE user_id = ?');
  const upsert = db.prepare(
    `INSERT INTO budgets (user_id, style, start_month, creation_date) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET style = excluded.style, start_month = excluded.start_month`,
  );
  const categories = db.prepare<[number], BudgetCategoryRow>(
    'SELECT category_id, carry_surplus, carry_deficit, target_kind, target_amount, target_month, target_months FROM budget_categories WHERE user_id = ? ORDER BY category_id',
  );
  const putCategory = db.prepare(
    `INSERT INTO budget_categories (user_id, category_id, carry_surplus, carry_deficit, target_kind, target_amount, target_month, target_months)
     VALUES (@user_id, @category_id, @carry_surplus, @carry_deficit, @target_kind, @target_amount, @target_month, @target_months)
     ON CONFLICT (user_id, category_id) DO UPDATE SET carry_surplus = excluded.carry_surplus, carry_deficit = excluded.carry_deficit,
       target_kind = excluded.target_kind, target_amount = excluded.target_amount, target_month = excluded.target_month,
       target_months = excluded.target_months`,
  );
  const assignments = db.prepare<[number, string, string], AssignmentRow>(
    'SELECT month, category_id, amount FROM budget_assignments WHERE user_id = ? AND month >= ? AND month <= ? ORDER BY month, category_id',
  );
  const assign = db.prepare(
    `INSERT INTO budget_assignments (user_id, month, category_id, amount) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, month, category_id) DO UPDATE SET amount = excluded.amount`,
  );
  const unassign = db.prepare('DELETE FROM budget_assignments WHERE user_id = ? AND month = ? AND category_id = ?');
  const firstAssignedMonth = db.prepare<[number], string | null>('SELECT min(month) FROM budget_assignments WHERE user_id = ?').pluck();
  // Booked rows of the counted accounts, summed by month, category and currency; another currency than the
  // budget's is summed by day too, for its day's rate. A split row counts as its parts (each in its own
  // category); a row linked as a transfer between the person's accounts counts nowhere.
  const activity = db.prepare<[{ currency: string; user: number; from: number; to: number }], ActivityRow>(
    `WITH rows AS (
       SELECT t.id, t.date, t.currency, t.category_id, t.amount
         FROM transactions t
         JOIN accounts a ON a.id = t.account_id
        WHERE t.user_id = @user AND t.date >= @from AND t.date < @to AND t.status = 'BOOKED'
          AND a.hidden_from_totals = 0 AND a.consent_declined = 0
          AND NOT EXISTS (SELECT 1 FROM transfer_links l WHERE l.debit_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM transfer_links l WHERE l.credit_id = t.id)
     ), parts AS (
       SELECT r.date, r.currency, coalesce(s.category_id, r.category_id) AS category_id, coalesce(s.amount, r.amount) AS amount
         FROM rows r LEFT JOIN transaction_splits s ON s.transaction_id = r.id
     )
     SELECT strftime('%Y-%m', p.date, 'unixepoch') AS month, p.category_id, coalesce(c.type, 'OTHER') AS category_type,
            p.currency, CASE WHEN p.currency = @currency THEN NULL ELSE p.date / 86400 END AS day, sum(p.amount) AS amount
       FROM parts p
       LEFT JOIN categories c ON c.id = p.category_id
      GROUP BY 1, 2, 4, 5`,
  );
  // Each funds account's balance at `at`: its balance now less what was booked since.
  const fundsAt = db.prepare<[{ user: number; at: number }], FundsRow>(
    `SELECT a.currency, a.balance - coalesce((SELECT sum(t.amount) FROM transactions t
              WHERE t.account_id = a.id AND t.status = 'BOOKED' AND t.date >= @at), 0) AS balance
       FROM accounts a
      WHERE a.user_id = @user AND a.type IN ${FUNDS_TYPES} AND a.hidden_from_totals = 0 AND a.consent_declined = 0
        AND a.status != 'CLOSED'`,
  );

  return {
    get: (userId: number): BudgetRow | undefined => get.get(userId),
    put(userId: number, style: string, startMonth: string, now: number): void {
      upsert.run(userId, style, startMonth, now);
    },
    categories: (userId: number): BudgetCategoryRow[] => categories.all(userId),
    putCategory(userId: number, row: BudgetCategoryRow): void {
      putCategory.run({ user_id: userId, ...row });
    },
    /** The assignments of the months from..to (YYYY-MM, both included). */
    assignments: (userId: number, from: string, to: string): AssignmentRow[] => assignments.all(userId, from, to),
    /** Sets (or with 0, removes) the amount assigned to a category in a month. */
    assign(userId: number, month: string, categoryId: string, amount: number): void {
      if (amount === 0) unassign.run(userId, month, categoryId);
      else assign.run(userId, month, categoryId, amount);
    },
    firstAssignedMonth: (userId: number): string | undefined => firstAssignedMonth.get(userId) ?? undefined,
    /** Booked sums between two UTC times (seconds, `to` excluded), see ActivityRow. */
    activity: (userId: number, currency: string, from: number, to: number): ActivityRow[] => activity.all({ currency, user: userId, from, to }),
    fundsAt: (userId: number, at: number): FundsRow[] => fundsAt.all({ user: userId, at }),
  };
}

export type BudgetStore = ReturnType<typeof createBudgetStore>;
