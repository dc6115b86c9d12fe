import { describe, expect, it } from 'vitest';
import { spendingByCategory } from '../../../src/renderer/src/lib/analytics';
import type { Category, Transaction } from '../../../src/renderer/src/lib/api/types';
import { TxTable } from '../../../src/renderer/src/lib/tx-table';
import { computeView, EMPTY_FILTER, DEFAULT_SORT } from '../../../src/renderer/src/lib/tx-filter';
import { checkSplit, leftToShare, parseSize } from '../../../src/renderer/src/features/history/split-form';
import { transferCandidates } from '../../../src/renderer/src/features/history/transfer-candidates';

const DAY = 86_400;
const T = Date.UTC(2025, 2, 10) / 1000;
const categories = new Map<string, Category>([
  ['SUPERMARKET', { id: 'SUPERMARKET', label: 'Groceries', type: 'EXPENSE', parent: { id: 'FOOD', label: 'Food' } }],
  ['FOOD', { id: 'FOOD', label: 'Food', type: 'EXPENSE' }],
  ['PHARMACY', { id: 'PHARMACY', label: 'Pharmacy', type: 'EXPENSE', parent: { id: 'HEALTH', label: 'Health' } }],
  ['HEALTH', { id: 'HEALTH', label: 'Health', type: 'EXPENSE' }],
]);

function table(rows: Array<Partial<Transaction> & { id: string; amount: number }>): TxTable {
  const t = new TxTable();
  t.upsert(
    rows.map((r) => ({
      account_id: 'a',
      currency: 'EUR',
      date: T,
      import_date: 0,
      last_update_date: 0,
      label: '',
      type: 'OTHER',
      origin: 'TRANSACTION',
      status: 'BOOKED',
      category_id: 'SUPERMARKET',
      ...r,
    })),
  );
  return t;
}

const spending = (t: TxTable) =>
  spendingByCategory(t, categories, { currency: 'EUR', otherLabel: 'Other', from: T - DAY, to: T + DAY }).months[0];

describe('reports count a split row as its parts and leave transfers out', () => {
  it('a split receipt counts under each part’s category', () => {
    const t = table([
      { id: '1', amount: -42.5, splits: [{ amount: -30.1, category_id: 'SUPERMARKET' }, { amount: -12.4, category_id: 'PHARMACY' }] },
      { id: '2', amount: -10 },
    ]);
    expect(spending(t)).toMatchObject({ FOOD: 40.1, HEALTH: 12.4 });
    // The history's category filter (the charts' drill-down) finds the split row by its parts.
    const ctx = { categoryParents: new Map([['PHARMACY', 'HEALTH'], ['SUPERMARKET', 'FOOD']]), accountTypes: new Map(), locale: 'en' };
    const view = computeView(t, { ...EMPTY_FILTER, categories: ['HEALTH'] }, DEFAULT_SORT, ctx as never);
    expect([...view].map((i) => t.ids[i])).toEqual(['1']);
  });

  it('a linked transfer is neither spending (from the row or from the transfer list read later)', () => {
    const t = table([
      { id: '1', amount: -500, transfer: { id: 'L', transaction_id: '2', confirmed: false } },
      { id: '2', amount: 500, account_id: 'b' },
      { id: '3', amount: -20 },
      { id: '4', amount: -70 },
    ]);
    expect(spending(t)).toMatchObject({ FOOD: 90 });
    t.applyTransfers([{ id: 'M', debit_transaction_id: '4', credit_transaction_id: '2', confirmed: true, creation_date: 0 }]);
    // The list replaces what the rows held: 1 is no longer linked, 4 is.
    expect(spending(t)).toMatchObject({ FOOD: 520 });
    expect(t.transfers[t.indexOf('2')]).toEqual({ id: 'M', other: '4', confirmed: true });
  });
});

describe('the split form', () => {
  it('reads sizes typed either way, never more decimals than the currency has', () => {
    expect(parseSize('12,5', 2)).toBe(1250);
    expect(parseSize(' 1 234.50 ', 2)).toBe(123450);
    expect(parseSize('12.345', 2)).toBeNull();
    expect(parseSize('0', 2)).toBeNull();
    expect(parseSize('-3', 2)).toBeNull();
    expect(parseSize('600', 0)).toBe(600);
  });

  it('says what is left to share or over, exactly in cents (0.1 + 0.2 is 0.3)', () => {
    const d = (...sizes: string[]) => sizes.map((size) => ({ size, category: 'X', note: '' }));
    expect(leftToShare(d('0.1', '0.2'), -0.3, 2)).toBe(0);
    expect(checkSplit(d('0.1', '0.2'), -0.3, 2)).toEqual({
      ok: true,
      parts: [
        { amount: -0.1, category_id: 'X', note: null },
        { amount: -0.2, category_id: 'X', note: null },
      ],
    });
    expect(checkSplit(d('0.1', '0.1'), -0.3, 2)).toEqual({ ok: false, problem: 'offBy', sum: -0.2, left: 0.1, over: false });
    expect(checkSplit(d('0.1', '0.3'), -0.3, 2)).toMatchObject({ problem: 'offBy', over: true });
    expect(leftToShare(d('0.1', '0.3'), -0.3, 2)).toBe(-0.1);
    expect(checkSplit(d('0.3'), -0.3, 2)).toEqual({ ok: false, problem: 'tooFew' });
    expect(checkSplit(d('0.3', 'x'), -0.3, 2)).toEqual({ ok: false, problem: 'badAmount', part: 2 });
  });
});

describe('transfer candidates to link by hand', () => {
  it('another account, the opposite sign, ≤ 5 days, within 3 %, not linked; the closest amount first', () => {
    const t = table([
      { id: '1', amount: -100 },
      { id: '2', amount: 100, account_id: 'b', date: T + 5 * DAY },
      { id: '3', amount: 99, account_id: 'c', date: T + DAY },
      { id: '4', amount: 100, account_id: 'b', date: T + 6 * DAY },
      { id: '5', amount: 100 },
      { id: '6', amount: 90, account_id: 'b' },
      { id: '7', amount: 100, account_id: 'b', transfer: { id: 'L', transaction_id: '8', confirmed: true } },
    ]);
    expect(transferCandidates(t, t.indexOf('1')).map((i) => t.ids[i])).toEqual(['2', '3']);
  });
});
