import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/renderer/src/lib/api/types';
import {
  amountBounds,
  amountSize,
  computeView,
  dayToSeconds,
  EMPTY_FILTER,
  type TxFilter,
  type TxSort,
} from '../../../src/renderer/src/lib/tx-filter';
import { TxTable } from '../../../src/renderer/src/lib/tx-table';

const day = (d: string) => dayToSeconds(d)!;

function tx(id: string, over: Partial<Transaction> = {}): Transaction {
  return {
    id,
    account_id: 'a1',
    amount: -10,
    currency: 'EUR',
    date: day('2025-03-10'),
    import_date: 1000 + Number(id),
    last_update_date: 0,
    label: `Label ${id}`,
    type: 'OTHER',
    origin: 'TRANSACTION',
    status: 'BOOKED',
    category_id: 'SUPERMARKET',
    ...over,
  };
}

const table = new TxTable();
table.upsert([
  tx('1', { label: 'Monoprix Paris', amount: -25.5, date: day('2025-03-01') }),
  tx('2', { label: 'Salaire', amount: 2500, category_id: 'SALARY', account_id: 'a2', date: day('2025-03-02') }),
  tx('3', { label: 'Boulangerie', amount: -3.2, category_id: 'BAKERY', status: 'PENDING', date: day('2025-03-03') }),
  tx('4', {
    label: 'Uber',
    amount: -10,
    notes: 'CB UBER TRIP 0203',
    source: { label: 'Uber BV' },
    date: day('2025-03-04'),
  }),
  tx('5', { label: 'Card', amount: -10, account_id: 'a3', date: day('2025-03-05') }),
]);
const ctx = {
  accountTypes: new Map([
    ['a1', 'CHECKINGS' as const],
    ['a2', 'CHECKINGS' as const],
    ['a3', 'CREDIT_CARD' as const],
  ]),
  categoryParents: new Map<string, string | undefined>([
    ['SUPERMARKET', 'FOOD'],
    ['BAKERY', 'FOOD'],
    ['FOOD', undefined],
    ['SALARY', 'INCOME'],
  ]),
};
const ids = (f: Partial<TxFilter>, sort = { key: 'date' as const, dir: 'asc' as const }) =>
  [...computeView(table, { ...EMPTY_FILTER, ...f }, sort, ctx)].map((i) => table.ids[i]);

