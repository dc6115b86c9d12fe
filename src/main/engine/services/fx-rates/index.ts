/**
 * Exchange rates and the totals in one currency (an extension, docs/currencies.md): the rate of a pair on a
 * day, the person's own rates, and the summary of the counted accounts in the reporting currency.
 */
import { InvalidInput, NotFound } from '../../domain/errors';
import { dayOf, findRate, isCalendarDate, isCurrencyCode, isUsableRate, type Rate } from '../../domain/fx-rates';
import { rateLookups } from '../../store/fx-rate-lookups';
import type { Store } from '../../store';
import { createSummary, type Summary } from './summary';

export { RatesRefresh, type RefreshOutcome } from './rates-refresh';
export type { Summary } from './summary';

export interface RateRecord extends Rate {
  from: string;
  to: string;
  date: string;
}

type Deps = { store: Pick<Store, 'transaction' | 'fxRates' | 'summaryBalances' | 'users'>; now(): number };

/** A currency code checked, or 400 saying which parameter is wrong. */
export function checkedCurrency(value: string | undefined, name: string): string {
  if (!isCurrencyCode(value)) throw new InvalidInput(`${name} must be a currency code of three capital letters A to Z, such as EUR`);
  return value;
}

/** A day checked (default: today, UTC), or 400. */
export function checkedDate(value: string | undefined, now: number): string {
  if (value === undefined) return dayOf(now);
  if (!isCalendarDate(value)) throw new InvalidInput('date must be a real day written YYYY-MM-DD, such as 2026-11-20');
  return value;
}

export function createFxRateService(deps: Deps) {
  const { store } = deps;
  return {
    /** The rate from → to on `date` (default today); NotFound when neither source has one. */
    rate(userId: number | null, query: { from?: string; to?: string; date?: string }): RateRecord {
      const from = checkedCurrency(query.from, 'from');
      const to = checkedCurrency(query.to, 'to');
      const date = checkedDate(query.date, deps.now());
      const found = findRate(rateLookups(store, userId), from, to, date);
      if (!found) throw new NotFound(`no exchange rate from ${from} to ${to} on ${date}: give one of your own, or refresh the rates`);
      return { from, to, date, ...found };
    },
    /** Sets the person's own rate for a pair from a day on. */
    putUserRate(userId: number, params: { from: string; to: string; date: string }, rate: unknown): void {
      const from = checkedCurrency(params.from, 'from');
      const to = checkedCurrency(params.to, 'to');
      const date = checkedDate(params.date, deps.now());
      if (from === to) throw new InvalidInput('from and to must be two different currencies');
      if (!isUsableRate(rate)) throw new InvalidInput('rate must be a number above zero');
      store.fxRates.putUser(userId, from, to, date, rate);
    },
    /** Removes the person's rate for a pair on a day; NotFound when they had none there. */
    deleteUserRate(userId: number, params: { from: string; to: string; date: string }): void {
      const from = checkedCurrency(params.from, 'from');
      const to = checkedCurrency(params.to, 'to');
      const date = checkedDate(params.date, deps.now());
      if (!store.fxRates.deleteUser(userId, from, to, date)) throw NotFound.of(`your rate from ${from} to ${to} on`, date);
    },
    /** The counted accounts in one currency on a day (see summary.ts). */
    summary(userId: number, query: { currency?: string; date?: string }): Summary {
      const currency = query.currency === undefined ? undefined : checkedCurrency(query.currency, 'currency');
      const date = checkedDate(query.date, deps.now());
      return createSummary(store, userId, date, deps.now(), currency);
    },
  };
}

export type FxRateService = ReturnType<typeof createFxRateService>;
