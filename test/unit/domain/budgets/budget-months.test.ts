import { describe, expect, it } from 'vitest';
import { budgetMonths, type MonthInput } from '../../../../src/main/engine/domain/budgets/budget-months';
import type { CarryChoice } from '../../../../src/main/engine/domain/budgets/carry';
import { monthOf, monthStart, monthText, parseMonth } from '../../../../src/main/engine/domain/budgets/month-key';

const JAN = parseMonth('2026-01')!;
const month = (offset: number, income: number, assigned: Record<string, number>, activity: Record<string, number>): MonthInput => ({
  month: JAN + offset,
  income,
  assigned: new Map(Object.entries(assigned)),
  activity: new Map(Object.entries(activity)),
});

const envelope = (months: MonthInput[], carry: Record<string, CarryChoice> = {}, startingFunds = 100_000) =>
  budgetMonths({ style: 'ENVELOPE', startingFunds, months, carry: (id) => carry[id] });

describe('budget months, envelope style', () => {
  it('assigns from the funds held, and a surplus stays in its category next month', () => {
    const [jan, feb] = envelope([month(0, 0, { FOOD: 30_000 }, { FOOD: -25_000 }), month(1, 200_000, { FOOD: 30_000 }, { FOOD: -10_000 })]);
    expect(jan.toAssign).toBe(70_000);
    expect(jan.categories.get('FOOD')).toEqual({ carryIn: 0, assigned: 30_000, activity: -25_000, available: 5_000 });
    expect(feb.categories.get('FOOD')).toEqual({ carryIn: 5_000, assigned: 30_000, activity: -10_000, available: 25_000 });
    expect(feb.fromLastMonth).toBe(0);
    expect(feb.toAssign).toBe(70_000 + 200_000 - 30_000);
  });

  it('overspending is taken from next month’s money to assign, and the category starts again at zero', () => {
    const [, feb] = envelope([month(0, 0, { FOOD: 30_000 }, { FOOD: -40_000 }), month(1, 0, {}, {})]);
    expect(feb.fromLastMonth).toBe(-10_000);
    expect(feb.toAssign).toBe(70_000 - 10_000);
    expect(feb.categories.has('FOOD')).toBe(false);
  });

  it('a deficit that carries keeps the category below zero and leaves the money to assign alone', () => {
    const [, feb] = envelope([month(0, 0, { FOOD: 30_000 }, { FOOD: -40_000 }), month(1, 0, {}, {})], {
      FOOD: { carrySurplus: true, carryDeficit: true },
    });
    expect(feb.categories.get('FOOD')?.carryIn).toBe(-10_000);
    expect(feb.categories.get('FOOD')?.available).toBe(-10_000);
    expect(feb.toAssign).toBe(70_000);
  });

  it('a surplus that does not carry goes back to the money to assign', () => {
    const [, feb] = envelope([month(0, 0, { GIFTS: 10_000 }, { GIFTS: -4_000 }), month(1, 0, {}, {})], {
      GIFTS: { carrySurplus: false, carryDeficit: false },
    });
    expect(feb.fromLastMonth).toBe(6_000);
    expect(feb.toAssign).toBe(90_000 + 6_000);
    expect(feb.categories.has('GIFTS')).toBe(false);
  });

  it('a month with no income and more assigned than held says so with a negative money to assign', () => {
    const [jan] = envelope([month(0, 0, { RENT: 150_000 }, {})]);
    expect(jan.toAssign).toBe(-50_000);
  });

  it('spending in a category nobody assigned to shows as overspent there', () => {
    const [jan] = envelope([month(0, 0, {}, { UNCATEGORIZED: -1_234 })]);
    expect(jan.categories.get('UNCATEGORIZED')?.available).toBe(-1_234);
  });
});

describe('budget months, tracking style', () => {
  it('compares plan and spending each month and carries nothing', () => {
    const [jan, feb] = budgetMonths({
      style: 'TRACKING',
      startingFunds: 999_999,
      months: [month(0, 300_000, { FOOD: 30_000 }, { FOOD: -40_000 }), month(1, 300_000, { FOOD: 30_000 }, { FOOD: -5_000 })],
      carry: () => ({ carrySurplus: true, carryDeficit: true }),
    });
    expect(jan.categories.get('FOOD')).toEqual({ carryIn: 0, assigned: 30_000, activity: -40_000, available: -10_000 });
    expect(feb.categories.get('FOOD')).toEqual({ carryIn: 0, assigned: 30_000, activity: -5_000, available: 25_000 });
    expect(jan.toAssign).toBe(270_000);
    expect(feb.toAssign).toBe(270_000);
  });
});

describe('budget month keys', () => {
  it('reads YYYY-MM between 1999 and 2199 only', () => {
    expect(monthText(parseMonth('2026-11')!)).toBe('2026-11');
    for (const bad of ['2026-13', '2026-00', '1998-12', '2200-01', '2026-1', '26-11', '2026-11-01', ' 2026-11']) expect(parseMonth(bad)).toBeUndefined();
  });
  it('a month covers its UTC days', () => {
    const nov = parseMonth('2026-11')!;
    expect(monthStart(nov)).toBe(Date.UTC(2026, 10, 1) / 1000);
    expect(monthOf(monthStart(nov + 1) - 1)).toBe(nov);
    expect(monthOf(monthStart(nov + 1))).toBe(nov + 1);
    expect(monthText(parseMonth('2026-12')! + 1)).toBe('2027-01');
  });
});
