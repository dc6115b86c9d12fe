import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIban } from '../../../src/main/engine/connectors/statements/formats/iban';
import {
  cleanLabel,
  parseStatement,
  type ParsedAccount,
  type ParsedTransaction,
} from '../../../src/main/engine/connectors/statements/formats/index';
import { utf8 } from './helpers';
import { accountId, fullText, mtText, statement, type AccountShape } from './writers/arbitraries';
import { writeCamt } from './writers/camt-writer';
import { writeCsv } from './writers/csv-writer';
import { decimal, type ModelAccount, type ModelBalance, type ModelTransaction } from './writers/model';
import { writeMt940 } from './writers/mt940-writer';
import { writeOfx } from './writers/ofx-writer';
import { writeQif } from './writers/qif-writer';

/**
 * Random statements written out in each format by the test writers, parsed back, and compared
 * field by field with what the writer put in.
 */

const RUNS = Number(process.env.DOC_RUNS ?? 60);

type Expected = Omit<ParsedTransaction, 'location'>;

function strip(tx: ParsedTransaction): Expected {
  const { location, ...rest } = tx;
  expect(location).toMatch(/^(line \d+|element Document\/.+)$/);
  return rest;
}

function balance(b: ModelBalance | undefined, currency: string) {
  return b === undefined ? undefined : { amount: decimal(b.minor, currency), date: b.date };
}

function byDefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function sign(minor: number): 'DEBIT' | 'CREDIT' {
  return minor < 0 ? 'DEBIT' : 'CREDIT';
}

function accountOf(parsed: ParsedAccount) {
  const { transactions: _transactions, ...rest } = parsed;
  return rest;
}

