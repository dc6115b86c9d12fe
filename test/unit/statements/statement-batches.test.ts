import { describe, expect, it } from 'vitest';
import type { ParsedAccount, ParsedTransaction } from '../../../src/main/engine/connectors/statements/formats';
import { deriveTransactionKey } from '../../../src/main/engine/connectors/transaction-key';
import {
  accountName,
  baseReference,
  buildBatches,
  formatKey,
  keyFileRows,
  type ParsedFile,
} from '../../../src/main/engine/connectors/statements/statement-batches';

const D = (day: number) => Date.UTC(2024, 0, day) / 1000;

function tx(day: number, amount: string, raw: string, providerKey?: string): ParsedTransaction {
  return {
    date: D(day),
    amount,
    rawText: raw,
    label: raw.toLowerCase(),
    type: 'DEBIT',
    status: 'BOOKED',
    location: `line ${day}`,
    ...(providerKey ? { providerKey } : {}),
  };
}

function account(
  identifier: string,
  transactions: ParsedTransaction[],
  extra: Partial<ParsedAccount> = {},
): ParsedAccount {
  return { identifier, type: 'CHECKINGS', currency: 'EUR', transactions, ...extra };
}

function file(name: string, format: ParsedFile['format'], accounts: ParsedAccount[], accountHint = ''): ParsedFile {
  return { name, format, accounts, accountHint };
}

describe('account references', () => {
  it.each([
    ['OFX uses the account id', file('a.ofx', 'OFX1', []), account('00012345678', []), '00012345678'],
    ['CAMT uses the IBAN/id', file('a.xml', 'CAMT053', []), account('FR76300', []), 'FR76300'],
    ['MT940 uses :25:', file('a.sta', 'MT940', []), account('37040044/0532013000', []), '37040044/0532013000'],
    [
      'QIF at the top: the default account of its type and currency',
      file('a.qif', 'QIF', []),
      account('default', [], { type: 'CREDIT_CARD' }),
      'default|CREDIT_CARD|EUR',
    ],
    [
      'CSV in a subfolder: named by the subfolder',
      file('joint/a.csv', 'CSV', [], 'joint'),
      account('default', []),
      'joint|CHECKINGS|EUR',
    ],
  ])('%s', (_what, f, a, expected) => {
    expect(baseReference(f, a)).toBe(expected);
  });

  it("names: the file's own name, else the type and the last four characters, else the subfolder", () => {
    expect(accountName(file('a.xml', 'CAMT053', []), account('X', [], { name: 'Livret A' }))).toBe('Livret A');
    expect(accountName(file('a.ofx', 'OFX1', []), account('00012345678', []))).toBe('Checking account …5678');
    expect(accountName(file('a.ofx', 'QFX', []), account('4111111111111111', [], { type: 'CREDIT_CARD' }))).toBe(
      'Credit card …1111',
    );
    expect(accountName(file('a.qif', 'QIF', [], 'Joint'), account('default', []))).toBe('Joint (checking account)');
    expect(accountName(file('a.qif', 'QIF', []), account('default', [], { type: 'SAVINGS' }))).toBe('Savings account');
  });

  it('one identifier in two currencies makes two accounts; a stored account keeps its currency and type', () => {
    const { batches } = buildBatches(
      [
        file('a.ofx', 'OFX1', [
          account('123', [tx(1, '-1.00', 'A')]),
          account('123', [tx(1, '-2.00', 'B')], { currency: 'USD' }),
        ]),
      ],
      [{ reference: '123', type: 'SAVINGS', currency: 'USD' }],
    );
    expect([...batches.keys()]).toEqual(['123|EUR', '123']);
    expect(batches.get('123')).toMatchObject({ currency: 'USD', type: 'SAVINGS' });
    expect(batches.get('123|EUR')).toMatchObject({ currency: 'EUR', type: 'CHECKINGS' });
  });
});

