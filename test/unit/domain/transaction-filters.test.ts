import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/main/engine/domain/errors';
import { domainErrorToApiError } from '../../../src/main/engine/http/error-handler';
import { compareDecimal, decimalToScaled, parseDecimal, parseTransactionFilters } from '../../../src/main/engine/domain/transaction-filters';
import { accountOrderBy } from '../../../src/main/engine/store/accounts';
import { acceptLanguage as requestLanguage } from '../../../src/shared/language';
import { containsPattern, foldText, searchWords } from '../../../src/main/engine/domain/text-fold';

const page = { page: 1, limit: 100 };
const bad = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    // The rules refuse with a domain error; the edge answers it with a 400.
    expect(err).toBeInstanceOf(DomainError);
    expect(domainErrorToApiError(err as DomainError).statusCode).toBe(400);
    return (err as DomainError).message;
  }
  throw new Error('expected a 400');
};

describe('decimals are exact', () => {
  it.each([
    ['12.34', 2, 1234],
    ['-12.34', 2, -1234],
    ['+0.10', 2, 10],
    ['12.340', 2, 1234],
    ['12', 2, 1200],
    ['-0', 2, 0],
    ['0.005', 3, 5],
    ['1500', 0, 1500],
    ['007.5', 2, 750],
  ] as const)('%s at exponent %d → %d', (text, e, scaled) => {
    expect(decimalToScaled(parseDecimal('x', text), e)).toBe(scaled);
  });

  it('refuses more non-zero decimals than the currency has', () => {
    expect(decimalToScaled(parseDecimal('x', '12.345'), 2)).toBeNull();
    expect(decimalToScaled(parseDecimal('x', '12.5'), 0)).toBeNull();
  });

  it.each(['abc', '1,5', '1.', '.5', '1e3', '--1', '', ' 1', '0x10', '1.2.3', 'NaN', 'Infinity'])('refuses %j', (text) => {
    bad(() => parseDecimal('min_amount', text));
  });

  it('compares', () => {
    const d = (t: string) => parseDecimal('x', t);
    expect(compareDecimal(d('1.5'), d('1.50'))).toBe(0);
    expect(compareDecimal(d('-1'), d('1'))).toBe(-1);
    expect(compareDecimal(d('-2'), d('-1.5'))).toBe(-1);
    expect(compareDecimal(d('10'), d('9.99'))).toBe(1);
    expect(compareDecimal(d('-0'), d('0'))).toBe(0);
  });
});

describe('parseTransactionFilters', () => {
  it('lists BOOKED only by default', () => {
    expect(parseTransactionFilters(page).statuses).toEqual({ include: true, values: ['BOOKED'] });
  });

  it('takes included or excluded statuses, never both', () => {
    expect(parseTransactionFilters({ ...page, included_statuses: 'PENDING,BOOKED' }).statuses).toEqual({ include: true, values: ['PENDING', 'BOOKED'] });
    expect(parseTransactionFilters({ ...page, excluded_statuses: 'CANCELLED' }).statuses).toEqual({ include: false, values: ['CANCELLED'] });
    expect(bad(() => parseTransactionFilters({ ...page, included_statuses: 'BOOKED', excluded_statuses: 'PENDING' }))).toMatch(/same request/);
    bad(() => parseTransactionFilters({ ...page, included_statuses: 'BOOKED,NOPE' }));
    bad(() => parseTransactionFilters({ ...page, included_statuses: 'BOOKED,' }));
    bad(() => parseTransactionFilters({ ...page, excluded_statuses: '' }));
  });

  it('validates origin, account_type, category_id and ranges', () => {
    bad(() => parseTransactionFilters({ ...page, origin: 'PAYMENT' }));
    bad(() => parseTransactionFilters({ ...page, account_type: 'CHECKINGS,SAVINGS' }));
    bad(() => parseTransactionFilters({ ...page, category_id: 'food; drop' }));
    bad(() => parseTransactionFilters({ ...page, min_amount: '10', max_amount: '-10' }));
    bad(() => parseTransactionFilters({ ...page, start_date: 20, end_date: 10 }));
    expect(parseTransactionFilters({ ...page, start_date: 10, end_date: 10 }).startDate).toBe(10);
  });

  it('turns an account id that is not one of ours into one that matches nothing', () => {
    expect(parseTransactionFilters({ ...page, account_id: 'abc' }).accountId).toBe(-1);
    expect(parseTransactionFilters({ ...page, account_id: '42' }).accountId).toBe(42);
  });
});

describe('account sort', () => {
  it.each([
    [undefined, 'creation_date ASC, id ASC'],
    ['name', 'name COLLATE NOCASE ASC, id ASC'],
    ['name,-creation_date', 'name COLLATE NOCASE ASC, creation_date DESC, id ASC'],
    ['-name', 'name COLLATE NOCASE DESC, id ASC'],
  ] as const)('%s → %s', (sort, sql) => {
    expect(accountOrderBy(sort)).toBe(sql);
  });

  it.each(['balance', 'name,', '', 'name,name', '-', 'constructor', '__proto__'])('refuses %j', (sort) => {
    bad(() => accountOrderBy(sort));
  });
});

describe('text search and languages', () => {
  it('folds case, accents and spaces', () => {
    expect(foldText('  Société   Générale ')).toBe('societe generale');
    expect(searchWords('Livret  A')).toEqual(['livret', 'a']);
    expect(containsPattern('100%_\\')).toBe('%100\\%\\_\\\\%');
  });

  it.each([
    [undefined, 'fr'],
    ['en', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['de-DE,de;q=0.9', 'fr'],
    ['de,en;q=0.5,fr;q=0.8', 'fr'],
    ['de,en;q=0.9,fr;q=0.8', 'en'],
    ['fr-CA', 'fr'],
    ['en;q=0', 'fr'],
  ] as const)('Accept-Language %s → %s', (header, lang) => {
    expect(requestLanguage(header)).toBe(lang);
  });
});
