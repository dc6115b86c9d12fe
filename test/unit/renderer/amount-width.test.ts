import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/renderer/core/i18n/format';
import { widestAmount } from '../../../src/renderer/src/lib/amount-width';

const table = {
  amounts: [-38.5, 3048.3, -12.1, 150000, -7],
  currencies: ['EUR', 'EUR', 'EUR', 'JPY', 'CHF'],
};
const format = (lang: 'en' | 'fr') => (amount: number, currency: string) =>
  formatMoney(lang, amount, currency, { sign: amount > 0 });

describe('the width of the Amount column (the widest amount shown)', () => {
  it('is the longest written amount among the rows shown, in the language shown', () => {
    const euros = Int32Array.from([0, 1, 2]);
    expect(widestAmount(table, euros, format('en'))).toBe('+€3,048.30'.length);
    expect(widestAmount(table, euros, format('fr'))).toBe(format('fr')(3048.3, 'EUR').length);
    expect(format('fr')(3048.3, 'EUR').length).toBeGreaterThan('+€3,048.30'.length);
  });

  it('counts only the rows shown, each with its own currency', () => {
    expect(widestAmount(table, Int32Array.from([0, 2]), format('en'))).toBe('-€38.50'.length);
    expect(widestAmount(table, Int32Array.from([0, 3, 4]), format('en'))).toBe(
      format('en')(-150000, 'JPY').length,
    );
    expect(widestAmount(table, new Int32Array(0), format('en'))).toBe(0);
  });
});
