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

const OFX_DATE =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,6})?)?)?(?:\s*\[[+-]?\d{1,2}(?:[.:]\d{1,2})?(?::[A-Za-z0-9 ]{0,12})?\])?$/;

function digitAt(text: string, i: number): number {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

function twoDigits(text: string, i: number): number {
  const a = digitAt(text, i);
  const b = digitAt(text, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
}

function isZoneNameChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 32;
}

/** `[-5:EST]`, `[+5.30]`, `[0:GMT]` (optionally preceded by spaces) from `pos` to the end. */
function validZone(text: string, pos: number): boolean {
  const n = text.length;
  while (pos < n && text.charCodeAt(pos) === 32) pos++;
  if (text.charCodeAt(pos) !== 91 || text.charCodeAt(n - 1) !== 93) return false;
  pos++;
  const c = text.charCodeAt(pos);
  if (c === 43 || c === 45) pos++;
  const hoursStart = pos;
  while (pos < n && digitAt(text, pos) >= 0) pos++;
  if (pos === hoursStart || pos - hoursStart > 2) return false;
  const sep = text.charCodeAt(pos);
  if ((sep === 46 || sep === 58) && digitAt(text, pos + 1) >= 0) {
    const minutesStart = ++pos;
    while (pos < n && digitAt(text, pos) >= 0) pos++;
    if (pos - minutesStart > 2) return false;
  }
  if (text.charCodeAt(pos) === 58) {
    const nameStart = ++pos;
    while (pos < n - 1 && isZoneNameChar(text.charCodeAt(pos))) pos++;
    if (pos - nameStart > 12) return false;
  }
  return pos === n - 1;
}

/**
 * Reads the OFX dates of one file, remembering the last one: DTUSER usually repeats DTPOSTED, and
 * consecutive transactions share dates. One reader per parse (ParseContext holds it), so that two parses
 * running in one process share nothing.
 */
export class OfxDateReader {
  private lastRaw = '';
  private lastResult: number | null = null;

  read(raw: string): number | null {
    if (raw === this.lastRaw) return this.lastResult;
    this.lastResult = parseOfxDate(raw);
    this.lastRaw = raw;
    return this.lastResult;
  }
}

/**
 * OFX datetime: 20240131, 20240131120000, 20240131120000.000[-5:EST]. Hand-written (it runs for
 * every OFX transaction): digits are read with charCodeAt, the rare unusual tails go to a regex.
 */
export function parseOfxDate(raw: string): number | null {
  const text = raw.length > 0 && (raw.charCodeAt(0) <= 32 || raw.charCodeAt(raw.length - 1) <= 32) ? raw.trim() : raw;
  const n = text.length;
  if (n < 8) return null;
  const y1 = twoDigits(text, 0);
  const y2 = twoDigits(text, 2);
  const month = twoDigits(text, 4);
  const day = twoDigits(text, 6);
  if (y1 < 0 || y2 < 0 || month < 0 || day < 0) return null;
  if (n > 8) {
    // fast path for a full time (HHMMSS); a day with only a zone ([+5:30:IST]) goes to the regex
    if (n >= 14 && twoDigits(text, 8) >= 0 && twoDigits(text, 10) >= 0 && twoDigits(text, 12) >= 0) {
      const h = twoDigits(text, 8);
      const mi = twoDigits(text, 10);
      const s = twoDigits(text, 12);
      if (h < 0 || mi < 0 || s < 0 || h > 23 || mi > 59 || s > 60) return null;
      let pos = 14;
      if (pos < n && text.charCodeAt(pos) === 46) {
        let k = pos + 1;
        while (k < n && digitAt(text, k) >= 0) k++;
        if (k === pos + 1 || k - pos - 1 > 6) return null;
        pos = k;
      }
      if (pos < n && !validZone(text, pos)) return null;
    } else {
      const m = OFX_DATE.exec(text);
      if (!m || !validTime(m[4], m[5], m[6])) return null;
    }
  }
  return utcDay(y1 * 100 + y2, month, day);
}

// An XML Schema date may carry a time zone too (2017-04-01+02:00, as Raiffeisen writes): the day is the one written.
// Hours may have one digit (2021-09-06 6:11:59, Revolut).
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** ISO 8601 date or datetime (2024-01-31, 2024-01-31+02:00, 2024-01-31T10:00:00+01:00). */
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
