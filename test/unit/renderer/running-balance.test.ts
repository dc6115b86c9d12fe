import { describe, expect, it } from 'vitest';
import { runningBalances, widestBalance } from '../../../src/renderer/src/lib/running-balance';
import type { TxTable } from '../../../src/renderer/src/lib/tx-table';

const table = (rows: Array<[id: string, account: string, status: string, date: number, amount: number]>) => ({
  size: rows.length,
  ids: rows.map((r) => r[0]),
  accountIds: rows.map((r) => r[1]),
  statuses: rows.map((r) => r[2]) as TxTable['statuses'],
  dates: rows.map((r) => r[3]),
  amounts: rows.map((r) => r[4]),
});

describe('the balance after each row of one account', () => {
  it('is the balance now less every later booked row, by date then id; others get none', () => {
    const t = table([
      ['9', 'a', 'BOOKED', 100, -10],
      ['10', 'a', 'BOOKED', 100, 0.1],
      ['11', 'a', 'PENDING', 300, -50],
      ['12', 'b', 'BOOKED', 200, 999],
      ['13', 'a', 'BOOKED', 200, 0.2],
    ]);
    const balances = runningBalances(t, 'a', 75.3);
    // Newest first: 13 (day 200) → 75.3; then 10 (id 10 > 9 on day 100) → 75.1; then 9 → 75.
    expect([...balances]).toEqual([
      [4, 75.3],
      [1, 75.1],
      [0, 75],
    ]);
  });

  it('sizes the column for the widest balance written', () => {
    expect(widestBalance(undefined, String)).toBe(0);
    expect(widestBalance(new Map([[0, -1234.5], [1, 7]]), (b) => `€${b}`)).toBe('€-1234.5'.length + 2);
  });
});
