import { describe, expect, it } from 'vitest';
import { detectDecimalSeparator, parseDecimal, parseLooseAmount } from '../../../src/main/engine/connectors/statements/formats/amount';

describe('parseDecimal (machine amounts)', () => {
  it.each([
    ['-12.30', 'EUR', '.', '-12.30'],
    ['12.3', 'EUR', '.', '12.30'],
    ['+1500', 'EUR', '.', '1500.00'],
    ['0012.50', 'EUR', '.', '12.50'],
    ['-0.00', 'EUR', '.', '0.00'],
    ['-12,30', 'EUR', 'either', '-12.30'],
    ['1234,', 'EUR', ',', '1234.00'],
    ['.5', 'USD', '.', '0.50'],
    ['12.345', 'EUR', '.', '12.345'],
    ['12.3400', 'EUR', '.', '12.34'],
    ['1500', 'JPY', '.', '1500'],
    ['1500.00', 'JPY', '.', '1500'],
    ['1.5', 'KWD', '.', '1.500'],
    [' 7.00 ', 'EUR', '.', '7.00'],
  ] as const)('%s (%s, %s) → %s', (text, currency, sep, expected) => {
    expect(parseDecimal(text, currency, sep)).toBe(expected);
  });

  it.each(['', '-', '.', '12,3x', '1.2.3', '12 30', '--1', '1e5', 'NaN', '12,30', '1234567890123456789012'])(
    'rejects %j',
    (text) => {
      expect(parseDecimal(text, 'EUR', '.')).toBeNull();
    },
  );
});

describe('parseLooseAmount (human amounts)', () => {
  it.each([
    ['-12,30', ',', '-12.30'],
    ['1 234,56', ',', '1234.56'],
    ['1\u00a0234,56', ',', '1234.56'],
    ['1\u202f234,56', ',', '1234.56'],
    ['1.234,56', ',', '1234.56'],
    ['-1.234.567,8', ',', '-1234567.80'],
    ['1,234.56', '.', '1234.56'],
    ['$1,234.56', '.', '1234.56'],
    ['-12,30 €', ',', '-12.30'],
    ['12,30 EUR', ',', '12.30'],
    ['EUR -5', ',', '-5.00'],
    ['(12.30)', '.', '-12.30'],
    ['12.30-', '.', '-12.30'],
    ['+7', '.', '7.00'],
    ["1'234.50", '.', '1234.50'],
    ['\u221212,00', ',', '-12.00'],
  ] as const)('%j with %s → %s', (text, decimal, expected) => {
    expect(parseLooseAmount(text, decimal, 'EUR')).toBe(expected);
  });

  it.each([
    ['12,3x', ','],
    ['1.23.4,5', ','],
    ['12,30,1', ','],
    ['abc', '.'],
    ['', '.'],
    ['--5', '.'],
    ['1,23.45', '.'],
  ] as const)('rejects %j', (text, decimal) => {
    expect(parseLooseAmount(text, decimal, 'EUR')).toBeNull();
  });
});

describe('detectDecimalSeparator', () => {
  it('votes on unambiguous values', () => {
    expect(detectDecimalSeparator(['-12,30', '1 234,56', '5'])).toBe(',');
    expect(detectDecimalSeparator(['1.234,56'])).toBe(',');
    expect(detectDecimalSeparator(['1,234.56', '-3.10'])).toBe('.');
    expect(detectDecimalSeparator(['1,234,567'])).toBe('.');
    expect(detectDecimalSeparator(['1,234'])).toBe('.');
    expect(detectDecimalSeparator([])).toBe('.');
  });
});
