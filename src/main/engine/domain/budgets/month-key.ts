/**
 * A budget month is written `YYYY-MM` and covers the UTC days of that calendar month (transaction dates
 * are UTC seconds). Months from January 1999 (the oldest exchange rates) to December 2199 are accepted.
 */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIRST_YEAR = 1999;
const LAST_YEAR = 2199;

/** A month as a count of months since year 0 (so that months can be added and compared). */
export type MonthIndex = number;

/** The month's index, or undefined when the text is not a month `YYYY-MM` in the accepted years. */
export function parseMonth(text: string): MonthIndex | undefined {
  const m = MONTH.exec(text);
  if (!m) return undefined;
  const year = Number(m[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return undefined;
  return year * 12 + Number(m[2]) - 1;
}

export function monthText(index: MonthIndex): string {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first second (UTC) of the month. */
export function monthStart(index: MonthIndex): number {
  return Date.UTC(Math.floor(index / 12), index % 12, 1) / 1000;
}

/** The month holding this UTC time (seconds). */
export function monthOf(seconds: number): MonthIndex {
  const d = new Date(seconds * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}
