/**
 * The spending a budget plans, as money leaving the person's main everyday account day by day: what is still
 * available this month spread over the days left of the month, and each later month's plan spread over its
 * days. The bills the person confirmed on that account are already counted on their own dates, and a budget
 * plans them too (the rent is in the housing category): so a month's spread is its plan minus the confirmed
 * bills still expected in it, never below zero.
 */
import { monthOf, monthStart, type MonthIndex } from '../budgets/month-key';

export interface ForecastBudget {
  /** The account the budget's spending is taken from. */
  accountId: number;
  /** What is still available to spend this month in spending categories, minor units of the account, ≥ 0. */
  leftThisMonth: number;
  /** Later months' planned spending by month, minor units of the account, ≥ 0; a month left out plans nothing. */
  plannedByMonth: ReadonlyMap<MonthIndex, number>;
}

export interface BillDay {
  day: number;
  /** Signed minor units: only money going out counts against the plan. */
  amount: number;
}

const DAY = 86_400;
const firstDay = (m: MonthIndex) => monthStart(m) / DAY;

/** The last day of the month holding `day`. */
export const monthEndOf = (day: number): number => firstDay(monthOf(day * DAY) + 1) - 1;

/** Money going out per day (positive minor units) for the days in (today, end]. */
export function budgetSpending(budget: ForecastBudget, bills: readonly BillDay[], today: number, end: number): Map<number, number> {
  const out = new Map<number, number>();
  const thisMonth = monthOf(today * DAY);
  for (let m = thisMonth; firstDay(m) <= end; m++) {
    const from = Math.max(today + 1, firstDay(m));
    const to = firstDay(m + 1) - 1;
    if (from > to) continue;
    const plan = m === thisMonth ? budget.leftThisMonth : (budget.plannedByMonth.get(m) ?? 0);
    let billed = 0;
    for (const b of bills) if (b.amount < 0 && b.day >= from && b.day <= to) billed -= b.amount;
    const spread = Math.max(0, plan - billed);
    if (spread === 0) continue;
    const days = to - from + 1;
    const perDay = Math.floor(spread / days);
    // Whole minor units: the remainder falls on the month's last day, so the month spends exactly its spread.
    for (let day = from; day <= Math.min(to, end); day++) {
      const amount = perDay + (day === to ? spread - perDay * days : 0);
      if (amount > 0) out.set(day, amount);
    }
  }
  return out;
}
