/**
 * Exchange rates (an extension): which rate converts one currency into another on a day. Nothing is ever
 * added across currencies without a rate, and a missing rate is never taken as 1.
 *
 * - The European Central Bank publishes, for each working day, how many units of each currency one euro
 *   buys. A rate between two other currencies is the cross rate through the euro.
 * - A day without a published rate (a weekend, a holiday, today before publication) takes the most recent
 *   earlier rate, and says which day that was (`rate_date`). Before the oldest rate held: no rate.
 * - A person's own rate for a pair wins over the ECB's on its day, and applies to the following days until
 *   the next rate of either source. Given for one direction, it serves the other as its inverse.
 *
 * Pure: the rates held are read through the lookups handed in.
 */

export type RateSource = 'ECB' | 'USER';

/** A rate held for one day: `rate` units of the quote for one unit of the base. */
export interface DatedRate {
  rate: number;
  /** YYYY-MM-DD */
  date: string;
}

export interface RateLookups {
  /** The ECB's most recent rate of `currency` (units for one euro) on or before `date`. */
  ecb(currency: string, date: string): DatedRate | undefined;
  /** The person's most recent rate from → to on or before `date`, either direction given (inverted then). */
  user(from: string, to: string, date: string): DatedRate | undefined;
}

export interface Rate {
  rate: number;
  /** The day of the rate used (the oldest of the two legs of a cross rate). */
  rate_date: string;
  source: RateSource;
}

const EURO = 'EUR';
const CODE = /^[A-Z]{3}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A currency code as rates name them: three upper-case letters A–Z. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && CODE.test(value);
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A rate a person or a file may give: a finite number above zero. */
export function isUsableRate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The UTC day of a timestamp in seconds, YYYY-MM-DD. */
export function dayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The rate converting `from` into `to` on `date`, or undefined when neither source has one (never 1:1). */
export function findRate(lookups: RateLookups, from: string, to: string, date: string): Rate | undefined {
  if (from === to) return { rate: 1, rate_date: date, source: 'ECB' };
  const direct = lookups.user(from, to, date);
  const cross = crossThroughEuro(lookups, from, to, date);
  // The person's rate holds from its day until a later rate of either source.
  if (direct && (!cross || direct.date >= cross.rate_date)) return { rate: direct.rate, rate_date: direct.date, source: 'USER' };
  return cross;
}

/** One unit of `currency` in euros: the person's rate for the pair when newer or as new, else the ECB's. */
function euroLeg(lookups: RateLookups, currency: string, date: string): Rate | undefined {
  if (currency === EURO) return undefined;
  const own = lookups.user(currency, EURO, date);
  const published = lookups.ecb(currency, date);
  if (own && (!published || own.date >= published.date)) return { rate: own.rate, rate_date: own.date, source: 'USER' };
  if (published) return { rate: 1 / published.rate, rate_date: published.date, source: 'ECB' };
  return undefined;
}

function crossThroughEuro(lookups: RateLookups, from: string, to: string, date: string): Rate | undefined {
  const fromLeg = from === EURO ? null : euroLeg(lookups, from, date);
  const toLeg = to === EURO ? null : euroLeg(lookups, to, date);
  if (fromLeg === undefined || toLeg === undefined) return undefined;
  // from → EUR → to: (EUR per from) / (EUR per to).
  const rate = (fromLeg?.rate ?? 1) / (toLeg?.rate ?? 1);
  const dates = [fromLeg?.rate_date, toLeg?.rate_date].filter((d): d is string => d !== undefined);
  const rate_date = dates.reduce((a, b) => (a < b ? a : b));
  const source: RateSource = fromLeg?.source === 'USER' || toLeg?.source === 'USER' ? 'USER' : 'ECB';
  return { rate: roundRate(rate), rate_date, source };
}

/** A computed rate with 10 significant digits: the ECB publishes at most 6, and 1/x leaves binary noise. */
export function roundRate(rate: number): number {
  return Number(rate.toPrecision(10));
}
