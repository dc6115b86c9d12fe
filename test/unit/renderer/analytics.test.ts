import { describe, expect, it } from 'vitest';
import { balanceSeries, netWorth, spendingByCategory } from '../../../src/renderer/src/lib/analytics';
import type { Account, Category, Transaction } from '../../../src/renderer/src/lib/api/types';
import { TxTable } from '../../../src/renderer/src/lib/tx-table';

const DAY = 86400;
const account = (id: string, balance: number, over: Partial<Account> = {}): Account => ({
  id,
  connection_id: 'c',
  name: id,
  currency: 'EUR',
  balance,
  reference: id,
  status: 'ACTIVE',
  type: 'CHECKINGS',
  usage: 'PERSONAL',
  creation_date: 0,
  ...over,
});

describe('net worth', () => {
  it('sums per currency, debts apart, closed accounts left out', () => {
    const totals = netWorth([
      account('a', 1000.1),
      account('b', -200.05, { type: 'LOAN' }),
      account('c', 50, { currency: 'USD' }),
      account('d', 999, { status: 'CLOSED' }),
    ]);
    expect(totals[0]).toEqual({ currency: 'EUR', assets: 1000.1, debts: -200.05, total: 800.05, accounts: 2 });
    expect(totals[1]).toMatchObject({ currency: 'USD', total: 50 });
  });
});

describe('balance over time', () => {
  it('rebuilds past balances backwards from today with the booked transactions only', () => {
    const now = 100 * DAY + 3600;
    const t = new TxTable();
    const tx = (
      id: string,
      dayIndex: number,
      amount: number,
      status: Transaction['status'] = 'BOOKED',
    ): Transaction => ({
      id,
      account_id: 'a',
      amount,
      currency: 'EUR',
      date: dayIndex * DAY,
      import_date: 0,
      last_update_date: 0,
      label: id,
      type: 'OTHER',
      origin: 'TRANSACTION',
      category_id: 'UNCATEGORIZED',
      status,
    });
    t.upsert([tx('1', 98, 30), tx('2', 99, -10), tx('3', 99, -500, 'PENDING'), tx('4', 100, 5)]);
    const points = balanceSeries([account('a', 100)], t, { days: 4, step: 1, now });
    expect(points.map((p) => [p.t / DAY, p.balance])).toEqual([
      [96, 75],
      [97, 75],
      [98, 105],
      [99, 95],
      [100, 100],
    ]);
  });
});

describe('spending by category', () => {
  it('groups booked debits by month and parent category, the rest as other, transfers and income left out', () => {
    const month = (y: number, m: number, d = 5) => Date.UTC(y, m, d) / 1000;
    const categories = new Map<string, Category>([
      [
        'SUPERMARKET',
        { id: 'SUPERMARKET', label: 'Groceries', type: 'EXPENSE', parent: { id: 'FOOD', label: 'Food' } },
      ],
      ['FOOD', { id: 'FOOD', label: 'Food', type: 'EXPENSE' }],
      ['RENT', { id: 'RENT', label: 'Rent', type: 'EXPENSE', parent: { id: 'HOUSING', label: 'Housing' } }],
      ['HOUSING', { id: 'HOUSING', label: 'Housing', type: 'EXPENSE' }],
      ['CINEMA', { id: 'CINEMA', label: 'Cinema', type: 'EXPENSE' }],
      ['TRANSFER', { id: 'TRANSFER', label: 'Transfer', type: 'TRANSFER' }],
    ]);
    const t = new TxTable();
    let n = 0;
    const add = (date: number, amount: number, category_id: string, extra: Partial<Transaction> = {}) =>
      t.upsert([
        {
          id: String(++n),
          account_id: 'a',
          amount,
          currency: 'EUR',
          date,
          import_date: 0,
          last_update_date: 0,
          label: '',
          type: 'OTHER',
          origin: 'TRANSACTION',
          status: 'BOOKED',
          category_id,
          ...extra,
        },
      ]);
    add(month(2025, 2), -40, 'SUPERMARKET');
    add(month(2025, 2), -800, 'RENT');
    add(month(2025, 3), -60, 'SUPERMARKET');
    add(month(2025, 3), -12, 'CINEMA');
    add(month(2025, 3), -1000, 'TRANSFER');
    add(month(2025, 3), 2000, 'SUPERMARKET');
    add(month(2025, 3), -99, 'SUPERMARKET', { status: 'PENDING' });
    add(month(2025, 3), -7, 'SUPERMARKET', { currency: 'USD' });
    add(month(2024, 1), -5, 'SUPERMARKET');
    const s = spendingByCategory(t, categories, {
      months: 2,
      top: 2,
      currency: 'EUR',
      otherLabel: 'Other',
      now: month(2025, 3, 20),
    });
    expect(s.keys).toEqual([
      { id: 'HOUSING', label: 'Housing' },
      { id: 'FOOD', label: 'Food' },
      { id: '__other', label: 'Other' },
    ]);
    expect(s.months).toEqual([
      { t: month(2025, 2, 1), HOUSING: 800, FOOD: 40, __other: 0 },
      { t: month(2025, 3, 1), HOUSING: 0, FOOD: 60, __other: 12 },
    ]);
  });
});
