import type { TxTable } from './tx-table';

/** Ids are decimal texts: a longer one is a larger number. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Kept to a millionth: sums of binary amounts (0.1 + 0.2) must not show stray digits. */
const clean = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The balance after each booked row of one account, by row index of the table: the account's balance now
 * less every booked row after it (by date, then id; the engine's running balance orders them alike).
 * Pending and other rows are not in the balance and get none.
 */
export function runningBalances(
  table: Pick<TxTable, 'size' | 'ids' | 'accountIds' | 'statuses' | 'dates' | 'amounts'>,
  accountId: string,
  balanceNow: number,
): Map<number, number> {
  const rows: number[] = [];
  for (let i = 0; i < table.size; i++) if (table.accountIds[i] === accountId && table.statuses[i] === 'BOOKED') rows.push(i);
  rows.sort((a, b) => table.dates[b] - table.dates[a] || compareIds(table.ids[b], table.ids[a]));
  const out = new Map<number, number>();
  let balance = balanceNow;
  for (const i of rows) {
    out.set(i, clean(balance));
    balance -= table.amounts[i];
  }
  return out;
}

/** The widest balance as written (`format`), in characters: the Amount column must hold it too. */
export function widestBalance(balances: ReadonlyMap<number, number> | undefined, format: (balance: number) => string): number {
  if (!balances?.size) return 0;
  let low = Infinity;
  let high = -Infinity;
  for (const b of balances.values()) {
    low = Math.min(low, b);
    high = Math.max(high, b);
  }
  return Math.max(format(low).length, format(high).length) + 2;
}
