/**
 * What the bank shows of one account at its latest clock.
 *
 * - A card payment is PENDING when it appeared in this synchronization (dated after the previous clock)
 *   and is less than PENDING_WINDOW old; otherwise BOOKED, with the same key. Its booking date is the day
 *   after it was made, or the synchronization that first showed it booked if that came sooner.
 * - A pre-authorization (`cancel`) is shown only while PENDING; afterwards it is gone, and since the pending
 *   list is always complete (`pending_complete`), the engine marks it CANCELLED.
 * - The balance is the booked balance: opening + every booked entry (PENDING rows do not count).
 */
import { currencyExponent, minorToDecimal } from '../../domain/money';
import type { ProviderAccount, ProviderTransaction } from '../types';
import type { Book } from './book';
import { DAY, HOUR } from './dates';

export const PENDING_WINDOW = 60 * HOUR;
/** Rows older than `since` by more than this are not sent again. */
export const SINCE_MARGIN = 7 * DAY;

export interface BookView {
  account: ProviderAccount;
  transactions: ProviderTransaction[];
}

export function viewBook(book: Book, clocks: readonly number[], options: { since?: number; transactions: boolean }): BookView {
  const { spec } = book;
  const exponent = currencyExponent(spec.currency);
  const last = clocks.length - 1;
  const now = clocks[last];
  const pendingAfter = Math.max(last > 0 ? clocks[last - 1] : -Infinity, now - PENDING_WINDOW);
  const sendFrom = options.since === undefined ? -Infinity : options.since - SINCE_MARGIN;

  let balance = book.opening;
  let interest = 0;
  let window = 0; // index of the first clock ≥ the entry's date (entries are sorted)
  const transactions: ProviderTransaction[] = [];

  for (const e of book.entries) {
    if (e.date > now) continue;
    const pending = e.pend === true && e.date > pendingAfter;
    if (e.cancel && !pending) continue;
    if (!pending) {
      balance += e.amount;
      if (e.type === 'INTEREST') interest += e.amount;
    }
    if (!options.transactions || (e.date < sendFrom && !pending)) continue;
    let bookingDate: number | undefined;
    if (!pending) {
      if (e.pend) {
        while (window < last && clocks[window] < e.date) window++;
        bookingDate = Math.min(e.date + DAY, window < last ? clocks[window + 1] : Infinity);
      } else {
        bookingDate = e.date;
      }
    }
    const tx: ProviderTransaction = {
      key: e.key,
      date: e.date,
      value_date: e.date,
      amount: minorToDecimal(e.amount, exponent),
      label: e.label,
      raw: e.raw,
      type: e.type,
      status: pending ? 'PENDING' : 'BOOKED',
      category_id: e.category,
    };
    if (bookingDate !== undefined) tx.booking_date = bookingDate;
    if (e.counterparty) tx.counterparty = e.counterparty;
    if (e.remittance) tx.remittance_information = e.remittance;
    transactions.push(tx);
  }

  const account: ProviderAccount = {
    reference: spec.reference,
    name: spec.name,
    type: spec.type,
    currency: spec.currency,
    ...(spec.iban ? { iban: spec.iban } : {}),
    ...(spec.account_number ? { account_number: spec.account_number } : {}),
    owner: { ...spec.owner },
    usage: spec.usage,
    payment_source: spec.payment_source,
    payment_destination: spec.payment_destination,
    balance: minorToDecimal(balance, exponent),
    balance_date: now,
  };
  if (book.savings) {
    const invested = balance - interest;
    account.savings = {
      type: book.savings.type,
      savings_type: book.savings.savings_type,
      yield_rate: book.savings.ratePct,
      capital_gain: {
        amount: minorToDecimal(interest, exponent),
        percent: invested > 0 ? Math.round((interest / invested) * 10_000) / 100 : 0,
      },
      effect_date: book.savings.openedDate,
      invested_raw: minorToDecimal(invested, exponent),
    };
  }
  if (book.loan) {
    const plan = book.loan;
    const next = plan.installments.find((x) => x.date > now);
    account.loan = {
      type: 'CAR',
      total_amount: minorToDecimal(plan.principal, exponent),
      remaining_amount: minorToDecimal(-balance, exponent),
      rate: plan.ratePct,
      maturity_date: plan.installments[plan.installments.length - 1].date,
      start_date: plan.startDate,
      monthly_payment: minorToDecimal(plan.payment, exponent),
      ...(next ? { next_payment_date: next.date } : {}),
      duration_months: plan.months,
    };
  }
  return { account, transactions };
}
