/**
 * The periods a recurring payment can have, each with its length in days and how far one gap between two
 * payments may stray from it: banks move a payment due on a weekend or a holiday by up to three days either
 * way, and a month is 28 to 31 days long.
 */
export type Period = 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'SEMIANNUAL' | 'YEARLY';

export const PERIODS: readonly Period[] = ['WEEKLY', 'BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMIANNUAL', 'YEARLY'];

export interface PeriodShape {
  days: number;
  /** A gap within days ± tolerance counts as one period. */
  tolerance: number;
  /** Calendar months per period (0 for weekly ones: counted in days). */
  months: number;
  /** Fewest payments seen before the period is believed. */
  minOccurrences: number;
  /** Days after the expected date before a payment counts as late. */
  grace: number;
}

export const PERIOD_SHAPES: Readonly<Record<Period, PeriodShape>> = {
  WEEKLY: { days: 7, tolerance: 2, months: 0, minOccurrences: 5, grace: 3 },
  BIWEEKLY: { days: 14, tolerance: 3, months: 0, minOccurrences: 4, grace: 4 },
  MONTHLY: { days: 30.44, tolerance: 5, months: 1, minOccurrences: 3, grace: 5 },
  QUARTERLY: { days: 91.3, tolerance: 10, months: 3, minOccurrences: 3, grace: 10 },
  SEMIANNUAL: { days: 182.6, tolerance: 10, months: 6, minOccurrences: 3, grace: 14 },
  YEARLY: { days: 365.25, tolerance: 10, months: 12, minOccurrences: 2, grace: 20 },
};

/** The period whose length is nearest the typical gap, when that gap is within its tolerance. */
export function periodOfGap(gapDays: number): Period | undefined {
  for (const p of PERIODS) {
    const shape = PERIOD_SHAPES[p];
    if (Math.abs(gapDays - shape.days) <= shape.tolerance) return p;
  }
  return undefined;
}

const DAY = 86_400;

/** The UTC day number of a time in seconds. */
export const dayOf = (seconds: number): number => Math.floor(seconds / DAY);

/**
 * The date expected after `lastDay` (a UTC day number): for monthly to yearly periods, the usual day of the
 * month (`dayOfMonth`, clamped to the month's length) `months` later, so that a payment moved by a weekend
 * does not move the next one; for weekly ones, the period in days.
 */
export function nextExpectedDay(lastDay: number, period: Period, dayOfMonth: number): number {
  const shape = PERIOD_SHAPES[period];
  if (shape.months === 0) return lastDay + shape.days;
  const last = new Date(lastDay * DAY * 1000);
  // The last payment may have been moved into the previous month (the 1st paid on the 30th): count from
  // the month it was due in.
  let year = last.getUTCFullYear();
  let month = last.getUTCMonth();
  if (dayOfMonth - last.getUTCDate() > 15) month += 1;
  else if (last.getUTCDate() - dayOfMonth > 15) month -= 1;
  month += shape.months;
  year += Math.floor(month / 12);
  month = ((month % 12) + 12) % 12;
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(year, month, Math.min(dayOfMonth, length)) / 1000 / DAY);
}

export const secondsOfDay = (day: number): number => day * DAY;
