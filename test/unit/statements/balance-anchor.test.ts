import { describe, expect, it } from 'vitest';
import { balanceAnchor, type AnchorInput } from '../../../src/main/engine/connectors/statements/balance-anchor';
import type { KeyedTransaction } from '../../../src/main/engine/connectors/transaction-key';

const D = (day: number) => Date.UTC(2024, 0, day) / 1000;
const row = (key: string, day: number, amount: string, status: 'BOOKED' | 'PENDING' = 'BOOKED'): KeyedTransaction => ({
  key,
  date: D(day),
  amount,
  label: key,
  raw: key,
  type: 'DEBIT',
  status,
});

const base: AnchorInput = { exponent: 2, rows: [], isStored: () => false, now: D(31) };

describe('balanceAnchor: the latest statement wins', () => {
  it.each<[string, Partial<AnchorInput>, { balanceMinor: number; balanceDate: number; source: string }]>([
    [
      'new account with a closing balance',
      { closing: { amount: '12.30', date: D(10) } },
      { balanceMinor: 1230, balanceDate: D(10), source: 'STATEMENT' },
    ],
    [
      'a newer statement than the stored balance',
      { stored: { balanceMinor: 500, balanceDate: D(5) }, closing: { amount: '7.00', date: D(10) } },
      { balanceMinor: 700, balanceDate: D(10), source: 'STATEMENT' },
    ],
    [
      'a statement of the same day as the stored balance',
      { stored: { balanceMinor: 500, balanceDate: D(10) }, closing: { amount: '7.00', date: D(10) } },
      { balanceMinor: 700, balanceDate: D(10), source: 'STATEMENT' },
    ],
    [
      'an older statement: the stored balance stays',
      { stored: { balanceMinor: 500, balanceDate: D(20) }, closing: { amount: '7.00', date: D(10) } },
      { balanceMinor: 500, balanceDate: D(20), source: 'STORED' },
    ],
    [
      'no closing balance, new account: the sum of its booked rows',
      { rows: [row('a', 3, '-1.50'), row('b', 4, '10.00'), row('p', 5, '-99.00', 'PENDING')] },
      { balanceMinor: 850, balanceDate: D(4), source: 'RUNNING' },
    ],
    ['no closing balance, no rows: zero today', {}, { balanceMinor: 0, balanceDate: D(31), source: 'RUNNING' }],
    [
      'no closing balance, stored account: plus the new booked rows dated after its balance',
      {
        stored: { balanceMinor: 1000, balanceDate: D(10) },
        rows: [row('old', 9, '-5.00'), row('known', 12, '-1.00'), row('new', 15, '-2.00')],
        isStored: (k) => k === 'known',
      },
      { balanceMinor: 800, balanceDate: D(15), source: 'RUNNING' },
    ],
    [
      'JPY has no decimals',
      { exponent: 0, closing: { amount: '1200', date: D(3) } },
      { balanceMinor: 1200, balanceDate: D(3), source: 'STATEMENT' },
    ],
  ])('%s', (_what, input, expected) => {
    expect(balanceAnchor({ ...base, ...input })).toEqual(expected);
  });
});
