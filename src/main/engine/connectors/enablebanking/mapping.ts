/** Enable Banking's values → Coffer's (see docs/api/enablebanking.md). Pure functions. */
import type { AccountType, ProviderTransaction } from '../types';
import type { EbBalance, EbTransaction } from './schema';

const DAY = 86_400;

/** CACC → CHECKINGS, SVGS → SAVINGS, CARD → CREDIT_CARD, LOAN → LOAN, anything else CHECKINGS. */
export function accountType(cashAccountType: string | null | undefined): AccountType {
  switch (cashAccountType) {
    case 'SVGS':
      return 'SAVINGS';
    case 'CARD':
      return 'CREDIT_CARD';
    case 'LOAN':
      return 'LOAN';
    default:
      return 'CHECKINGS';
  }
}

/** Preference among balance types: closing booked, interim booked, interim available, closing available, expected. */
const BALANCE_ORDER = ['CLBD', 'ITBD', 'ITAV', 'CLAV', 'XPCD'];

/** The balance to show, else the first one; undefined when the bank gave none. */
export function pickBalance(balances: readonly EbBalance[]): EbBalance | undefined {
  for (const type of BALANCE_ORDER) {
    const found = balances.find((b) => b.balance_type === type);
    if (found) return found;
  }
  return balances[0];
}

/** "2026-09-05" or an RFC 3339 instant → UTC seconds (days at 00:00 UTC); undefined when unreadable. */
export function dateSeconds(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) return Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) / 1000;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

export function isoDay(seconds: number): string {
  return new Date(Math.floor(seconds / DAY) * DAY * 1000).toISOString().slice(0, 10);
}

/** The unsigned amount with the sign of `credit_debit_indicator` (DBIT negative). */
export function signedAmount(tx: EbTransaction): string {
  const unsigned = tx.transaction_amount.amount.trim().replace(/^[+-]/, '');
  return tx.credit_debit_indicator === 'DBIT' ? `-${unsigned}` : unsigned;
}

export type EbStatus = 'BOOKED' | 'PENDING' | 'CANCELLED' | 'REJECTED';

/** BOOK → BOOKED, PDNG/HOLD → PENDING, CNCL → CANCELLED, RJCT → REJECTED; others (OTHR, SCHD) as BOOKED. */
export function transactionStatus(status: string | undefined): EbStatus {
  switch (status) {
    case 'PDNG':
    case 'HOLD':
      return 'PENDING';
    case 'CNCL':
      return 'CANCELLED';
    case 'RJCT':
      return 'REJECTED';
    default:
      return 'BOOKED';
  }
}

export interface MappedTransaction {
  tx: ProviderTransaction;
  status: EbStatus;
  /** Enable Banking's entry_reference when present (never transaction_id, which changes between reads). */
  entryReference?: string;
  /** Counterpart, else the bank's text: what the pending-settlement rule compares. */
  text: string;
}

export function mapTransaction(row: EbTransaction, fallbackDate: number): MappedTransaction {
  const amount = signedAmount(row);
  const debit = amount.startsWith('-');
  const counterpart = (debit ? row.creditor?.name : row.debtor?.name)?.trim() || undefined;
  const remittance = (row.remittance_information ?? []).filter((s) => typeof s === 'string' && s.trim() !== '');
  const remittanceText = remittance.join(' ').replace(/\s+/g, ' ').trim();
  const label = counterpart ?? (remittanceText || row.bank_transaction_code?.description?.trim() || (debit ? 'Debit' : 'Credit'));
  const status = transactionStatus(row.status);
  const bookingDate = dateSeconds(row.booking_date);
  const valueDate = dateSeconds(row.value_date);
  const transactionDate = dateSeconds(row.transaction_date);
  const date = (status === 'BOOKED' ? bookingDate : undefined) ?? transactionDate ?? bookingDate ?? valueDate ?? fallbackDate;
  const tx: ProviderTransaction = {
    date,
    ...(bookingDate !== undefined ? { booking_date: bookingDate } : {}),
    ...(valueDate !== undefined ? { value_date: valueDate } : {}),
    amount,
    currency: row.transaction_amount.currency,
    label,
    raw: remittanceText || label,
    ...(remittance.length ? { remittance_information: remittance } : {}),
    ...(counterpart ? { counterparty: counterpart } : {}),
    type: row.bank_transaction_code?.sub_code === 'CCRD' ? 'POINT_OF_SALE' : debit ? 'DEBIT' : 'CREDIT',
    status,
  };
  const entryReference = typeof row.entry_reference === 'string' && row.entry_reference.trim() !== '' ? row.entry_reference.trim() : undefined;
  return { tx, status, ...(entryReference ? { entryReference } : {}), text: counterpart ?? (remittanceText || label) };
}
