/**
 * What a person may change on a recurring payment: confirm or dismiss it (or put it back to proposed), and
 * correct its name, amount or period. A correction wins over what the finder sees; null or "" gives the
 * finder's value back.
 */
import { InvalidInput } from '../errors';
import { currencyExponent, decimalToMinor, MoneyFormatError } from '../money';
import { PERIODS, type Period } from './periods';

export const RECURRING_STATUSES = ['PROPOSED', 'CONFIRMED', 'DISMISSED'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

export interface RecurringEdit {
  status?: RecurringStatus;
  name?: string | null;
  amount?: number | null;
  period?: Period | null;
}

export interface StoredChoices {
  status: string;
  user_name: string | null;
  user_amount: number | null;
  user_period: string | null;
}

/** The person's choices after an edit; InvalidInput with the reason in words when a value cannot be used. */
export function applyEdit(current: StoredChoices, edit: RecurringEdit, series: { currency: string; typical_amount: number }): StoredChoices {
  if (edit.status === undefined && edit.name === undefined && edit.amount === undefined && edit.period === undefined)
    throw new InvalidInput('give at least one of status, name, amount, period');
  const next = { ...current };
  if (edit.status !== undefined) next.status = edit.status;
  if (edit.name !== undefined) next.user_name = nameOf(edit.name);
  if (edit.amount !== undefined) next.user_amount = edit.amount === null ? null : amountOf(edit.amount, series);
  if (edit.period !== undefined) {
    if (edit.period !== null && !PERIODS.includes(edit.period)) throw new InvalidInput(`period must be one of ${PERIODS.join(', ')}`);
    next.user_period = edit.period;
  }
  return next;
}

function nameOf(name: string | null): string | null {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
  if (trimmed.length > 100) throw new InvalidInput('name must be at most 100 characters');
  return trimmed || null;
}

/** Minor units of the series' currency; the sign must be the series' own (money out stays negative). */
function amountOf(amount: number, series: { currency: string; typical_amount: number }): number {
  if (!Number.isFinite(amount) || amount === 0) throw new InvalidInput('amount must be a number other than 0');
  if (Math.sign(amount) !== Math.sign(series.typical_amount))
    throw new InvalidInput(series.typical_amount < 0 ? 'amount must be negative: this payment goes out' : 'amount must be positive: this payment comes in');
  let minor: number;
  try {
    minor = decimalToMinor(String(amount), currencyExponent(series.currency));
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new InvalidInput(`amount: ${err.message}`);
    throw err;
  }
  if (Math.abs(minor) > 1e13) throw new InvalidInput('amount is too large');
  return minor;
}
