/** A recurring payment as the API serves it: the person's corrections win over what the finder saw. */
import { currencyExponent, minorToNumber } from '../../domain/money';
import { idString } from '../../domain/record';
import { dayOf, nextExpectedDay, secondsOfDay, type Period } from '../../domain/recurring/periods';
import type { RecurringPaymentRow } from '../../store/recurring-payments';

export interface RecurringPaymentRecord {
  id: string;
  account_id: string;
  name: string;
  detected_name: string;
  counterpart: string;
  currency: string;
  period: string;
  detected_period: string;
  amount: number;
  typical_amount: number;
  amount_min: number;
  amount_max: number;
  first_date: number;
  last_date: number;
  next_date: number;
  occurrences: number;
  confidence: number;
  status: string;
  state: string;
  price_change?: { from: number; to: number; date: number };
  creation_date: number;
  update_date: number;
}

export function recurringRecord(r: RecurringPaymentRow): RecurringPaymentRecord {
  const e = currencyExponent(r.currency);
  const money = (minor: number) => minorToNumber(minor, e);
  const period = r.user_period ?? r.period;
  // A period the person corrected moves the next date: counted from the last payment seen.
  const next = r.user_period ? secondsOfDay(nextExpectedDay(dayOf(r.last_date), r.user_period as Period, r.day_of_month)) : r.next_date;
  return {
    id: idString(r.id),
    account_id: idString(r.account_id),
    name: r.user_name ?? r.name,
    detected_name: r.name,
    counterpart: r.counterpart,
    currency: r.currency,
    period,
    detected_period: r.period,
    amount: money(r.user_amount ?? r.typical_amount),
    typical_amount: money(r.typical_amount),
    amount_min: money(r.amount_min),
    amount_max: money(r.amount_max),
    first_date: r.first_date,
    last_date: r.last_date,
    next_date: next,
    occurrences: r.occurrences,
    confidence: r.confidence,
    status: r.status,
    state: r.state,
    ...(r.price_date !== null && r.price_from !== null && r.price_to !== null
      ? { price_change: { from: money(r.price_from), to: money(r.price_to), date: r.price_date } }
      : {}),
    creation_date: r.creation_date,
    update_date: r.update_date,
  };
}
