import { describe, expect, it } from 'vitest';
import { parseMonth } from '../../../../src/main/engine/domain/budgets/month-key';
import { targetForMonth } from '../../../../src/main/engine/domain/budgets/targets';

const NOV = parseMonth('2026-11')!;
const at = (over: Partial<Parameters<typeof targetForMonth>[1]> = {}) => ({ month: NOV, carryIn: 0, assigned: 0, spentBefore: [], ...over });

describe('budget targets', () => {
  it('an amount each month asks for it every month, less what is assigned', () => {
    expect(targetForMonth({ kind: 'MONTHLY', amount: 5_000 }, at({ assigned: 2_000 }))).toEqual({ amount: 5_000, needed: 3_000 });
    expect(targetForMonth({ kind: 'MONTHLY', amount: 5_000 }, at({ assigned: 9_000 })).needed).toBe(0);
  });

  it('an amount by a month is spread over the months left, counting what the category holds', () => {
    const march = parseMonth('2027-03')!; // Nov, Dec, Jan, Feb, Mar: 5 months
    expect(targetForMonth({ kind: 'BY_DATE', amount: 100_000, month: march }, at()).amount).toBe(20_000);
    expect(targetForMonth({ kind: 'BY_DATE', amount: 100_000, month: march }, at({ carryIn: 50_000 })).amount).toBe(10_000);
    expect(targetForMonth({ kind: 'BY_DATE', amount: 100_001, month: march }, at()).amount).toBe(20_001); // rounded up
    expect(targetForMonth({ kind: 'BY_DATE', amount: 100_000, month: NOV - 1 }, at()).amount).toBe(0); // passed
    expect(targetForMonth({ kind: 'BY_DATE', amount: 100_000, month: march }, at({ carryIn: 120_000 })).amount).toBe(0);
  });

  it('as the last months asks for their average spending (refund months count as nothing spent)', () => {
    expect(targetForMonth({ kind: 'AVERAGE', months: 3 }, at({ spentBefore: [300, 600, 900, 10_000] })).amount).toBe(600);
    expect(targetForMonth({ kind: 'AVERAGE', months: 3 }, at({ spentBefore: [300, -600] })).amount).toBe(100);
    expect(targetForMonth({ kind: 'AVERAGE', months: 6 }, at()).amount).toBe(0);
  });
});
