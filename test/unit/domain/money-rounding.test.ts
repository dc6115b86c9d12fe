import { describe, expect, it } from 'vitest';
import { roundToCurrency } from '../../../src/main/engine/domain/money-rounding';

describe('roundToCurrency (half to even, on the decimal text)', () => {
  it.each([
    ['0.125', 2, '0.12', true],
    ['0.135', 2, '0.14', true],
    ['0.1251', 2, '0.13', true],
    ['-123.456', 2, '-123.46', true],
    ['-123.455', 2, '-123.46', true],
    ['-123.445', 2, '-123.44', true],
    ['100.00', 0, '100', false],
    ['-350.5', 0, '-350', true],
    ['-351.5', 0, '-352', true],
    ['12.3', 2, '12.30', false],
    ['+7', 2, '7.00', false],
    ['-0.004', 2, '0.00', true],
    ['1.2345', 3, '1.234', true],
  ])('%s with %i decimals → %s', (text, exponent, rounded, changed) => {
    expect(roundToCurrency(text, exponent)).toEqual({ text: rounded, changed });
  });

  it('refuses what is not a decimal number or cannot be counted exactly', () => {
    for (const bad of ['', 'abc', '1e5', '1,50', '99999999999999999999.00']) expect(roundToCurrency(bad, 2)).toBeUndefined();
  });
});
