/**
 * Derived transaction keys (see docs/api/synchronization.md#transaction-keys): when a provider (or a statement file)
 * gives no stable id, the key is a hash of (account reference, day of the date, amount, raw label, ordinal among
 * identical rows). The ordinal keeps two genuinely identical purchases on one day apart, and re-reading the same rows
 * gives the same keys. Rows must be given whole days at a time for the ordinals to stay stable.
 */
import { createHash } from 'node:crypto';
import type { ProviderTransaction } from './types';

export type KeyedTransaction = ProviderTransaction & { key: string };

/** The fields the derived key depends on. */
export type KeySource = Pick<ProviderTransaction, 'date' | 'amount' | 'raw'>;

const DAY = 86_400;

/** Canonical text of a decimal amount: no plus sign, no leading zeros, no trailing fractional zeros. */
export function canonicalAmount(amount: string): string {
  const m = /^([+-])?0*(\d*?)(?:\.(\d*?)0*)?$/.exec(amount.trim());
  if (!m) return amount.trim();
  const int = m[2] || '0';
  const frac = m[3] ?? '';
  const zero = int === '0' && frac === '';
  return `${m[1] === '-' && !zero ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Canonical raw label: Unicode NFC, upper case, whitespace collapsed. */
export function canonicalRaw(raw: string): string {
  return raw.normalize('NFC').toUpperCase().replace(/\s+/g, ' ').trim();
}

/** The identity of a row before its ordinal: rows with equal identities are "identical". */
export function transactionIdentity(accountReference: string, tx: KeySource): string {
  const day = Math.floor(tx.date / DAY);
  return `${accountReference}\u0000${day}\u0000${canonicalAmount(tx.amount)}\u0000${canonicalRaw(tx.raw)}`;
}

/** The derived key of one row; `ordinal` is its 0-based rank among identical rows. */
export function deriveTransactionKey(accountReference: string, tx: KeySource, ordinal: number): string {
  const hash = createHash('sha256').update(`${transactionIdentity(accountReference, tx)}\u0000${ordinal}`).digest('hex');
  return `d1_${hash.slice(0, 32)}`;
}

/**
 * Gives every row without a key a derived one, numbering identical rows in list order. Rows that carry a
 * provider key keep it (and do not take an ordinal). Returns new objects; the input is not changed.
 */
export function assignTransactionKeys(accountReference: string, transactions: readonly ProviderTransaction[]): KeyedTransaction[] {
  const seen = new Map<string, number>();
  return transactions.map((tx) => {
    if (tx.key) return { ...tx, key: tx.key };
    const identity = transactionIdentity(accountReference, tx);
    const ordinal = seen.get(identity) ?? 0;
    seen.set(identity, ordinal + 1);
    return { ...tx, key: deriveTransactionKey(accountReference, tx, ordinal) };
  });
}
