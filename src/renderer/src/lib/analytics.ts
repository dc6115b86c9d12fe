import type { Account, AccountType, Category } from './api/types';
import type { TxTable } from './tx-table';
import { notCountedReason } from './account-sharing';

const DAY = 86400;

export interface CurrencyTotals {
  currency: string;
  assets: number;
  debts: number;
  total: number;
  accounts: number;
}

/**
 * Net worth per currency (no exchange rates on a local machine: currencies are never mixed), over the
 * accounts that count in the totals (see account-sharing.ts: shared, not hidden).
 */
export function netWorth(accounts: readonly Account[]): CurrencyTotals[] {
  const map = new Map<string, CurrencyTotals>();
  for (const a of accounts) {
    if (notCountedReason(a) !== null) continue;
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
  /** First day (UTC seconds) of the stretch of days this point closes: the history behind the point. */
  from: number;
}

/** An account as the balance history reads it: the closing extension fields when the person closed it. */
type HistoryAccount = Pick<Account, 'id' | 'balance'> & { closing_balance?: number; closing_date?: number };

/**
 * Where an account's history is rebuilt from: its balance today, or, for an account the person closed, the
 * balance it had on the closing day (the contract sets the balance to 0 on closing; the engine keeps the
 * balance and day of the closing as the extension fields `closing_balance` and `closing_date`).
 */
function anchorOf(account: HistoryAccount, today: number): { day: number; balance: number } {
  if (account.closing_date !== undefined && account.closing_balance !== undefined) {
    return { day: Math.min(today, Math.floor(account.closing_date / DAY)), balance: account.closing_balance };
  }
  return { day: today, balance: account.balance ?? 0 };
}

/**
 * The balance of a set of accounts from `from` to `to` (UTC seconds of days, included; default the last
 * `days` days), rebuilt backwards from each account's anchor (today's balance, or the balance on its closing
 * day): each day's closing balance is the next day's minus that next day's booked transactions, so a closed
 * account's history stays what it was up to its closing day and stops there. One point every `step` days,
 * counted back from the last day.
 */
export function balanceSeries(
  accounts: readonly HistoryAccount[],
  table: TxTable,
  options: { days?: number; step?: number; now?: number; from?: number; to?: number } = {},
): BalancePoint[] {
  const step = Math.max(1, options.step ?? 7);
  const today = Math.floor((options.now ?? Date.now() / 1000) / DAY);
  const anchors = new Map(accounts.map((a) => [a.id, anchorOf(a, today)]));
  let last = -Infinity;
  for (const a of anchors.values()) last = Math.max(last, a.day);
  if (!Number.isFinite(last)) last = today;
  const end = Math.min(last, options.to !== undefined ? Math.floor(options.to / DAY) : today);
  const start = options.from !== undefined ? Math.floor(options.from / DAY) : today - (options.days ?? 365);
  if (start > end) return [];
  // Transactions after `end` (up to each anchor) are undone first, then day by day back to `start`.
  let balance = 0;
  for (const a of anchors.values()) balance += a.balance;
  const perDay = new Float64Array(end - start + 1);
  for (let i = 0; i < table.size; i++) {
    if (table.statuses[i] !== 'BOOKED') continue;
    const anchor = anchors.get(table.accountIds[i]);
    if (!anchor) continue;
    const day = Math.floor(table.dates[i] / DAY);
    if (day <= start || day > anchor.day) continue;
    if (day > end) balance -= table.amounts[i];
    else perDay[day - start] += table.amounts[i];
  }
  const points: BalancePoint[] = [];
  for (let day = end; day >= start; day--) {
    if ((end - day) % step === 0) {
      points.push({
        t: day * DAY,
        balance: Math.round(balance * 100) / 100,
        from: Math.max(start, day - step + 1) * DAY,
      });
    }
    balance -= perDay[day - start];
  }
  return points.reverse();
}

export interface SpendingSeries {
  months: Array<Record<string, number | string>>;
  keys: Array<{ id: string; label: string }>;
  /** The category groups summed in "other" (for the drill-down). */
  otherIds: string[];
}

const monthKey = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * Spending (booked debits, transfers and income left out; a split debit counted as its parts) per month and top-level category, from `from` to
 * `to` (UTC seconds of days, included; default the last `months` months including the current one), of the
 * `accounts` given (default all) in `currency`; the `top` biggest categories, the rest grouped as "other".
 * Each month row has `t` (its first day) and the day span it covers in the period (`from`, `to`, included).
 */
export function spendingByCategory(
  table: TxTable,
  categories: ReadonlyMap<string, Category>,
  options: {
    months?: number;
    top?: number;
    currency: string;
    otherLabel: string;
    now?: number;
    from?: number;
    to?: number;
    accounts?: ReadonlySet<string>;
  },
): SpendingSeries {
  const top = options.top ?? 5;
  const nowDay = Math.floor((options.now ?? Date.now() / 1000) / DAY);
  const lastDay = options.to !== undefined ? Math.floor(options.to / DAY) : nowDay;
  const firstDay =
    options.from !== undefined
      ? Math.floor(options.from / DAY)
      : (() => {
          const m = monthKey(lastDay * DAY) - (options.months ?? 6) + 1;
          return Date.UTC(Math.floor(m / 12), m % 12, 1) / 1000 / DAY;
        })();
  const first = monthKey(firstDay * DAY);
  const current = monthKey(lastDay * DAY);
  if (lastDay < firstDay) return { months: [], keys: [], otherIds: [] };
  // Hot loop over every row (100,000+): the month of each day and the group of each category are looked up
  // in tables built once, and sums go to one array of months per group.
  const monthOfDay = new Int32Array(lastDay - firstDay + 1);
  for (let d = firstDay; d <= lastDay; d++) monthOfDay[d - firstDay] = monthKey(d * DAY) - first;
  const monthCount = current - first + 1;
  const groupOf = new Map<string, string | null>();
  const perGroup = new Map<string, Float64Array>();
  const add = (categoryId: string, amount: number, month: number) => {
    let group = groupOf.get(categoryId);
    if (group === undefined) {
      const category = categories.get(categoryId);
      group =
        category?.type === 'TRANSFER' || category?.type === 'INCOME'
          ? null
          : (category?.parent?.id ?? category?.id ?? categoryId);
      groupOf.set(categoryId, group);
    }
    if (group === null) return;
    let sums = perGroup.get(group);
    if (!sums) perGroup.set(group, (sums = new Float64Array(monthCount)));
    sums[month] -= amount;
  };
  for (let i = 0; i < table.size; i++) {
    const amount = table.amounts[i];
    if (amount >= 0 || table.statuses[i] !== 'BOOKED' || table.currencies[i] !== options.currency) continue;
    if (options.accounts && !options.accounts.has(table.accountIds[i])) continue;
    // Money moved between the person's own accounts is not spending: the bank's type, or a transfer link.
    if (table.types[i] === 'INTERNAL_TRANSFER' || table.transfers[i] !== null) continue;
    const day = Math.floor(table.dates[i] / DAY);
    if (day < firstDay || day > lastDay) continue;
    const month = monthOfDay[day - firstDay];
    const parts = table.splits[i];
    // A split row counts as its parts, each under its own category (a refund part lowers its category).
    if (parts) for (const part of parts) add(part.category_id, part.amount, month);
    else add(table.categories[i], amount, month);
  }
  const totals = [...perGroup.entries()].map(([id, sums]) => [id, sums.reduce((a, b) => a + b, 0)] as const);
  const ranked = totals.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const topIds = ranked.slice(0, top).map(([id]) => id);
  const otherIds = ranked.slice(top).map(([id]) => id);
  const keys = topIds.map((id) => ({ id, label: categories.get(id)?.label ?? id }));
  if (otherIds.length) keys.push({ id: '__other', label: options.otherLabel });
  const round = (n: number) => Math.round(n * 100) / 100;
  const months: SpendingSeries['months'] = [];
  for (let m = first; m <= current; m++) {
    const k = m - first;
    const t = Date.UTC(Math.floor(m / 12), m % 12, 1) / 1000;
    const next = Date.UTC(Math.floor((m + 1) / 12), (m + 1) % 12, 1) / 1000;
    const row: Record<string, number | string> = {
      t,
      from: Math.max(t, firstDay * DAY),
      to: Math.min(next / DAY - 1, lastDay) * DAY,
    };
    for (const id of topIds) row[id] = round(perGroup.get(id)![k]);
    if (otherIds.length) row.__other = round(otherIds.reduce((sum, id) => sum + perGroup.get(id)![k], 0));
    months.push(row);
  }
  return { months, keys, otherIds };
}
