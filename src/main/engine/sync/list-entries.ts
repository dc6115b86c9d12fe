/**
 * The entries of `list_accounts_success.accounts` (docs/api/events.md#event-types) and the listing rows behind them.
 */
import { currencyExponent, minorToDecimal, minorToNumber } from '../domain/money';
import type { AccountType } from '../domain/values';
import type { SyncedAccountRow } from '../store/account-sync';

export interface ListEntrySource {
  reference: string;
  name: string;
  currency: string;
  type: AccountType | string;
  balance: number;
  balance_date?: number | null;
  account_number?: string | null;
  payment_source?: boolean;
  payment_destination?: boolean;
  savings?: unknown;
}

export function listEntry(
  connectionId: number,
  status: 'NEW' | 'PRESENT' | 'MISSING',
  a: ListEntrySource,
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    reference: a.reference,
    name: a.name,
    currency: a.currency,
    balance: a.balance,
    status,
    type: a.type,
    connection_id: String(connectionId),
  };
  if (a.balance_date !== null && a.balance_date !== undefined) entry.balance_date = a.balance_date;
  if (a.account_number) entry.account_number = a.account_number;
  if (a.payment_destination !== undefined) entry.payment_destination = a.payment_destination;
  if (a.payment_source !== undefined) entry.payment_source = a.payment_source;
  if (a.type === 'SAVINGS' && a.savings) entry.savings = servedSavings(a.savings);
  return entry;
}

function servedSavings(savings: unknown): unknown {
  if (!savings || typeof savings !== 'object') return undefined;
  const s = savings as Record<string, unknown>;
  const out: Record<string, unknown> = { ...s };
  if (typeof s.invested_raw === 'string') out.invested_raw = Number(s.invested_raw);
  const gain = s.capital_gain as Record<string, unknown> | undefined;
  if (gain && typeof gain.amount === 'string') out.capital_gain = { ...gain, amount: Number(gain.amount) };
  return out;
}

/** A stored account the provider no longer lists, as a list entry. */
export function storedAsListEntry(s: SyncedAccountRow): ListEntrySource {
  return {
    ...s,
    balance: minorToNumber(s.balance, currencyExponent(s.currency)),
    payment_source: s.payment_source === null ? undefined : s.payment_source === 1,
    payment_destination: s.payment_destination === null ? undefined : s.payment_destination === 1,
    savings: s.savings ? JSON.parse(s.savings) : undefined,
  };
}

/** The `listed_accounts` payload of a MISSING account (as a provider account, balance in decimal text). */
export function missingEntryPayload(s: SyncedAccountRow, runTime: number): Record<string, unknown> {
  return {
    reference: s.reference,
    name: s.name,
    type: s.type,
    currency: s.currency,
    usage: s.usage,
    balance: minorToDecimal(s.balance, currencyExponent(s.currency)),
    balance_date: s.balance_date ?? runTime,
  };
}
