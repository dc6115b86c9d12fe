/**
 * The person's own ledger: accounts kept by hand (cash, a house, a loan or a card outside any bank) and
 * transactions the bank does not know. Pure rules: what a manual account or transaction may be, and the
 * arithmetic of running balances and reconciliation. Money is integer minor units of the account's currency.
 */
import { InvalidInput } from './errors';
import { currencyExponent, decimalToMinor, MoneyFormatError } from './money';
import type { AccountType } from './values';

/** What a manual account holds, and the account type (of the four the API knows) it is listed under. */
export const MANUAL_KINDS = {
  CASH: 'CHECKINGS',
  CHECKINGS: 'CHECKINGS',
  SAVINGS: 'SAVINGS',
  PROPERTY: 'SAVINGS',
  LOAN: 'LOAN',
  CREDIT_CARD: 'CREDIT_CARD',
} as const satisfies Record<string, AccountType>;
export type ManualKind = keyof typeof MANUAL_KINDS;
export const MANUAL_KIND_NAMES = Object.keys(MANUAL_KINDS) as ManualKind[];

/** The provider id that anchors manual connections (no channel, never synchronized). */
export const MANUAL_PROVIDER_ID = 'manual';

/** Largest amount (in units, not minor units) a person may type: far beyond any real balance, well inside exact doubles. */
const MAX_UNITS = 1_000_000_000_000;
const NAME_MAX = 120;
const LABEL_MAX = 200;

/** A name or label as stored: trimmed, repeated spaces folded, 1..max characters; InvalidInput naming the field. */
export function cleanText(field: string, text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  const length = [...clean].length;
  if (length === 0 || length > max) throw new InvalidInput(`${field} must be 1 to ${max} characters`);
  return clean;
}

export const cleanName = (name: string) => cleanText('name', name, NAME_MAX);
export const cleanLabel = (label: string) => cleanText('label', label, LABEL_MAX);

/** A three-letter currency code in capitals ("EUR"); InvalidInput otherwise. */
export function checkCurrency(currency: string): string {
  if (!/^[A-Z]{3}$/.test(currency)) throw new InvalidInput(`currency must be a three-letter ISO 4217 code in capitals, like EUR; got ${JSON.stringify(currency.slice(0, 10))}`);
  return currency;
}

/**
 * An amount given as a dot-decimal text or a JSON number, in minor units of `currency`: more decimals than
 * the currency has, an exponent, or a magnitude beyond a trillion are refused (InvalidInput naming `field`).
 */
export function parseMoney(field: string, value: string | number, currency: string): number {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value.trim();
  const exponent = currencyExponent(currency);
  let minor: number;
  try {
    minor = decimalToMinor(text, exponent);
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    throw new InvalidInput(`${field} must be a decimal amount with at most ${exponent} decimals for ${currency}, like -12.30; got ${JSON.stringify(text.slice(0, 30))}`);
  }
  if (Math.abs(minor) >= MAX_UNITS * 10 ** exponent) throw new InvalidInput(`${field} is beyond what Coffer keeps (a trillion)`);
  return minor;
}

/** A manual transaction's amount: a non-zero decimal (a zero moves no money). */
export function parseManualAmount(value: string | number, currency: string): number {
  const minor = parseMoney('amount', value, currency);
  if (minor === 0) throw new InvalidInput('amount must not be 0: a transaction moves money in or out (negative for money out)');
  return minor;
}

/**
 * Whether an account may receive manual transactions: a CLOSED account keeps its history as it was (reopen
 * it first); any other account (a bank's or a manual one) may.
 */
export function checkAccountTakesManualTransactions(account: { id: number; status: string }): void {
  if (account.status === 'CLOSED')
    throw new InvalidInput(`account ${account.id} is closed: its history stays as it was. Reopen it (PUT /accounts/${account.id} with status ACTIVE) to add or change transactions`);
}

/** The balance served for an account: the bank's (or the opening one the person gave) plus their manual transactions. */
export function servedBalance(row: { balance: number; manual_total: number; status: string; closing_balance: number | null }): {
  balance: number;
  closing_balance: number | null;
} {
  // A closed account shows 0 (its closing balance is kept beside it): the manual rows count in that one.
  if (row.status === 'CLOSED') return { balance: row.balance, closing_balance: row.closing_balance === null ? null : row.closing_balance + row.manual_total };
  return { balance: row.balance + row.manual_total, closing_balance: row.closing_balance };
}

/** A calendar day "YYYY-MM-DD" that exists; its end as UTC seconds (the first second of the next day). */
export function dayEnd(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const start = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  const back = Number.isNaN(start) ? '' : new Date(start).toISOString().slice(0, 10);
  if (!m || back !== day) throw new InvalidInput(`date must be a day written YYYY-MM-DD, like 2026-10-31; got ${JSON.stringify(day.slice(0, 20))}`);
  return start / 1000 + 86_400;
}

/** The reconciliation of a statement: Coffer's balance at the end of the day, and how far the statement is from it. */
export function reconciliationOf(statementBalance: number, balanceAtDayEnd: number): { balance: number; difference: number } {
  return { balance: balanceAtDayEnd, difference: statementBalance - balanceAtDayEnd };
}
