import { expandYear, parseIsoDate, utcDay } from './dates';
import type { ParseContext } from './parse-context';

/**
 * Numeric dates whose day/month order is not self-evident (31/01/2024, 01/31/2024, 1/31'24,
 * 31.01.2024). The order is decided once for the whole file: any first field > 12 means day first,
 * any second field > 12 means month first; a file with neither is ambiguous and needs the
 * `dateOrder` option.
 */

export interface NumericDate {
  /** Already a day (ISO forms need no order). */
  iso?: number;
  first: number;
  second: number;
  year: number;
}

const ISO_LIKE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
// Banks add the time of day after the date (31.01.2024 10:15, 28.06.2013 00:00:30:989): the day is kept.
const PARTS =
  /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*(?:[/.-]\s*(\d{4}|\d{2})|'\s*(\d{1,4}))(?:[ T]+\d{1,2}[:.]\d{2}(?:[:.]\d{2}(?:[.:,]\d{1,6})?)?)?$/;

/** Splits a date string into its numeric fields; null when it is not a numeric date. */
export function splitNumericDate(text: string): NumericDate | null {
  const s = text.trim();
  if (s.length > 40) return null;
  let m = ISO_LIKE.exec(s);
  if (m) {
    const iso = s.includes('T') || s.length > 10 ? parseIsoDate(s) : utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso === null ? { first: 0, second: 0, year: 0 } : { iso, first: 0, second: 0, year: 0 };
  }
  m = COMPACT.exec(s);
  if (m) {
    const iso = utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso === null ? { first: 0, second: 0, year: 0 } : { iso, first: 0, second: 0, year: 0 };
  }
  m = PARTS.exec(s);
  if (!m) return null;
  let year: number;
  if (m[3] !== undefined) {
    year = m[3].length === 4 ? Number(m[3]) : expandYear(Number(m[3]));
  } else {
    const y = m[4];
    // Quicken writes years after 1999 with an apostrophe: 1/31'24, 1/31' 4, 1/31'2024.
    year = y.length === 4 ? Number(y) : 2000 + Number(y);
  }
  return { first: Number(m[1]), second: Number(m[2]), year };
}

export type ResolvedOrder = 'DMY' | 'MDY';

export interface DatedLocation {
  date: NumericDate;
  location: string;
  text: string;
}

/** Decides the day/month order for all the dates of one file (see module comment). */
export function resolveDateOrder(
  dates: DatedLocation[],
  option: 'DMY' | 'MDY' | 'auto',
  ctx: ParseContext,
): ResolvedOrder {
  if (option !== 'auto') return option;
  let dayFirst: DatedLocation | undefined;
  let monthFirst: DatedLocation | undefined;
  let ambiguous: DatedLocation | undefined;
  for (const d of dates) {
    if (d.date.iso !== undefined || d.date.year === 0) continue;
    if (d.date.first > 12 && d.date.second <= 12) dayFirst ??= d;
    else if (d.date.second > 12 && d.date.first <= 12) monthFirst ??= d;
    else if (d.date.first !== d.date.second) ambiguous ??= d;
  }
  if (dayFirst && monthFirst) {
    ctx.fail(
      monthFirst.location,
      `inconsistent day/month order: a date at ${dayFirst.location} is day-first but the one at ${monthFirst.location} is month-first`,
    );
  }
  if (dayFirst) return 'DMY';
  if (monthFirst) return 'MDY';
  if (ambiguous) {
    ctx.fail(
      ambiguous.location,
      `ambiguous date: the file does not show whether days or months come first; pass the option dateOrder: 'DMY' or 'MDY'`,
    );
  }
  return 'DMY';
}

/** UTC day of a numeric date under the given order, or null when it does not exist. */
export function numericDateToUtc(date: NumericDate, order: ResolvedOrder): number | null {
  if (date.iso !== undefined) return date.iso;
  if (date.year === 0) return null;
  return order === 'DMY' ? utcDay(date.year, date.second, date.first) : utcDay(date.year, date.first, date.second);
}
