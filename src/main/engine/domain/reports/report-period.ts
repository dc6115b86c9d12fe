/**
 * The period a report covers: from..to, two days written YYYY-MM-DD, both included. Default: the twelve
 * months up to today (from the first day of the month eleven months back). A period runs at most 25 years
 * and starts no earlier than 1999-01-01 (the oldest exchange rates). The previous period, for comparison,
 * has the same number of days and ends the day before `from`.
 */
import { InvalidInput } from '../errors';
import { isCalendarDate } from '../fx-rates';

const DAY = 86_400;
const OLDEST = '1999-01-01';
const LONGEST_DAYS = 25 * 366;

export interface ReportPeriod {
  from: string;
  to: string;
  /** UTC seconds: the start of `from`, and the end of `to` (excluded). */
  start: number;
  end: number;
}

const secondsOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function checkedDay(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isCalendarDate(value)) throw new InvalidInput(`${name} must be a real day written YYYY-MM-DD, such as 2026-11-20`);
  if (value < OLDEST) throw new InvalidInput(`${name} must be 1999-01-01 or later: no exchange rate is older`);
  return value;
}

export function reportPeriod(query: { from?: string; to?: string }, now: number): ReportPeriod {
  const to = checkedDay(query.to, 'to') ?? dateOf(now);
  const from = checkedDay(query.from, 'from') ?? `${shiftMonth(to.slice(0, 7), -11)}-01`;
  if (from > to) throw new InvalidInput('from must be on or before to');
  const start = secondsOf(from);
  const end = secondsOf(to) + DAY;
  if ((end - start) / DAY > LONGEST_DAYS) throw new InvalidInput('a report covers at most 25 years: choose a later from or an earlier to');
  return { from, to, start, end };
}

/** The period of the same number of days just before this one. */
export function previousPeriod(p: ReportPeriod): ReportPeriod {
  const end = p.start;
  const start = end - (p.end - p.start);
  return { from: dateOf(start), to: dateOf(end - DAY), start, end };
}

/** The month YYYY-MM moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** Every month the period touches, YYYY-MM, in order. */
export function monthsOf(p: ReportPeriod): string[] {
  const months: string[] = [];
  for (let m = p.from.slice(0, 7); m <= p.to.slice(0, 7); m = shiftMonth(m, 1)) months.push(m);
  return months;
}

/** The last day of each month of the period (the period's last day for its last month), YYYY-MM-DD. */
export function monthEnds(p: ReportPeriod): string[] {
  return monthsOf(p).map((m) => {
    const end = dateOf(secondsOf(`${shiftMonth(m, 1)}-01`) - DAY);
    return end < p.to ? end : p.to;
  });
}