describe('transaction keys', () => {
  it('a format id becomes f1:<day>:<amount>:<id>; a repeat in the same file gets #1, #2', () => {
    expect(formatKey(tx(3, '-45.90', 'X', 'FIT1'))).toBe(`f1:${D(3) / 86400}:-45.9:FIT1`);
    const keys = keyFileRows('ACC', [
      tx(3, '-45.90', 'X', 'FIT1'),
      tx(3, '-45.90', 'X', 'FIT1'),
      tx(3, '-45.90', 'X', 'FIT1'),
    ]).map((r) => r.key);
    expect(keys).toEqual([
      `f1:${D(3) / 86400}:-45.9:FIT1`,
      `f1:${D(3) / 86400}:-45.9:FIT1#1`,
      `f1:${D(3) / 86400}:-45.9:FIT1#2`,
    ]);
    expect(formatKey(tx(3, '1', 'X', 'y'.repeat(300)))).toMatch(/^f1:\d+:1:h:[0-9a-f]{40}$/);
  });

  it('the same id on another day or with another amount is another transaction (banks that reuse ids)', () => {
    expect(formatKey(tx(3, '-1.00', 'X', '1'))).not.toBe(formatKey(tx(4, '-1.00', 'X', '1')));
    expect(formatKey(tx(3, '-1.00', 'X', '1'))).not.toBe(formatKey(tx(3, '-2.00', 'X', '1')));
  });

  it('rows without an id get derived keys, ordinals counted within the file among identical rows', () => {
    const rows = keyFileRows('ACC', [tx(5, '-4.50', 'CAFE'), tx(5, '-4.50', 'CAFE'), tx(6, '-4.50', 'CAFE')]);
    expect(rows.map((r) => r.key)).toEqual([
      deriveTransactionKey('ACC', { date: D(5), amount: '-4.50', raw: 'CAFE' }, 0),
      deriveTransactionKey('ACC', { date: D(5), amount: '-4.50', raw: 'CAFE' }, 1),
      deriveTransactionKey('ACC', { date: D(6), amount: '-4.50', raw: 'CAFE' }, 0),
    ]);
  });

  it('record fields: cleaned label, raw text kept, booking date for BOOKED rows only, value date, counterparty', () => {
    const [booked, pending] = keyFileRows('ACC', [
      {
        ...tx(5, '-4.50', 'CB CAFE 05/01'),
        label: 'Cafe',
        valueDate: D(4),
        counterparty: 'CAFE',
        remittanceInformation: ['ref 1'],
      },
      { ...tx(6, '-1.00', 'HOLD'), status: 'PENDING' },
    ]);
    expect(booked).toMatchObject({
      label: 'Cafe',
      raw: 'CB CAFE 05/01',
      booking_date: D(5),
      value_date: D(4),
      counterparty: 'CAFE',
      remittance_information: ['ref 1'],
      status: 'BOOKED',
    });
    expect(pending.booking_date).toBeUndefined();
    expect(pending.status).toBe('PENDING');
  });
});

describe("buildBatches: the union of a run's files per account", () => {
  const jan = file('jan.ofx', 'OFX1', [
    account('A', [tx(3, '-1.00', 'X', 'F1'), tx(10, '-2.00', 'Y', 'F2')], {
      closingBalance: { amount: '100.00', date: D(15) },
    }),
  ]);
  const overlap = file('jan2.ofx', 'OFX1', [
    account('A', [tx(10, '-2.00', 'Y', 'F2'), tx(20, '-3.00', 'Z', 'F3')], {
      closingBalance: { amount: '97.00', date: D(25) },
    }),
  ]);

  it('overlapping files: each key once; the newest closing balance; one summary per file', () => {
    const { batches, summaries } = buildBatches([overlap, jan], []);
    const a = batches.get('A')!;
    expect(a.rows.map((r) => r.amount).sort()).toEqual(['-1.00', '-2.00', '-3.00']);
    expect(a.closing).toEqual({ amount: '97.00', date: D(25) });
    expect(summaries).toEqual([
      {
        name: 'jan2.ofx',
        transactions: 2,
        statements: [{ reference: 'A', currency: 'EUR', closing: { amount: '97.00', date: D(25) } }],
      },
      {
        name: 'jan.ofx',
        transactions: 2,
        statements: [{ reference: 'A', currency: 'EUR', closing: { amount: '100.00', date: D(15) } }],
      },
    ]);
  });

  it("identical purchases: once in A and twice in B gives two (B's second is new), in either order", () => {
    const a = file('a.qif', 'QIF', [account('default', [tx(10, '-4.50', 'CAFE')])]);
    const b = file('b.qif', 'QIF', [account('default', [tx(10, '-4.50', 'CAFE'), tx(10, '-4.50', 'CAFE')])]);
    for (const files of [
      [a, b],
      [b, a],
    ]) {
      expect(buildBatches(files, []).batches.get('default|CHECKINGS|EUR')!.rows).toHaveLength(2);
    }
  });

  it('a tie on the closing date: the later file wins', () => {
    const x = file('x.ofx', 'OFX1', [account('A', [], { closingBalance: { amount: '1.00', date: D(5) } })]);
    const y = file('y.ofx', 'OFX1', [account('A', [], { closingBalance: { amount: '2.00', date: D(5) } })]);
    expect(buildBatches([x, y], []).batches.get('A')!.closing!.amount).toBe('2.00');
  });
});
