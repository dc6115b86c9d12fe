import fc from 'fast-check';
import type { ModelAccount, ModelStatement, ModelTransaction } from './model';

/** fast-check generators of statements: accents, `&<>`, quotes and separators included. */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ACCENTS = 'éèêàâçùûôîÉÈÀÇÔœŒ€ßüöÖñ';
const SPECIALS = `&<>'"-.,/#*()+%;|`;
/** MT940 text: no field-like or envelope-like characters (':', '{', '-', '?', '/'). */
const MT_SPECIALS = `&<>'.,#*()+%`;

const DAY = 86_400;
export const MIN_DAY = Date.UTC(1990, 0, 1) / 1000 / DAY;
export const MAX_DAY = Date.UTC(2079, 11, 31) / 1000 / DAY;

function word(alphabet: string): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 10 });
}

export function text(alphabet: string, maxWords = 5): fc.Arbitrary<string> {
  return fc.array(word(alphabet), { minLength: 1, maxLength: maxWords }).map((words) => words.join(' '));
}

export const fullText = text(LETTERS + ACCENTS + SPECIALS);
export const mtText = text(LETTERS + ACCENTS + MT_SPECIALS);

export const day = fc.integer({ min: MIN_DAY, max: MAX_DAY }).map((d) => d * DAY);

export const key = fc
  .string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: 1, maxLength: 16 })
  .filter((k) => k !== 'NONREF');

export const reference = fc.oneof(
  fc.integer({ min: 1, max: 99_999_999 }).map(String),
  fc.integer({ min: 1, max: 99_999 }).map((n) => `REF${n}`),
);

export const minor = fc.oneof(
  fc.integer({ min: -50_000, max: 50_000 }),
  fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }),
  fc.constant(0),
);

export interface AccountShape {
  currencies: string[];
  textArb: fc.Arbitrary<string>;
  identifier: fc.Arbitrary<string>;
  creditCard: boolean | 'random';
  balances: 'none' | 'closing' | 'both' | 'random';
  pending: boolean;
  keys: boolean;
  /** Value dates within ±30 days of the date (MT940 infers the entry date's year). */
  nearValueDates: boolean;
  minTransactions: number;
}

export function transaction(shape: AccountShape): fc.Arbitrary<ModelTransaction> {
  return fc
    .record({
      date: day,
      valueOffset: fc.option(
        fc.integer({ min: shape.nearValueDates ? -30 : -400, max: shape.nearValueDates ? 30 : 400 }),
        { nil: undefined },
      ),
      minor,
      name: shape.textArb,
      memo: fc.option(shape.textArb, { nil: undefined }),
      key: shape.keys ? fc.option(key, { nil: undefined }) : fc.constant(undefined),
      reference: fc.option(reference, { nil: undefined }),
      pending: shape.pending ? fc.boolean() : fc.constant(false),
    })
    .map(({ valueOffset, ...t }) => {
      const valueDay =
        valueOffset === undefined ? undefined : Math.min(MAX_DAY, Math.max(MIN_DAY, t.date / DAY + valueOffset));
      const tx: ModelTransaction = { date: t.date, minor: t.minor, name: t.name, pending: t.pending };
      if (valueDay !== undefined) tx.valueDate = valueDay * DAY;
      if (t.memo !== undefined) tx.memo = t.memo;
      if (t.key !== undefined) tx.key = t.key;
      if (t.reference !== undefined) tx.reference = t.reference;
      return tx;
    });
}

export function account(shape: AccountShape): fc.Arbitrary<ModelAccount> {
  const balance = fc.record({ minor, date: day });
  return fc
    .record({
      identifier: shape.identifier,
      currency: fc.constantFrom(...shape.currencies),
      creditCard: shape.creditCard === 'random' ? fc.boolean() : fc.constant(shape.creditCard),
      opening: balance,
      closing: balance,
      withOpening: fc.boolean(),
      withClosing: fc.boolean(),
      transactions: fc.array(transaction(shape), { minLength: shape.minTransactions, maxLength: 12 }),
    })
    .map(({ opening, closing, withOpening, withClosing, ...a }) => {
      const result: ModelAccount = { ...a };
      const mode = shape.balances;
      if (mode === 'both' || (mode === 'random' && withOpening)) result.opening = opening;
      if (mode === 'both' || mode === 'closing' || (mode === 'random' && withClosing)) result.closing = closing;
      return result;
    });
}

export function statement(shape: AccountShape, maxAccounts = 3): fc.Arbitrary<ModelStatement> {
  return fc
    .uniqueArray(account(shape), { minLength: 1, maxLength: maxAccounts, selector: (a) => a.identifier })
    .map((accounts) => ({ accounts }));
}

export const accountId = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'),
  minLength: 4,
  maxLength: 20,
});
