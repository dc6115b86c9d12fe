/**
 * The money a report counts, in the report's currency. Each sum of one day and currency is converted at
 * that day's rate and rounded to the cent of the report's currency; sums are then added in those cents, so
 * that every total is the sum of the rows shown. A currency with no rate on a day is left out of every sum
 * and named in `missing` (a missing rate is never taken as 1).
 *
 * Pure: the rows and the rates are handed in.
 */
import { currencyExponent, minorToNumber } from '../money';

export interface FlowInput {
  /** UTC days since 1970. */
  day: number;
  currency: string;
  category_id: string;
  category_type: string;
  payee_id: number | null;
  payee_name: string | null;
  tags: readonly string[];
  /** Minor units of `currency`: the sum of the positive amounts, and of the negative ones. */
  inflow: number;
  outflow: number;
  count: number;
}

/** A flow in minor units of the report's currency. */
export type Flow = FlowInput;

/** The rate from a currency into the report's on a day, or undefined when none is known. */
export type RateOf = (currency: string, day: number) => number | undefined;

export interface ConvertedFlows {
  flows: Flow[];
  missing: string[];
}

export function convertFlows(rows: readonly FlowInput[], currency: string, rateOf: RateOf): ConvertedFlows {
  const scale = 10 ** currencyExponent(currency);
  const missing = new Set<string>();
  const flows: Flow[] = [];
  for (const row of rows) {
    if (row.currency === currency) {
      flows.push(row);
      continue;
    }
    const rate = rateOf(row.currency, row.day);
    if (rate === undefined) {
      missing.add(row.currency);
      continue;
    }
    const exponent = currencyExponent(row.currency);
    const convert = (minor: number) => Math.round(minorToNumber(minor, exponent) * rate * scale);
    flows.push({ ...row, currency, inflow: convert(row.inflow), outflow: convert(row.outflow) });
  }
  return { flows, missing: [...missing].sort() };
}

/** The month (YYYY-MM) of a UTC day number. */
export function monthOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 7);
}

/** Income: money filed under an income category. */
export const isIncome = (f: Flow): boolean => f.category_type === 'INCOME';
/**
 * Spending: money filed under any category but income and transfers (a refund filed under a spending
 * category lowers its spending). A transfer category counts in neither.
 */
export const isSpending = (f: Flow): boolean => f.category_type !== 'INCOME' && f.category_type !== 'TRANSFER';
