import type { Account, AccountType, Category } from './api/types';
import type { TxTable } from './tx-table';

const DAY = 86400;

export interface CurrencyTotals {
  currency: string;
  assets: number;
  debts: number;
  total: number;
  accounts: number;
}

/** Net worth per currency (no exchange rates on a local machine: currencies are never mixed). */
export function netWorth(accounts: readonly Account[]): CurrencyTotals[] {
  const map = new Map<string, CurrencyTotals>();
  for (const a of accounts) {
    if (a.status === 'CLOSED') continue;
    let t = map.get(a.currency);
    if (!t) map.set(a.currency, (t = { currency: a.currency, assets: 0, debts: 0, total: 0, accounts: 0 }));
    const balance = a.balance ?? 0;
    if (balance >= 0) t.assets += balance;
    else t.debts += balance;
    t.total += balance;
    t.accounts++;
  }
  return [...map.values()].map(round).sort((a, b) => b.accounts - a.accounts || Math.abs(b.total) - Math.abs(a.total));
}

function round(t: CurrencyTotals): CurrencyTotals {
  const r = (n: number) => Math.round(n * 100) / 100;
  return { ...t, assets: r(t.assets), debts: r(t.debts), total: r(t.total) };
}

export const TYPE_ORDER: AccountType[] = ['CHECKINGS', 'SAVINGS', 'CREDIT_CARD', 'LOAN'];

export function accountsByType(accounts: readonly Account[]): Array<{ type: AccountType; accounts: Account[] }> {
  return TYPE_ORDER.map((type) => ({
    type,
    accounts: accounts.filter((a) => a.type === type).sort((a, b) => Math.abs(b.balance) - Math.abs(a.balance)),
  })).filter((g) => g.accounts.length > 0);
}

export interface BalancePoint {
  /** UTC seconds of the day. */
  t: number;
  balance: number;
}

/**
 * The balance of a set of accounts over the last `days`, rebuilt backwards from today's balances: each day's
 * closing balance is the next day's minus that next day's booked transactions. One point every `step` days.
 */
export function balanceSeries(
  accounts: readonly Account[],
  table: TxTable,
  options: { days?: number; step?: number; now?: number } = {},
): BalancePoint[] {
  const days = options.days ?? 365;
  const step = options.step ?? 7;
  const today = Math.floor((options.now ?? Date.now() / 1000) / DAY);
  const start = today - days;
  const ids = new Set(accounts.map((a) => a.id));
  let balance = accounts.reduce((s, a) => s + (a.balance ?? 0), 0);
  const perDay = new Float64Array(days + 2);
  for (let i = 0; i < table.size; i++) {
    if (!ids.has(table.accountIds[i]) || table.statuses[i] !== 'BOOKED') continue;
    const day = Math.floor(table.dates[i] / DAY);
    if (day <= start || day > today) continue;
    perDay[day - start] += table.amounts[i];
  }
  const points: BalancePoint[] = [];
  for (let day = today; day >= start; day--) {
    if ((today - day) % step === 0) points.push({ t: day * DAY, balance: Math.round(balance * 100) / 100 });
    balance -= perDay[day - start];
  }
  return points.reverse();
}

export interface SpendingSeries {
  months: Array<Record<string, number | string>>;
  keys: Array<{ id: string; label: string }>;
}

const monthKey = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * Spending (booked debits, transfers left out) per month and top-level category for the last `months`
 * months including the current one; the `top` biggest categories, the rest grouped as "other".
 */
export function spendingByCategory(
  table: TxTable,
  categories: ReadonlyMap<string, Category>,
  options: { months?: number; top?: number; currency: string; otherLabel: string; now?: number },
): SpendingSeries {
  const monthsBack = options.months ?? 6;
  const top = options.top ?? 5;
  const current = monthKey(options.now ?? Date.now() / 1000);
  const first = current - monthsBack + 1;
  const totals = new Map<string, number>();
  const cells = new Map<string, number>();
  for (let i = 0; i < table.size; i++) {
    const amount = table.amounts[i];
    if (amount >= 0 || table.statuses[i] !== 'BOOKED' || table.currencies[i] !== options.currency) continue;
    const type = table.types[i];
    if (type === 'INTERNAL_TRANSFER') continue;
    const month = monthKey(table.dates[i]);
    if (month < first || month > current) continue;
    const category = categories.get(table.categories[i]);
    if (category?.type === 'TRANSFER' || category?.type === 'INCOME') continue;
    const group = category?.parent?.id ?? category?.id ?? table.categories[i];
    totals.set(group, (totals.get(group) ?? 0) - amount);
    const key = `${month}|${group}`;
    cells.set(key, (cells.get(key) ?? 0) - amount);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]);
  const topIds = ranked.slice(0, top).map(([id]) => id);
  const hasOther = ranked.length > top;
  const keys = topIds.map((id) => ({ id, label: categories.get(id)?.label ?? id }));
  if (hasOther) keys.push({ id: '__other', label: options.otherLabel });
  const months: SpendingSeries['months'] = [];
  for (let m = first; m <= current; m++) {
    const row: Record<string, number | string> = { t: Date.UTC(Math.floor(m / 12), m % 12, 1) / 1000 };
    let other = 0;
    for (const [id] of ranked) {
      const v = cells.get(`${m}|${id}`) ?? 0;
      if (topIds.includes(id)) row[id] = Math.round(v * 100) / 100;
      else other += v;
    }
    if (hasOther) row.__other = Math.round(other * 100) / 100;
    months.push(row);
  }
  return { months, keys };
}
