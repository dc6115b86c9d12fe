import { InvalidInput } from './errors';
import { parseEnumList, type PageLimit } from './list-input';
import { isCategoryIdShape } from './own-categories';
import { parseId } from './record';
import { ACCOUNT_TYPES, TRANSACTION_ORIGINS, TRANSACTION_STATUSES, type AccountType, type TransactionStatus } from './values';

/** GET /transactions query parameters after schema validation (numbers already whole and non-negative). */
export interface TransactionListQuery extends PageLimit {
  origin?: string;
  included_statuses?: string;
  excluded_statuses?: string;
  min_amount?: string;
  max_amount?: string;
  amount?: string;
  account_type?: string;
  start_date?: number;
  end_date?: number;
  account_id?: string;
  category_id?: string;
  payee_id?: string;
  start_import_date?: number;
}

/** A signed dot decimal kept as text: amounts are compared exactly, in minor units, never as floats. */
export interface DecimalText {
  negative: boolean;
  int: string;
  frac: string;
}

export interface TransactionFilters {
  statuses: { include: boolean; values: TransactionStatus[] };
  origin?: string;
  minAmount?: DecimalText;
  maxAmount?: DecimalText;
  amount?: DecimalText;
  accountType?: AccountType;
  startDate?: number;
  endDate?: number;
  /** -1 when the id is not one of ours (matches nothing). */
  accountId?: number;
  categoryId?: string;
  /** -1 when the id is not one of ours (matches nothing). */
  payeeId?: number;
  startImportDate?: number;
}

const DECIMAL = /^([+-])?(\d{1,15})(?:\.(\d{1,15}))?$/;

export function parseDecimal(name: string, text: string): DecimalText {
  const m = DECIMAL.exec(text);
  if (!m) throw new InvalidInput(`query parameter ${name} must be a signed decimal number with a dot, such as -12.30`);
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const int = m[2].replace(/^0+(?=\d)/, '');
  const zero = /^0*$/.test(int) && frac === '';
  return { negative: m[1] === '-' && !zero, int, frac };
}

/** Compares two decimals (for the min ≤ max check). */
export function compareDecimal(a: DecimalText, b: DecimalText): number {
  const sign = (d: DecimalText) => (d.negative ? -1 : 1);
  if (a.negative !== b.negative) return sign(a) - sign(b) > 0 ? 1 : -1;
  const width = Math.max(a.frac.length, b.frac.length);
  const da = a.int.padStart(16, '0') + a.frac.padEnd(width, '0');
  const db = b.int.padStart(16, '0') + b.frac.padEnd(width, '0');
  const cmp = da < db ? -1 : da > db ? 1 : 0;
  return a.negative ? -cmp : cmp;
}

/**
 * The decimal in units of 10^-exponent, when it has no more (non-zero) decimals than that; null otherwise.
 * Exact (digit strings), safe for the 15+15 digits the syntax allows only up to 2^53: checked.
 */
export function decimalToScaled(d: DecimalText, exponent: number): number | null {
  if (d.frac.length > exponent) return null;
  const n = Number(d.int + d.frac.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(n)) return null;
  return d.negative ? -n : n;
}

/**
 * Validates the filters of GET /transactions (docs/api/lists.md#filters): every malformed value, unknown enum or
 * conflicting pair is refused (InvalidInput, a 400 at the edge). Without a status filter only BOOKED transactions are listed.
 */
export function parseTransactionFilters(q: TransactionListQuery): TransactionFilters {
  if (q.included_statuses !== undefined && q.excluded_statuses !== undefined) {
    throw new InvalidInput('included_statuses and excluded_statuses cannot be used in the same request');
  }
  const filters: TransactionFilters = { statuses: { include: true, values: ['BOOKED'] } };
  if (q.included_statuses !== undefined) {
    filters.statuses = { include: true, values: parseEnumList('included_statuses', q.included_statuses, TRANSACTION_STATUSES) };
  } else if (q.excluded_statuses !== undefined) {
    filters.statuses = { include: false, values: parseEnumList('excluded_statuses', q.excluded_statuses, TRANSACTION_STATUSES) };
  }
  if (q.origin !== undefined) {
    if (!(TRANSACTION_ORIGINS as readonly string[]).includes(q.origin)) {
      throw new InvalidInput(`query parameter origin: only ${TRANSACTION_ORIGINS.join(', ')} is supported`);
    }
    filters.origin = q.origin;
  }
  if (q.min_amount !== undefined) filters.minAmount = parseDecimal('min_amount', q.min_amount);
  if (q.max_amount !== undefined) filters.maxAmount = parseDecimal('max_amount', q.max_amount);
  if (q.amount !== undefined) filters.amount = parseDecimal('amount', q.amount);
  if (filters.minAmount && filters.maxAmount && compareDecimal(filters.minAmount, filters.maxAmount) > 0) {
    throw new InvalidInput('min_amount is greater than max_amount');
  }
  if (q.account_type !== undefined) {
    if (!(ACCOUNT_TYPES as readonly string[]).includes(q.account_type)) {
      throw new InvalidInput(`query parameter account_type must be exactly one of ${ACCOUNT_TYPES.join(', ')}`);
    }
    filters.accountType = q.account_type as AccountType;
  }
  if (q.start_date !== undefined) filters.startDate = q.start_date;
  if (q.end_date !== undefined) filters.endDate = q.end_date;
  if (filters.startDate !== undefined && filters.endDate !== undefined && filters.startDate > filters.endDate) {
    throw new InvalidInput('start_date is after end_date');
  }
  if (q.start_import_date !== undefined) filters.startImportDate = q.start_import_date;
  if (q.account_id !== undefined) filters.accountId = parseId(q.account_id) ?? -1;
  if (q.category_id !== undefined) {
    if (!isCategoryIdShape(q.category_id)) throw new InvalidInput('query parameter category_id is not a category id');
    filters.categoryId = q.category_id;
  }
  if (q.payee_id !== undefined) filters.payeeId = parseId(q.payee_id) ?? -1;
  return filters;
}
