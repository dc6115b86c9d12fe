/** The test bank's own records: one book of entries per account, amounts in minor units. */
import { categorize } from '../../domain/categorize';
import type { TransactionType } from '../types';
import type { Text } from './locales';
import type { AccountSpec } from './profiles';

export interface Entry {
  /** The bank's stable transaction id. */
  key: string;
  date: number;
  /** Minor units, signed. */
  amount: number;
  label: string;
  raw: string;
  type: TransactionType;
  category: string;
  counterparty?: string;
  remittance?: string[];
  /** A card payment: PENDING for a while after it is made. */
  pend?: boolean;
  /** A pre-authorization that never books: shown only while PENDING, then gone. */
  cancel?: boolean;
}

export interface LoanInstallment {
  day: number;
  date: number;
  i: number;
  principal: number;
  interest: number;
}

export interface LoanPlan {
  principal: number;
  ratePct: number;
  months: number;
  payment: number;
  startDate: number;
  number: string;
  installments: LoanInstallment[];
}

export interface SavingsPlan {
  openedDate: number;
  ratePct: number;
  type: string;
  savings_type: string;
}

export interface Book {
  spec: AccountSpec;
  /** Balance before the first entry (minor units). */
  opening: number;
  /** Sorted by date (ties keep generation order). */
  entries: Entry[];
  loan?: LoanPlan;
  savings?: SavingsPlan;
}

export type Ledger = Map<string, Book>;

// eslint-disable-next-line coffer/no-module-state -- a memo of a pure function (same label, amount sign and type give the same category)
const categoryCache = new Map<string, string>();

/** categorize() with a memo: generated data repeats the same labels a great many times. */
export function categoryOf(label: string, amount: number, type: TransactionType): string {
  const cacheKey = `${type}|${amount < 0 ? '-' : '+'}|${label}`;
  let category = categoryCache.get(cacheKey);
  if (category === undefined) {
    category = categorize(label, amount < 0 ? '-1' : '1', type);
    if (categoryCache.size > 20_000) categoryCache.clear();
    categoryCache.set(cacheKey, category);
  }
  return category;
}

export function makeEntry(
  key: string,
  date: number,
  amount: number,
  text: Text,
  type: TransactionType,
  flags?: { pend?: boolean; cancel?: boolean },
): Entry {
  const entry: Entry = { key, date, amount, label: text.label, raw: text.raw, type, category: categoryOf(text.label, amount, type) };
  if (text.counterparty) entry.counterparty = text.counterparty;
  if (text.remittance) entry.remittance = text.remittance;
  if (flags?.pend) entry.pend = true;
  if (flags?.cancel) entry.cancel = true;
  return entry;
}

/** Sorts a book's entries by date, keeping generation order for equal dates (no-op when already sorted). */
export function sortEntries(entries: Entry[]): void {
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].date < entries[i - 1].date) {
      entries.sort((a, b) => a.date - b.date);
      return;
    }
  }
}

/** Amount in [min, max] minor units. */
export function amountBetween(next: () => number, min: number, max: number): number {
  return min + Math.floor(next() * (max - min + 1));
}
