/**
 * The budget's month inputs from the store's sums: amounts converted to the budget's currency at each
 * day's rate (a currency with no rate is left out and listed), income categories as the month's income,
 * transfers left out (moving one's own money is neither spending nor income), the rest as spending.
 */
import type { MonthInput } from '../../domain/budgets/budget-months';
import { parseMonth, type MonthIndex } from '../../domain/budgets/month-key';
import { currencyExponent } from '../../domain/money';
import type { ActivityRow, AssignmentRow } from '../../store/budgets';

/** Converts minor units of `currency` on a UTC day to the budget's minor units; undefined without a rate. */
export type ToBudget = (amount: number, currency: string, day: number | null) => number | undefined;

export function converterTo(budgetCurrency: string, rate: (from: string, day: number) => number | undefined): ToBudget {
  const target = currencyExponent(budgetCurrency);
  // A month holds many rows of the same currency and day: each rate is looked up once.
  const rates = new Map<string, number | undefined>();
  return (amount, currency, day) => {
    if (currency === budgetCurrency || day === null) return amount;
    const key = `${currency}${day}`;
    if (!rates.has(key)) rates.set(key, rate(currency, day));
    const r = rates.get(key);
    if (r === undefined) return undefined;
    return Math.round(amount * r * 10 ** (target - currencyExponent(currency)));
  };
}

export interface MonthSums {
  inputs: MonthInput[];
  /** Spending per month index and category (positive = spent), for targets that look back. */
  spending: Map<MonthIndex, Map<string, number>>;
  missing: Set<string>;
}

/** Inputs of the consecutive months first..last (both included). */
export function monthSums(rows: readonly ActivityRow[], assignments: readonly AssignmentRow[], first: MonthIndex, last: MonthIndex, toBudget: ToBudget): MonthSums {
  const missing = new Set<string>();
  const income = new Map<MonthIndex, number>();
  const activity = new Map<MonthIndex, Map<string, number>>();
  for (const row of rows) {
    if (row.category_type === 'TRANSFER') continue;
    const month = parseMonth(row.month);
    if (month === undefined) continue;
    const amount = toBudget(row.amount, row.currency, row.day);
    if (amount === undefined) {
      missing.add(row.currency);
      continue;
    }
    if (row.category_type === 'INCOME') income.set(month, (income.get(month) ?? 0) + amount);
    else add(activity, month, row.category_id, amount);
  }
  const assigned = new Map<MonthIndex, Map<string, number>>();
  for (const a of assignments) {
    const month = parseMonth(a.month);
    if (month !== undefined) add(assigned, month, a.category_id, a.amount);
  }
  const inputs: MonthInput[] = [];
  for (let m = first; m <= last; m++) {
    inputs.push({ month: m, income: income.get(m) ?? 0, assigned: assigned.get(m) ?? new Map(), activity: activity.get(m) ?? new Map() });
  }
  const spending = new Map<MonthIndex, Map<string, number>>();
  for (const [m, byCategory] of activity) spending.set(m, new Map([...byCategory].map(([id, v]) => [id, -v])));
  return { inputs, spending, missing };
}

function add(into: Map<MonthIndex, Map<string, number>>, month: MonthIndex, id: string, amount: number): void {
  let m = into.get(month);
  if (!m) into.set(month, (m = new Map()));
  m.set(id, (m.get(id) ?? 0) + amount);
}
