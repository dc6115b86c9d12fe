/**
 * SimpleFIN accounts and transactions as Coffer's connector records (see docs/api/simplefin.md).
 *
 * Institutions: the account record has no institution field, so the institution's name leads the account's
 * `name` as `<institution> · <account name>` (INSTITUTION_SEPARATOR). Every client that shows account names
 * (integrators' apps included) then tells "Checking" of one bank from "Checking" of another, and the app
 * groups a connection's accounts by that prefix.
 */
import type { AccountType, ProviderAccount, ProviderTransaction } from '../types';
import type { SfAccount, SfTransaction } from './answer';

export const INSTITUTION_SEPARATOR = ' · ';

/** Type from the account's name: card/credit → CREDIT_CARD, savings → SAVINGS, loan/mortgage → LOAN, else CHECKINGS. */
export function accountTypeOf(name: string): AccountType {
  const n = name.toLowerCase();
  if (/card|credit/.test(n)) return 'CREDIT_CARD';
  if (/savings/.test(n)) return 'SAVINGS';
  if (/loan|mortgage/.test(n)) return 'LOAN';
  return 'CHECKINGS';
}

/** ISO 4217 codes pass; a bridge's custom currency (a URL, e.g. airline miles) becomes XXX, "no currency". */
export function currencyOf(currency: string): string {
  const c = currency.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(c) ? c : 'XXX';
}

export function accountName(a: Pick<SfAccount, 'name' | 'institution'>): string {
  return a.institution ? `${a.institution}${INSTITUTION_SEPARATOR}${a.name}` : a.name;
}

export function toProviderAccount(a: SfAccount, now: number): ProviderAccount {
  return {
    reference: a.id,
    name: accountName(a),
    type: accountTypeOf(a.name),
    currency: currencyOf(a.currency),
    usage: 'PERSONAL',
    balance: a.balance,
    balance_date: a.balanceDate || now,
  };
}

/** Bank descriptions are upper-case, padded and numbered ("SQ *BLUE BOTTLE   #123"): collapsed, the store number dropped. */
export function cleanDescription(description: string): string {
  return description.replace(/\s+/g, ' ').replace(/\s+#\s*\d+\s*$/, '').trim();
}

/**
 * `currency` is the account's (as the bridge wrote it). An amount rounded to the currency's decimals keeps
 * the amount as written in remittance_information ("Amount sent by the bank: 0.125 USD").
 */
export function toProviderTransaction(t: SfTransaction, currency = 'USD'): ProviderTransaction {
  const date = t.pending ? (t.transacted_at ?? t.posted) : t.posted;
  const label = t.payee?.trim() || cleanDescription(t.description) || t.description;
  const amount = t.amount.replace(/^\+/, '');
  const tx: ProviderTransaction = {
    key: t.id,
    date,
    amount,
    label,
    raw: t.description,
    type: amount.startsWith('-') ? 'DEBIT' : 'CREDIT',
    status: t.pending ? 'PENDING' : 'BOOKED',
  };
  if (!t.pending) tx.booking_date = t.posted;
  if (t.transacted_at !== undefined) tx.value_date = t.transacted_at;
  if (t.payee) tx.counterparty = t.payee;
  const remittance = t.memo ? [t.memo] : [];
  if (t.amountAsSent !== undefined) remittance.push(`Amount sent by the bank: ${t.amountAsSent} ${currencyOf(currency)}`);
  if (remittance.length) tx.remittance_information = remittance;
  return tx;
}
