import { describe, expect, it } from 'vitest';
import { deriveTransactionKey } from '../../../src/main/engine/connectors/transaction-key';
import type { ProviderAccount, ProviderTransaction } from '../../../src/main/engine/connectors/types';
import {
  CategoryMemo,
  checkAccount,
  PREPARE_SLICE_ROWS,
  prepareFetch,
  prepareFetchInSlices,
} from '../../../src/main/engine/sync/provider-data';
import { MalformedProviderData } from '../../../src/main/engine/sync/run-errors';

const account: ProviderAccount = {
  reference: 'R',
  name: 'N',
  type: 'CHECKINGS',
  currency: 'EUR',
  usage: 'PERSONAL',
  balance: '10.5',
  balance_date: 5,
};
const tx = (extra: Partial<ProviderTransaction> = {}): ProviderTransaction => ({
  date: 86_400,
  amount: '-1.20',
  label: 'Carrefour',
  raw: 'CB CARREFOUR',
  type: 'POINT_OF_SALE',
  status: 'BOOKED',
  ...extra,
});
const memo = () => new CategoryMemo(new Set(['SUPERMARKET', 'UNCATEGORIZED', 'SALARY']));

describe('checkAccount', () => {
  it('parses the balance into minor units of the currency', () => {
    expect(checkAccount(account).balanceMinor).toBe(1050);
    expect(checkAccount({ ...account, currency: 'JPY', balance: '-300' }).balanceMinor).toBe(-300);
    expect(checkAccount({ ...account, currency: 'KWD', balance: '1.234' }).balanceMinor).toBe(1234);
  });

  it.each<[string, unknown]>([
    ['not an object', 'x'],
    ['no reference', { ...account, reference: '' }],
    ['a bad amount', { ...account, balance: '1,5' }],
    ['too many decimals', { ...account, balance: '1.555' }],
    ['a bad currency', { ...account, currency: 'euro' }],
    ['a bad type', { ...account, type: 'STOCK' }],
    ['a bad usage', { ...account, usage: 'BOTH' }],
    ['a bad balance date', { ...account, balance_date: 1.5 }],
  ])('refuses %s', (_name, value) => {
    expect(() => checkAccount(value)).toThrow(MalformedProviderData);
  });
});

describe('prepareFetch', () => {
  it('keeps provider keys, derives the others (ordinal among identical rows), categorizes, and converts money', () => {
    const prepared = prepareFetch(
      account,
      {
        reference: 'R',
        balance: '3.00',
        balance_date: 9,
        transactions: [
          tx(),
          tx(),
          tx({ key: 'K', amount: '2500', type: 'CREDIT', label: 'SALAIRE', category_id: 'SALARY' }),
        ],
      },
      memo(),
    );
    expect(prepared.balanceMinor).toBe(300);
    expect(prepared.pendingComplete).toBe(false);
    const [a, b, c] = prepared.transactions;
    expect(a.key).toBe(deriveTransactionKey('R', tx(), 0));
    expect(b.key).toBe(deriveTransactionKey('R', tx(), 1));
    expect(c.key).toBe('K');
    expect([a.amount, c.amount]).toEqual([-120, 250000]);
    expect(a.category).toBe('SUPERMARKET');
    expect(c.category).toBe('SALARY');
    expect(a).toMatchObject({
      currency: 'EUR',
      label: 'Carrefour',
      notes: 'CB CARREFOUR',
      status: 'BOOKED',
      booking_date: null,
      source: null,
    });
  });

  it('an unknown category falls back to UNCATEGORIZED; an unknown type to OTHER', () => {
    const [row] = prepareFetch(
      account,
      {
        reference: 'R',
        balance: '0',
        balance_date: 0,
        transactions: [tx({ category_id: 'NOPE', label: 'zzz', raw: 'zzz', type: 'WEIRD' as never })],
      },
      memo(),
    ).transactions;
    expect(row.category).toBe('UNCATEGORIZED');
    expect(row.type).toBe('OTHER');
  });

  it.each<[string, unknown]>([
    ['a bad amount', { reference: 'R', balance: '0', balance_date: 0, transactions: [tx({ amount: '1e3' })] }],
    [
      'a bad status',
      { reference: 'R', balance: '0', balance_date: 0, transactions: [tx({ status: 'DONE' as never })] },
    ],
    ['a bad date', { reference: 'R', balance: '0', balance_date: 0, transactions: [tx({ date: -1 })] }],
    ['no list', { reference: 'R', balance: '0', balance_date: 0 }],
    ['a bad balance', { reference: 'R', balance: null, balance_date: 0, transactions: [] }],
    [
      'bad remittance',
      { reference: 'R', balance: '0', balance_date: 0, transactions: [tx({ remittance_information: 'x' as never })] },
    ],
  ])('refuses %s', (_name, value) => {
    expect(() => prepareFetch(account, value, memo())).toThrow(MalformedProviderData);
  });
});

describe('prepareFetchInSlices', () => {
  it('prepares the same rows as prepareFetch, letting the event loop turn between slices of rows', async () => {
    const n = PREPARE_SLICE_ROWS * 2 + 10;
    const fetch = {
      reference: 'R',
      balance: '3.00',
      balance_date: 9,
      transactions: Array.from({ length: n }, (_, i) => tx({ date: 1_700_000_000 + (i % 50) * 86_400 })),
    };
    const turns: number[] = [];
    let done = false;
    // Counts the event loop's turns while the preparation is under way.
    const tick = () => {
      if (done) return;
      turns.push(1);
      setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await prepareFetchInSlices(account, fetch, memo());
    done = true;
    expect(sliced).toEqual(prepareFetch(account, fetch, memo()));
    expect(sliced.transactions).toHaveLength(n);
    expect(turns.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad data as prepareFetch does', async () => {
    await expect(prepareFetchInSlices(account, { balance: '1', balance_date: 9, transactions: 'x' }, memo())).rejects.toThrow(
      MalformedProviderData,
    );
  });
});
