import { describe, expect, it } from 'vitest';
import { forecast, paymentDays, type ForecastInput, type ForecastPayment } from '../../../src/main/engine/domain/forecast/forecast';
import { budgetSpending } from '../../../src/main/engine/domain/forecast/budget-spending';

/** The forecast over hand-made inputs: a salary, the rent, a yearly insurance inside the 90 days, a budget. */
const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
const TODAY = day('2026-11-28');
const CHECKING = 1;
const SAVINGS = 2;

const salary: ForecastPayment = { accountId: CHECKING, amount: 250_000, nextDay: day('2026-12-25'), period: 'MONTHLY', dayOfMonth: 25 };
const rent: ForecastPayment = { accountId: CHECKING, amount: -95_000, nextDay: day('2026-12-01'), period: 'MONTHLY', dayOfMonth: 1 };
const insurance: ForecastPayment = { accountId: CHECKING, amount: -44_190, nextDay: day('2027-01-15'), period: 'YEARLY', dayOfMonth: 15 };
const standingOrder: ForecastPayment = { accountId: SAVINGS, amount: 5_000, nextDay: day('2026-12-05'), period: 'MONTHLY', dayOfMonth: 5 };

const input = (over: Partial<ForecastInput> = {}): ForecastInput => ({
  today: TODAY,
  days: 90,
  accounts: [
    { id: CHECKING, currency: 'EUR', balance: 120_000 },
    { id: SAVINGS, currency: 'EUR', balance: 1_000_000 },
  ],
  payments: [salary, rent, insurance, standingOrder],
  ...over,
});
const balanceOn = (points: { day: number; balance: number }[], date: string) => points.find((p) => p.day === day(date))?.balance;
const changes = (points: { day: number; balance: number }[], start: number) => {
  const out: Record<string, number> = {};
  let before = start;
  for (const p of points) {
    if (p.balance !== before) out[iso(p.day)] = p.balance - before;
    before = p.balance;
  }
  return out;
};

describe('forecast', () => {
  it('repeats each confirmed payment by its period on its account, one point a day for 90 days', () => {
    const [checking, savings] = forecast(input());
    expect(checking!.points).toHaveLength(90);
    expect(iso(checking!.points[0]!.day)).toBe('2026-11-29');
    expect(iso(checking!.points[89]!.day)).toBe('2027-02-26');
    expect(changes(checking!.points, 120_000)).toEqual({
      '2026-12-01': -95_000,
      '2026-12-25': 250_000,
      '2027-01-01': -95_000,
      '2027-01-15': -44_190,
      '2027-01-25': 250_000,
      '2027-02-01': -95_000,
      '2027-02-25': 250_000,
    });
    expect(changes(savings!.points, 1_000_000)).toEqual({ '2026-12-05': 5_000, '2027-01-05': 5_000, '2027-02-05': 5_000 });
    expect(checking!.firstBelowZero).toBeUndefined();
  });

  it('says the first day below zero: the rent before the salary', () => {
    const [checking] = forecast(input({ accounts: [{ id: CHECKING, currency: 'EUR', balance: 50_000 }] }));
    expect(balanceOn(checking!.points, '2026-12-01')).toBe(-45_000);
    expect(iso(checking!.firstBelowZero!)).toBe('2026-12-01');
  });

  it('is below zero today when the balance already is', () => {
    const [checking] = forecast(input({ accounts: [{ id: CHECKING, currency: 'EUR', balance: -100 }], payments: [] }));
    expect(checking!.firstBelowZero).toBe(TODAY);
    expect(checking!.points.every((p) => p.balance === -100)).toBe(true);
  });

  it('does not count an expected date already past, but the ones after it', () => {
    const late = { ...rent, nextDay: day('2026-11-20'), dayOfMonth: 20 };
    expect(paymentDays(late, TODAY, TODAY + 90).map(iso)).toEqual(['2026-12-20', '2027-01-20', '2027-02-20']);
  });

  it('spends the budget on its account: this month\'s money left over the days left, next months\' plans net of the bills', () => {
    const budget = { accountId: CHECKING, leftThisMonth: 30_000, plannedByMonth: new Map([[2026 * 12 + 11, 150_000]]) };
    const [checking, savings] = forecast(input({ budget }));
    const c = changes(checking!.points, 120_000);
    // 300.00 left this month over 29 and 30 November.
    expect(c['2026-11-29']).toBe(-15_000);
    expect(c['2026-11-30']).toBe(-15_000);
    // December plans 1,500.00, the rent of 950.00 among it: 550.00 spread over 31 days, the cents left on the 31st.
    expect(c['2026-12-02']).toBe(-1_774);
    expect(c['2026-12-01']).toBe(-95_000 - 1_774);
    expect(c['2026-12-31']).toBe(-1_774 - 6);
    // January plans nothing: only its bills.
    expect(c['2027-01-02']).toBeUndefined();
    expect(iso(checking!.firstBelowZero!)).toBe('2026-12-01');
    expect(changes(savings!.points, 1_000_000)).toEqual({ '2026-12-05': 5_000, '2027-01-05': 5_000, '2027-02-05': 5_000 });
  });

  it('never spreads a negative plan when the bills exceed it', () => {
    const spent = budgetSpending({ accountId: 1, leftThisMonth: 0, plannedByMonth: new Map([[2026 * 12 + 11, 50_000]]) }, [{ day: day('2026-12-01'), amount: -95_000 }], TODAY, TODAY + 90);
    expect(spent.size).toBe(0);
  });

  it('spends exactly a month\'s spread even when the horizon ends inside that month (only its days shown)', () => {
    const spent = budgetSpending({ accountId: 1, leftThisMonth: 0, plannedByMonth: new Map([[2027 * 12 + 1, 28_000]]) }, [], TODAY, TODAY + 90);
    expect([...spent.keys()].map(iso)).toEqual(Array.from({ length: 26 }, (_, i) => `2027-02-${String(i + 1).padStart(2, '0')}`));
    expect([...spent.values()].every((v) => v === 1_000)).toBe(true);
  });
});