describe('round trip: OFX 1, OFX 2 and QFX', () => {
  const shape: AccountShape = {
    currencies: ['EUR', 'USD', 'JPY', 'KWD', 'CHF'],
    textArb: fullText,
    identifier: accountId,
    creditCard: 'random',
    balances: 'random',
    pending: true,
    keys: true,
    nearValueDates: false,
    minTransactions: 0,
  };

  function expectedOfx(t: ModelTransaction, currency: string): Expected {
    const amount = decimal(t.minor, currency);
    return byDefined({
      providerKey: t.pending ? undefined : t.key,
      date: t.date,
      valueDate: t.pending ? undefined : t.valueDate,
      amount,
      rawText: t.memo === undefined ? t.name : `${t.name} ${t.memo}`,
      label: cleanLabel(t.name),
      counterparty: t.name,
      reference: t.pending ? undefined : t.reference,
      type: sign(t.minor),
      status: t.pending ? 'PENDING' : 'BOOKED',
    } as Expected);
  }

  it('parses back exactly what was written', () => {
    fc.assert(
      fc.property(
        statement(shape),
        fc.constantFrom(1 as const, 2 as const),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('', '120000', '120000.000[-5:EST]', '000000[+1:CET]'),
        (model, version, qfx, comma, timeSuffix) => {
          const text = writeOfx(model, { version, qfx, comma, timeSuffix });
          const parsed = parseStatement(utf8(text), { fileName: 'random.ofx' });
          expect(parsed.format).toBe(qfx ? 'QFX' : version === 1 ? 'OFX1' : 'OFX2');
          expect(parsed.warnings).toEqual([]);
          const ordered = [
            ...model.accounts.filter((a) => !a.creditCard),
            ...model.accounts.filter((a) => a.creditCard),
          ];
          expect(parsed.accounts).toHaveLength(ordered.length);
          ordered.forEach((a, i) => {
            const p = parsed.accounts[i];
            expect(accountOf(p)).toStrictEqual(
              byDefined({
                identifier: a.identifier,
                type: a.creditCard ? 'CREDIT_CARD' : 'CHECKINGS',
                currency: a.currency,
                iban: isIban(a.identifier) ? a.identifier : undefined,
                accountNumber: a.identifier,
                bankId: a.creditCard ? undefined : '30004',
                closingBalance: balance(a.closing, a.currency),
              }),
            );
            const txs = [...a.transactions.filter((t) => !t.pending), ...a.transactions.filter((t) => t.pending)];
            expect(p.transactions.map(strip)).toStrictEqual(txs.map((t) => expectedOfx(t, a.currency)));
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('round trip: CAMT.053 and camt.052', () => {
  const shape: AccountShape = {
    currencies: ['EUR', 'USD', 'JPY', 'KWD', 'CHF'],
    textArb: fullText,
    identifier: accountId,
    creditCard: 'random',
    balances: 'random',
    pending: true,
    keys: true,
    nearValueDates: false,
    minTransactions: 0,
  };

  it('parses back exactly what was written', () => {
    fc.assert(
      fc.property(
        statement(shape),
        fc.constantFrom('053' as const, '052' as const),
        fc.constantFrom('02' as const, '08' as const),
        fc.constantFrom('', 'ns2'),
        (model, kind, version, prefix) => {
          const text = writeCamt(model, { kind, version, prefix });
          const parsed = parseStatement(utf8(text), { fileName: 'random.xml' });
          expect(parsed.format).toBe(kind === '053' ? 'CAMT053' : 'CAMT052');
          expect(parsed.warnings).toEqual([]);
          expect(parsed.accounts).toHaveLength(model.accounts.length);
          model.accounts.forEach((a, i) => {
            const p = parsed.accounts[i];
            expect(accountOf(p)).toStrictEqual(
              byDefined({
                identifier: a.identifier,
                type: a.creditCard ? 'CREDIT_CARD' : 'CHECKINGS',
                currency: a.currency,
                accountNumber: a.identifier,
                openingBalance: balance(a.opening, a.currency),
                closingBalance: balance(a.closing, a.currency),
              }),
            );
            expect(p.transactions.map(strip)).toStrictEqual(
              a.transactions.map((t) =>
                byDefined({
                  providerKey: t.key,
                  date: t.date,
                  valueDate: t.valueDate,
                  amount: decimal(t.minor, a.currency),
                  rawText: t.memo ?? t.name,
                  label: cleanLabel(t.name),
                  counterparty: t.name,
                  reference: t.reference,
                  remittanceInformation: t.memo === undefined ? undefined : [t.memo],
                  type: sign(t.minor),
                  status: t.pending ? 'PENDING' : 'BOOKED',
                } as Expected),
              ),
            );
            p.transactions.forEach((t, j) =>
              expect(t.location).toBe(
                `element Document/${kind === '053' ? 'BkToCstmrStmt/Stmt' : 'BkToCstmrAcctRpt/Rpt'}[${i}]/Ntry[${j}]`,
              ),
            );
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('round trip: MT940', () => {
  const shape: AccountShape = {
    currencies: ['EUR', 'USD', 'JPY', 'CHF'],
    textArb: mtText,
    identifier: fc.oneof(
      accountId,
      fc.tuple(fc.stringMatching(/^[0-9]{8}$/), fc.stringMatching(/^[0-9]{10}$/)).map(([b, a]) => `${b}/${a}`),
    ),
    creditCard: false,
    balances: 'both',
    pending: false,
    keys: true,
    nearValueDates: true,
    minTransactions: 0,
  };

  it('parses back exactly what was written', () => {
    fc.assert(
      fc.property(statement(shape), fc.boolean(), (model, envelope) => {
        const text = writeMt940(model, { envelope });
        const parsed = parseStatement(utf8(text), { fileName: 'random.sta' });
        expect(parsed.format).toBe('MT940');
        expect(parsed.warnings).toEqual([]);
        expect(parsed.accounts).toHaveLength(model.accounts.length);
        model.accounts.forEach((a: ModelAccount, i) => {
          const p = parsed.accounts[i];
          const slash = a.identifier.indexOf('/');
          expect(accountOf(p)).toStrictEqual(
            byDefined({
              identifier: a.identifier,
              type: 'CHECKINGS',
              currency: a.currency,
              iban: isIban(a.identifier.slice(slash + 1)) ? a.identifier.slice(slash + 1) : undefined,
              accountNumber: slash < 0 ? a.identifier : a.identifier.slice(slash + 1),
              bankId: slash < 0 ? undefined : a.identifier.slice(0, slash),
              openingBalance: balance(a.opening, a.currency),
              closingBalance: balance(a.closing, a.currency),
            }),
          );
          expect(p.transactions.map(strip)).toStrictEqual(
            a.transactions.map((t) => {
              const rawText = t.memo === undefined ? t.name : `${t.name} ${t.memo}`;
              return byDefined({
                providerKey: t.key,
                date: t.date,
                valueDate: t.valueDate ?? t.date,
                amount: decimal(t.minor, a.currency),
                rawText,
                label: cleanLabel(rawText),
                reference: t.reference,
                type: sign(t.minor),
                status: 'BOOKED',
              } as Expected);
            }),
          );
        });
      }),
      { numRuns: RUNS },
    );
  });
});

const humanShape: AccountShape = {
  currencies: ['EUR'],
  textArb: fullText,
  identifier: fc.constant('acc'),
  creditCard: 'random',
  balances: 'none',
  pending: false,
  keys: false,
  nearValueDates: false,
  minTransactions: 1,
};

describe('round trip: QIF', () => {
  it('parses back exactly what was written (explicit and auto date order)', () => {
    fc.assert(
      fc.property(
        statement(humanShape, 1),
        fc.constantFrom('DMY' as const, 'MDY' as const),
        fc.constantFrom('/' as const, '.' as const, "'" as const),
        fc.constantFrom('.' as const, ',' as const),
        fc.boolean(),
        (model, order, styleWanted, decimalSeparator, thousands) => {
          const a = model.accounts[0];
          const modern = a.transactions.every((t) => new Date(t.date * 1000).getUTCFullYear() >= 2000);
          const style = styleWanted === "'" && (order === 'DMY' || !modern) ? '/' : styleWanted;
          const text = writeQif(a, { order, style, decimal: decimalSeparator, thousands });
          const parsed = parseStatement(utf8(text), {
            fileName: 'random.qif',
            dateOrder: order,
            accountIdentifier: 'acc',
          });
          expect(parsed.format).toBe('QIF');
          expect(parsed.accounts).toHaveLength(1);
          expect(accountOf(parsed.accounts[0])).toStrictEqual({
            identifier: 'acc',
            type: a.creditCard ? 'CREDIT_CARD' : 'CHECKINGS',
            currency: 'EUR',
          });
          const expected = a.transactions.map((t) =>
            byDefined({
              date: t.date,
              amount: decimal(t.minor, 'EUR'),
              rawText: t.memo === undefined ? t.name : `${t.name} ${t.memo}`,
              label: cleanLabel(t.name),
              counterparty: t.name,
              reference: t.reference,
              type: t.reference !== undefined && /^\d+$/.test(t.reference) ? 'CHECK' : sign(t.minor),
              status: 'BOOKED',
            } as Expected),
          );
          expect(parsed.accounts[0].transactions.map(strip)).toStrictEqual(expected);
          // auto order gives the same result whenever some day is > 12, and asks for the option otherwise
          const telling = a.transactions.some((t) => new Date(t.date * 1000).getUTCDate() > 12);
          const samePlace = a.transactions.every(
            (t) => new Date(t.date * 1000).getUTCDate() === new Date(t.date * 1000).getUTCMonth() + 1,
          );
          if (telling) {
            expect(
              parseStatement(utf8(text), {
                fileName: 'random.qif',
                accountIdentifier: 'acc',
              }).accounts[0].transactions.map(strip),
            ).toStrictEqual(expected);
          } else if (!samePlace) {
            expect(() => parseStatement(utf8(text), { fileName: 'random.qif' })).toThrow(/ambiguous date/);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('round trip: CSV', () => {
  it('parses back exactly what was written (guessed mapping)', () => {
    fc.assert(
      fc.property(
        statement({ ...humanShape, currencies: ['EUR', 'USD', 'CHF'], creditCard: false }, 1),
        fc.record({
          delimiter: fc.constantFrom(',' as const, ';' as const, '\t' as const, '|' as const),
          decimal: fc.constantFrom('.' as const, ',' as const),
          thousands: fc.boolean(),
          order: fc.constantFrom('DMY' as const, 'MDY' as const, 'ISO' as const),
          debitCredit: fc.boolean(),
          french: fc.boolean(),
          quoteAll: fc.boolean(),
        }),
        (model, o) => {
          const a = model.accounts[0];
          const text = writeCsv(a, o);
          const parsed = parseStatement(utf8(text), {
            fileName: 'random.csv',
            dateOrder: o.order === 'ISO' ? 'auto' : o.order,
            accountIdentifier: 'acc',
          });
          expect(parsed.format).toBe('CSV');
          expect(parsed.warnings).toEqual([]);
          expect(accountOf(parsed.accounts[0])).toStrictEqual({
            identifier: 'acc',
            type: 'CHECKINGS',
            currency: a.currency,
          });
          expect(parsed.accounts[0].transactions.map(strip)).toStrictEqual(
            a.transactions.map((t) =>
              byDefined({
                date: t.date,
                valueDate: t.valueDate,
                amount: decimal(t.minor, a.currency),
                rawText: t.memo === undefined ? t.name : t.memo.includes(t.name) ? t.memo : `${t.name} ${t.memo}`,
                label: cleanLabel(t.name),
                reference: t.reference,
                type: sign(t.minor),
                status: 'BOOKED',
              } as Expected),
            ),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
