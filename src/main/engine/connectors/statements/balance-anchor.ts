/**
 * The balance an account shows after an import (pure, table-tested). The latest statement wins:
 * - the run's newest closing balance, when it is at least as recent as the stored balance (or the account
 *   is new): source STATEMENT;
 * - else the stored balance stays (an older statement imported after a newer one): source STORED;
 * - files without a closing balance (QIF, most CSV): the stored balance plus the new booked rows dated after
 *   it, or, for a new account, the sum of its booked rows: source RUNNING (an estimate, as the files give no
 *   better).
 * The engine then writes end-of-day `balance_history` points back from this balance over the rows it is
 * given (store/transaction-writes.ts), which is why the caller also hands it the stored rows of the same span.
 */
import { decimalToMinor } from '../../domain/money';
import type { Balance } from './formats';
import type { KeyedTransaction } from '../transaction-key';

export interface StoredBalance {
  balanceMinor: number;
  balanceDate: number | null;
}

export interface AnchorInput {
  exponent: number;
  /** Absent for an account this run creates. */
  stored?: StoredBalance;
  closing?: Balance;
  rows: readonly KeyedTransaction[];
  /** Whether the store already holds a row key (asked only for RUNNING balances of stored accounts). */
  isStored(key: string): boolean;
  now: number;
}

export interface Anchor {
  balanceMinor: number;
  balanceDate: number;
  source: 'STATEMENT' | 'STORED' | 'RUNNING';
}

export function balanceAnchor(input: AnchorInput): Anchor {
  const { stored, closing, exponent } = input;
  const storedDate = stored?.balanceDate ?? null;
  if (closing && (storedDate === null || closing.date >= storedDate)) {
    return { balanceMinor: decimalToMinor(closing.amount, exponent), balanceDate: closing.date, source: 'STATEMENT' };
  }
  if (stored && closing && storedDate !== null) {
    return { balanceMinor: stored.balanceMinor, balanceDate: storedDate, source: 'STORED' };
  }
  let sum = 0;
  let last: number | null = null;
  for (const row of input.rows) {
    if (row.status !== 'BOOKED') continue;
    if (stored && storedDate !== null && (row.date <= storedDate || input.isStored(row.key))) continue;
    sum += decimalToMinor(row.amount, exponent);
    if (last === null || row.date > last) last = row.date;
  }
  const base = stored?.balanceMinor ?? 0;
  const date = Math.max(storedDate ?? 0, last ?? 0) || (storedDate ?? input.now);
  return { balanceMinor: base + sum, balanceDate: date, source: 'RUNNING' };
}
