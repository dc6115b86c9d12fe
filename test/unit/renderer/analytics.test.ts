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
  it('sums per currency, debts apart, only the accounts counted in totals', () => {
    const totals = netWorth([
      account('a', 1000.1),
      account('b', -200.05, { type: 'LOAN' }),
      account('c', 50, { currency: 'USD' }),
      account('d', 999, { status: 'CLOSED' }),
      account('e', 4000, { status: 'PENDING_CONSENT' }),
      account('f', 70, { status: 'SUSPENDED' }),
      account('g', 30, { hidden_from_totals: true } as Partial<Account>),
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
    // A period and a step: one point every 2 days counted back from the last day, each with its first day.
    const stepped = balanceSeries([account('a', 100)], t, { from: 96 * DAY, to: 100 * DAY, step: 2, now });
    expect(stepped.map((p) => [p.from / DAY, p.t / DAY, p.balance])).toEqual([
      [96, 96, 75],
      [97, 98, 105],
      [99, 100, 100],
    ]);
  });

  it('keeps a closed account’s history as it was up to its closing day, then stops', () => {
    const now = 200 * DAY;
    const t = new TxTable();
    t.upsert(
      [
        [97, 40],
        [99, -15],
      ].map(([d, amount], i) => ({
        id: String(i),
        account_id: 's',
        amount,
        currency: 'EUR',
        date: d * DAY,
        import_date: 0,
        last_update_date: 0,
        label: '',
        type: 'OTHER',
        origin: 'TRANSACTION',
        category_id: 'UNCATEGORIZED',
        status: 'BOOKED',
      })) as Transaction[],
    );
    // Closed on day 100 with 3,000 on it; the contract shows its balance as 0 since.
    const closed = { ...account('s', 0, { status: 'CLOSED' }), closing_balance: 3000, closing_date: 100 * DAY + 500 };
    const points = balanceSeries([closed], t, { from: 95 * DAY, step: 1, now });
    expect(points.map((p) => [p.t / DAY, p.balance])).toEqual([
      [95, 2975],
      [96, 2975],
      [97, 3015],
      [98, 3015],
      [99, 3000],
      [100, 3000],
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
      { t: month(2025, 2, 1), from: month(2025, 2, 1), to: month(2025, 2, 31), HOUSING: 800, FOOD: 40, __other: 0 },
      { t: month(2025, 3, 1), from: month(2025, 3, 1), to: month(2025, 3, 20), HOUSING: 0, FOOD: 60, __other: 12 },
    ]);
    expect(s.otherIds).toEqual(['CINEMA']);

    // A period and a set of accounts: only their rows, the months cut to the period.
    add(month(2025, 3, 10), -1000, 'RENT', { account_id: 'hidden' });
    const p = spendingByCategory(t, categories, {
      currency: 'EUR',
      otherLabel: 'Other',
      from: month(2025, 2, 20),
      to: month(2025, 3, 5),
      accounts: new Set(['a']),
    });
    expect(p.keys.map((k) => k.id)).toEqual(['FOOD', 'CINEMA']);
    expect(p.months).toEqual([
      { t: month(2025, 2, 1), from: month(2025, 2, 20), to: month(2025, 2, 31), FOOD: 0, CINEMA: 0 },
      { t: month(2025, 3, 1), from: month(2025, 3, 1), to: month(2025, 3, 5), FOOD: 60, CINEMA: 12 },
    ]);
  });
});
