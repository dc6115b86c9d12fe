import { describe, expect, it } from 'vitest';
import { choiceOf, EMPTY_CHOICE, incomplete, settingsOf } from '../../../src/renderer/src/features/csv-mapping/mapping-choice';

describe('the CSV mapping screen\'s choice', () => {
  it('makes a column mapping only when a row can be read with it, keeping the default currency', () => {
    expect(settingsOf(EMPTY_CHOICE, { default_currency: 'CHF' })).toEqual({ default_currency: 'CHF' });
    const partial = { ...EMPTY_CHOICE, date: 'Jour', label: 'Opération' };
    expect(incomplete(partial)).toBe(true);
    expect(settingsOf(partial, {})).toEqual({});
    const full = { ...partial, debit: 'Sortie', credit: 'Entrée', decimal: ',' as const, order: 'DMY' as const };
    expect(incomplete(full)).toBe(false);
    expect(settingsOf(full, {})).toEqual({ date_order: 'DMY', csv_mapping: { date: 'Jour', label: 'Opération', debit: 'Sortie', credit: 'Entrée', decimal_separator: ',' } });
    // An amount column wins over debit and credit.
    expect(settingsOf({ ...full, amount: 'Montant' }, {}).csv_mapping).toEqual({ date: 'Jour', label: 'Opération', amount: 'Montant', decimal_separator: ',' });
  });

  it('reads saved settings back; columns named by index are left to the guess', () => {
    expect(choiceOf({ csv_mapping: { date: 'Jour', label: 2, amount: 'Montant' }, date_order: 'MDY' })).toEqual({
      ...EMPTY_CHOICE,
      date: 'Jour',
      amount: 'Montant',
      order: 'MDY',
    });
  });
});
