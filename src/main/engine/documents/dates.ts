/**
 * Calendar dates as UTC seconds at 00:00 of the day. The day is the one written in the file (the
 * bank's local day); times and time zones are validated but do not move the day.
 */

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** UTC seconds of 00:00 on that day, or null when the date does not exist (2024-02-30). */
export function utcDay(year: number, month: number, day: number): number | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return Date.UTC(year, month - 1, day) / 1000;
}

/** Two-digit years: 00–79 are 20xx, 80–99 are 19xx. */
export function expandYear(yy: number): number {
  return yy < 80 ? 2000 + yy : 1900 + yy;
}

function validTime(h: string | undefined, m: string | undefined, s: string | undefined): boolean {
  if (h !== undefined && Number(h) > 23) return false;
  if (m !== undefined && Number(m) > 59) return false;
  if (s !== undefined && Number(s) > 60) return false;
  return true;
}

const OFX_DATE = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,6})?)?)?(?:\s*\[[+-]?\d{1,2}(?:[.:]\d{1,2})?(?::[A-Za-z0-9 ]{0,12})?\])?$/;

/** OFX datetime: 20240131, 20240131120000, 20240131120000.000[-5:EST]. */
export function parseOfxDate(text: string): number | null {
  const m = OFX_DATE.exec(text.trim());
  if (!m) return null;
  if (!validTime(m[4], m[5], m[6])) return null;
  return utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 date or datetime (2024-01-31, 2024-01-31T10:00:00+01:00). */
export function parseIsoDate(text: string): number | null {
  const m = ISO_DATE.exec(text.trim());
  if (!m) return null;
  if (!validTime(m[4], m[5], m[6])) return null;
  return utcDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** SWIFT YYMMDD. */
export function parseYymmdd(text: string): number | null {
  if (!/^\d{6}$/.test(text)) return null;
  return utcDay(expandYear(Number(text.slice(0, 2))), Number(text.slice(2, 4)), Number(text.slice(4, 6)));
}

/** Calendar parts of a UTC-seconds day. */
export function dayParts(seconds: number): { year: number; month: number; day: number } {
  const d = new Date(seconds * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}
