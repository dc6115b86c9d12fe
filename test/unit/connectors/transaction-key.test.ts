import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignTransactionKeys,
  canonicalAmount,
  canonicalRaw,
  deriveTransactionKey,
} from '../../../src/main/engine/connectors/transaction-key';
import type { ProviderTransaction } from '../../../src/main/engine/connectors/types';

const tx = (over: Partial<ProviderTransaction> = {}): ProviderTransaction => ({
  date: Date.UTC(2025, 2, 12, 10, 30) / 1000,
  amount: '-4.20',
  label: 'Boulangerie',
  raw: 'CB BOULANGERIE DU MARCH 12/03 PARIS',
  type: 'POINT_OF_SALE',
  status: 'BOOKED',
  ...over,
});

describe('derived transaction keys (see docs/api/synchronization.md#transaction-keys)', () => {
  it('depends on account, day, amount, raw label and ordinal', () => {
    const base = deriveTransactionKey('ACC', tx(), 0);
    expect(base).toMatch(/^d1_[0-9a-f]{32}$/);
    expect(deriveTransactionKey('ACC', tx(), 0)).toBe(base);
    expect(deriveTransactionKey('ACC2', tx(), 0)).not.toBe(base);
    expect(deriveTransactionKey('ACC', tx({ amount: '-4.21' }), 0)).not.toBe(base);
    expect(deriveTransactionKey('ACC', tx({ raw: 'CB BOULANGERIE UTOPIE' }), 0)).not.toBe(base);
    expect(deriveTransactionKey('ACC', tx({ date: tx().date + 86_400 }), 0)).not.toBe(base);
    expect(deriveTransactionKey('ACC', tx(), 1)).not.toBe(base);
  });

  it('ignores what does not identify the row: time of day, amount spelling, raw spacing and case, label', () => {
    const base = deriveTransactionKey('ACC', tx(), 0);
    expect(deriveTransactionKey('ACC', tx({ date: Date.UTC(2025, 2, 12, 23, 59) / 1000 }), 0)).toBe(base);
    expect(deriveTransactionKey('ACC', tx({ amount: '-4.2' }), 0)).toBe(base);
    expect(deriveTransactionKey('ACC', tx({ amount: '-04.200' }), 0)).toBe(base);
    expect(deriveTransactionKey('ACC', tx({ raw: '  cb boulangerie   du march 12/03 paris ' }), 0)).toBe(base);
    expect(deriveTransactionKey('ACC', tx({ label: 'Something else', status: 'PENDING' }), 0)).toBe(base);
  });

  it.each([
    ['-12.30', '-12.3'],
    ['+5', '5'],
    ['0.00', '0'],
    ['-0.0', '0'],
    ['007.50', '7.5'],
    ['100', '100'],
    ['1.', '1'],
  ])('canonicalAmount(%j) = %j', (input, out) => {
    expect(canonicalAmount(input)).toBe(out);
  });

  it('canonicalRaw folds case and spaces', () => {
    expect(canonicalRaw(' Vir  SEPA\tRecu ')).toBe('VIR SEPA RECU');
  });

  it('keeps two identical purchases on one day apart, and gives the same keys when re-read', () => {
    const list = [tx(), tx({ amount: '-1.10' }), tx(), tx({ date: tx().date + 3_600 })];
    const keys = assignTransactionKeys('ACC', list).map((t) => t.key);
    expect(new Set(keys).size).toBe(4);
    expect(assignTransactionKeys('ACC', list).map((t) => t.key)).toEqual(keys);
    expect(keys[0]).toBe(deriveTransactionKey('ACC', tx(), 0));
    expect(keys[2]).toBe(deriveTransactionKey('ACC', tx(), 1));
    expect(keys[3]).toBe(deriveTransactionKey('ACC', tx(), 2));
  });

  it('keeps provider keys, which take no ordinal, and does not touch its input', () => {
    const list = [tx({ key: 'bank-1' }), tx()];
    const copy = structuredClone(list);
    const out = assignTransactionKeys('ACC', list);
    expect(out.map((t) => t.key)).toEqual(['bank-1', deriveTransactionKey('ACC', tx(), 0)]);
    expect(list).toEqual(copy);
  });

  it('property: keys are unique within a list and stable across re-reads', () => {
    const row = fc.record({
      day: fc.integer({ min: 0, max: 3 }),
      cents: fc.integer({ min: -500, max: 500 }),
      raw: fc.constantFrom('CB A', 'CB B', 'VIR C'),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const list = rows.map((r) => tx({ date: 1_741_000_000 + r.day * 86_400, amount: (r.cents / 100).toFixed(2), raw: r.raw }));
        const a = assignTransactionKeys('ACC', list).map((t) => t.key);
        expect(new Set(a).size).toBe(list.length);
        expect(assignTransactionKeys('ACC', list.map((t) => ({ ...t }))).map((t) => t.key)).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });
});