describe('history filters (the API rules, applied to the rows in memory)', () => {
  it.each<[string, Partial<TxFilter>, string[]]>([
    ['no filter', {}, ['1', '2', '3', '4', '5']],
    ['start date inclusive, end date exclusive', { from: '2025-03-02', to: '2025-03-04' }, ['2', '3']],
    ['amounts by size, bounds inclusive', { minAmount: '3.2', maxAmount: '10' }, ['3', '4', '5']],
    ['a minimum keeps purchases as well as credits of that size', { minAmount: '20' }, ['1', '2']],
    ['money out only', { minAmount: '20', direction: 'out' }, ['1']],
    ['money in only', { direction: 'in' }, ['2']],
    ['a sign typed in a bound is ignored', { minAmount: '-10', maxAmount: '-3.2' }, ['3', '4', '5']],
    ['bounds the wrong way round', { minAmount: '10', maxAmount: '3,2' }, ['3', '4', '5']],
    ['amount with a decimal comma', { minAmount: '25,5' }, ['1', '2']],
    ['a bound that is no amount filters nothing', { minAmount: 'abc' }, ['1', '2', '3', '4', '5']],
    ['included statuses', { statuses: ['PENDING'] }, ['3']],
    ['several accounts', { accounts: ['a2', 'a3'] }, ['2', '5']],
    ['account type', { accountType: 'CREDIT_CARD' }, ['5']],
    ['a parent category takes its children', { categories: ['FOOD'] }, ['1', '3', '4', '5']],
    ['a child category alone', { categories: ['BAKERY'] }, ['3']],
    ['search is case-insensitive over label, notes and counterparty', { q: 'uber bv' }, ['4']],
    ['search in the raw bank text', { q: 'trip 0203' }, ['4']],
    ['every word must match', { q: 'monoprix lyon' }, []],
  ])('%s', (_name, filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it('reads what a bound is: a size, nothing, or not an amount', () => {
    expect(amountSize('')).toBeNull();
    expect(amountSize('  ')).toBeNull();
    expect(amountSize('100')).toBe(100);
    expect(amountSize('42,50')).toBe(42.5);
    expect(amountSize('1 234,56')).toBe(1234.56);
    expect(amountSize('1,234.56')).toBe(1234.56);
    expect(amountSize('-150')).toBe(150);
    expect(amountSize('abc')).toBeNaN();
    expect(amountSize('12abc')).toBeNaN();
    expect(amountBounds({ minAmount: '500', maxAmount: '100' })).toEqual([100, 500]);
    expect(amountBounds({ minAmount: 'abc', maxAmount: '100' })).toEqual([null, 100]);
  });

  it('sorts by amount and by label, both ways, ties in a stable order', () => {
    expect(ids({}, { key: 'amount', dir: 'asc' } as never)).toEqual(['1', '5', '4', '3', '2']);
    expect(ids({}, { key: 'amount', dir: 'desc' } as never)).toEqual(['2', '3', '5', '4', '1']);
    expect(ids({}, { key: 'label', dir: 'asc' } as never)).toEqual(['3', '5', '1', '2', '4']);
  });

  it('updates rows in place and removes the rows of deleted accounts', () => {
    const t = new TxTable();
    expect(t.upsert([tx('1'), tx('2', { account_id: 'a2' })])).toBe(2);
    expect(t.upsert([tx('1', { status: 'PENDING', label: 'Changed' })])).toBe(0);
    expect(t.labels[t.indexOf('1')]).toBe('Changed');
    expect(t.removeAccounts(new Set(['a1']))).toBe(1);
    expect(t.ids).toEqual(['2']);
    expect(t.indexOf('2')).toBe(0);
    expect(t.has('1')).toBe(false);
  });
});

describe("the person's payees and own categories in the history", () => {
  const own = new TxTable();
  own.upsert([
    tx('1', { label: 'AMZN Mktp FR*2K4', payee: { id: 'p1', name: 'Amazon' }, category_id: 'custom_4', date: day('2025-03-01') }),
    tx('2', { label: 'AMAZON EU SARL', payee: { id: 'p2', name: 'Amazon Books' }, category_id: 'SALARY', date: day('2025-03-02') }),
    tx('3', { label: 'Zebra café', category_id: 'SALARY', date: day('2025-03-03') }),
    tx('4', { label: 'Bakery', category_id: 'BAKERY', date: day('2025-03-04') }),
  ]);
  const ownCtx = { ...ctx, categoryParents: new Map([...ctx.categoryParents, ['custom_4', 'FOOD']]) };
  const view = (f: Partial<TxFilter>, sort: TxSort = { key: 'date', dir: 'asc' }) =>
    [...computeView(own, { ...EMPTY_FILTER, ...f }, sort, ownCtx)].map((i) => own.ids[i]);

  it('filters by payee, finds the payee by search, and sorts by the name shown', () => {
    expect(view({ payees: ['p1'] })).toEqual(['1']);
    expect(view({ payees: ['p1', 'p2'] })).toEqual(['1', '2']);
    expect(view({ q: 'books' })).toEqual(['2']);
    expect(view({}, { key: 'label', dir: 'asc' })).toEqual(['1', '2', '4', '3']);
    expect(own.displayLabel(own.indexOf('1'))).toBe('Amazon');
    expect(own.displayLabel(own.indexOf('3'))).toBe('Zebra café');
  });

  it('an own category is matched by its parent', () => {
    expect(view({ categories: ['FOOD'] })).toEqual(['1', '4']);
    expect(view({ categories: ['custom_4'] })).toEqual(['1']);
  });

  it('applies a rename, a merge and a deletion of a payee, and a category merge, to every row in place', () => {
    const t = new TxTable();
    t.upsert([tx('1', { payee: { id: 'p1', name: 'Amzn' }, category_id: 'custom_4' }), tx('2', { payee: { id: 'p2', name: 'Amazon' } })]);
    t.applyBulk({ payee: { from: 'p1', to: { id: 'p1', name: 'Amazon FR' } } });
    expect(t.payeeNames).toEqual(['Amazon FR', 'Amazon']);
    t.applyBulk({ payee: { from: 'p1', to: { id: 'p2', name: 'Amazon' } } });
    expect(t.payeeIds).toEqual(['p2', 'p2']);
    t.applyBulk({ payee: { from: 'p2', to: null } });
    expect(t.payeeIds).toEqual(['', '']);
    expect(t.displayLabel(0)).toBe('Label 1');
    t.applyBulk({ category: { from: 'custom_4', to: 'BAKERY' } });
    expect(t.categories).toEqual(['BAKERY', 'SUPERMARKET']);
  });
});
