/**
 * The reports' sums, from flows already in the report's currency (report-flows.ts). Amounts are minor units
 * of that currency until `toAmount` turns them into numbers for the answer.
 *
 * - income_expense, by month: income = the net of the income categories, expense = the net spending of the
 *   other categories (transfer categories in neither), net = income − expense.
 * - cash_flow, by month: in = every amount received, out = every amount paid (as a positive number),
 *   net = in − out, whatever the category (transfers linked between the person's accounts are not counted).
 * - spending by category or by tag over a period, beside the previous period of the same length; a
 *   transaction with two tags counts under both, an untagged one under none.
 * - top payees: what was paid to (and received from) each payee, the most paid first.
 */
import { isIncome, isSpending, monthOfDay, type Flow } from './report-flows';

export interface MonthIncomeExpense {
  month: string;
  income: number;
  expense: number;
  net: number;
}

export interface MonthCashFlow {
  month: string;
  in: number;
  out: number;
  net: number;
}

export interface SpendingRow {
  /** The category id or the tag. */
  key: string;
  amount: number;
  previous_amount: number;
  count: number;
}

export interface PayeeRow {
  payee_id: number;
  payee_name: string;
  spent: number;
  received: number;
  count: number;
}

const net = (f: Flow) => f.inflow + f.outflow;

/** Adds `value` to the entry of `key`, made by `make` the first time. */
function bump<T>(map: Map<string, T>, key: string, make: () => T, add: (entry: T) => void): void {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = make()));
  add(entry);
}

/** Every month of the period, so that a chart shows the empty ones too. */
function byMonth<T>(months: readonly string[], make: (month: string) => T): Map<string, T> {
  return new Map(months.map((m) => [m, make(m)]));
}

export function incomeExpense(flows: readonly Flow[], months: readonly string[]): MonthIncomeExpense[] {
  const out = byMonth(months, (month) => ({ month, income: 0, expense: 0, net: 0 }));
  for (const f of flows) {
    bump(out, monthOfDay(f.day), () => ({ month: monthOfDay(f.day), income: 0, expense: 0, net: 0 }), (m) => {
      if (isIncome(f)) m.income += net(f);
      else if (isSpending(f)) m.expense -= net(f);
      m.net = m.income - m.expense;
    });
  }
  return [...out.values()];
}

export function cashFlow(flows: readonly Flow[], months: readonly string[]): MonthCashFlow[] {
  const out = byMonth(months, (month) => ({ month, in: 0, out: 0, net: 0 }));
  for (const f of flows) {
    bump(out, monthOfDay(f.day), () => ({ month: monthOfDay(f.day), in: 0, out: 0, net: 0 }), (m) => {
      m.in += f.inflow;
      m.out -= f.outflow;
      m.net = m.in - m.out;
    });
  }
  return [...out.values()];
}

/** Spending per key (category or tag) in the period and the previous one, the largest first. */
export function spendingBy(current: readonly Flow[], previous: readonly Flow[], keysOf: (f: Flow) => readonly string[]): SpendingRow[] {
  const rows = new Map<string, SpendingRow>();
  const add = (flows: readonly Flow[], field: 'amount' | 'previous_amount') => {
    for (const f of flows) {
      if (!isSpending(f)) continue;
      for (const key of keysOf(f)) {
        bump(rows, key, () => ({ key, amount: 0, previous_amount: 0, count: 0 }), (r) => {
          r[field] -= net(f);
          if (field === 'amount') r.count += f.count;
        });
      }
    }
  };
  add(current, 'amount');
  add(previous, 'previous_amount');
  return [...rows.values()]
    .filter((r) => r.amount !== 0 || r.previous_amount !== 0)
    .sort((a, b) => b.amount - a.amount || a.key.localeCompare(b.key));
}

export function topPayees(flows: readonly Flow[], limit: number): PayeeRow[] {
  const rows = new Map<string, PayeeRow>();
  for (const f of flows) {
    if (f.payee_id === null) continue;
    const id = f.payee_id;
    bump(rows, String(id), () => ({ payee_id: id, payee_name: f.payee_name ?? '', spent: 0, received: 0, count: 0 }), (r) => {
      r.spent -= f.outflow;
      r.received += f.inflow;
      r.count += f.count;
    });
  }
  return [...rows.values()].sort((a, b) => b.spent - a.spent || a.payee_name.localeCompare(b.payee_name)).slice(0, limit);
}

/** Minor units of a currency with `exponent` decimals as the number the answer carries. */
export const toAmount = (minor: number, exponent: number): number => minor / 10 ** exponent;
