import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../src/main/engine/domain/errors';
import { parseSplits, refitSplits } from '../../../src/main/engine/domain/splits';

const known = (id: string) => ['GROCERIES', 'HEALTH', 'UNCATEGORIZED'].includes(id);
const eur = { amount: -4_250, currency: 'EUR', exponent: 2 };

describe('parseSplits', () => {
  it('keeps parts that add up exactly, in minor units, notes trimmed', () => {
    expect(
      parseSplits(
        [
          { amount: -30.1, category_id: 'GROCERIES', note: '  food ' },
          { amount: -12.4, category_id: 'HEALTH', note: '' },
        ],
        eur,
        known,
      ),
    ).toEqual([
      { amount: -3_010, category_id: 'GROCERIES', note: 'food' },
      { amount: -1_240, category_id: 'HEALTH', note: null },
    ]);
  });

  it('says by how much parts that do not add up are off, both ways', () => {
    const off = (a: number, b: number) => () => parseSplits([{ amount: a, category_id: 'GROCERIES' }, { amount: b, category_id: 'HEALTH' }], eur, known);
    expect(off(-30, -12)).toThrow('the parts add up to -42.00 EUR but the transaction is -42.50 EUR, 0.50 EUR apart: change the parts so that they add up to -42.50 EUR');
    expect(off(-30, -13)).toThrow('the parts add up to -43.00 EUR but the transaction is -42.50 EUR, 0.50 EUR apart');
  });

  it('refuses fewer than 2 parts, a zero part, too many decimals, an unknown category, a long note', () => {
    const cases: Array<Parameters<typeof parseSplits>[0]> = [
      [{ amount: -42.5, category_id: 'GROCERIES' }],
      [{ amount: -42.5, category_id: 'GROCERIES' }, { amount: 0, category_id: 'HEALTH' }],
      [{ amount: -42.495, category_id: 'GROCERIES' }, { amount: -0.005, category_id: 'HEALTH' }],
      [{ amount: -40, category_id: 'NOPE' }, { amount: -2.5, category_id: 'HEALTH' }],
      [{ amount: -40, category_id: 'GROCERIES', note: 'x'.repeat(201) }, { amount: -2.5, category_id: 'HEALTH' }],
      [{ amount: Number.NaN, category_id: 'GROCERIES' }, { amount: -2.5, category_id: 'HEALTH' }],
    ];
    for (const input of cases) expect(() => parseSplits(input, eur, known)).toThrow(InvalidInput);
  });

  it('reads amounts in the currency’s own decimals (JPY has none)', () => {
    const jpy = { amount: -1_000, currency: 'JPY', exponent: 0 };
    expect(parseSplits([{ amount: -600, category_id: 'GROCERIES' }, { amount: -400, category_id: 'HEALTH' }], jpy, known).map((p) => p.amount)).toEqual([-600, -400]);
    expect(() => parseSplits([{ amount: -600.5, category_id: 'GROCERIES' }, { amount: -399.5, category_id: 'HEALTH' }], jpy, known)).toThrow(InvalidInput);
  });
});

describe('refitSplits', () => {
  const parts = [
    { amount: -3_000, category_id: 'GROCERIES', note: null },
    { amount: -1_250, category_id: 'HEALTH', note: null },
  ];
  it('gives the difference to the last part when the booked amount changed', () => {
    expect(refitSplits(parts, -4_500)).toEqual([parts[0], { ...parts[1], amount: -1_500 }]);
    expect(refitSplits(parts, -4_250)).toEqual(parts);
  });
  it('drops the split when the last part would reach 0 or change sign', () => {
    expect(refitSplits(parts, -3_000)).toBeNull();
    expect(refitSplits(parts, -2_000)).toBeNull();
  });
});
