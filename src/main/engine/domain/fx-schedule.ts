/**
 * When to fetch the European Central Bank's rates, and which file. The ECB publishes each working day's
 * rates around 16:00 Central European Time; 15:00 UTC is after that in winter (CET, UTC+1) and in summer
 * (CEST, UTC+2) alike, so a day's rates are expected from 15:00 UTC on, Monday to Friday.
 *
 * - Nothing held yet: the whole history (eurofxref-hist.xml, since 1999), once.
 * - Otherwise only what is missing since the last day held: one publication day: the daily file; up to
 *   60 working days: the 90-day file; more (months offline): the whole history again.
 * - Nothing is missing (a restart the same day): nothing is fetched.
 * - A fetch that ended (well or not) since the last expected publication is not repeated before the next
 *   one, except a failed one, retried after RETRY_AFTER seconds.
 */

export type EcbFile = 'eurofxref-hist.xml' | 'eurofxref-hist-90d.xml' | 'eurofxref-daily.xml';

const DAY = 86_400;
const PUBLISHED_AT = 15 * 3600;
/** A failed fetch is tried again after half an hour. */
export const RETRY_AFTER = 1800;

export interface FetchState {
  /** UTC seconds. */
  now: number;
  /** The most recent publication day held (YYYY-MM-DD), or null. */
  latestHeld: string | null;
  /** When the last fetch ended well (UTC seconds), if ever. */
  lastSuccess?: number;
  /** When the last fetch failed (UTC seconds), if it is more recent than the last success. */
  lastFailure?: number;
}

/** The start (UTC seconds) of the most recent publication at or before `now`. */
export function lastPublication(now: number): number {
  let day = Math.floor(now / DAY);
  if (now - day * DAY < PUBLISHED_AT) day--;
  while (isWeekend(day)) day--;
  return day * DAY + PUBLISHED_AT;
}

/** The file to fetch now, or null when nothing is due. */
export function fileToFetch(state: FetchState): EcbFile | null {
  const published = lastPublication(state.now);
  if (state.lastFailure !== undefined && state.now - state.lastFailure < RETRY_AFTER) return null;
  if (state.latestHeld === null) return 'eurofxref-hist.xml';
  const expected = new Date(published * 1000).toISOString().slice(0, 10);
  if (state.latestHeld >= expected) return null;
  // A holiday publishes nothing: once fetched after the publication time, wait for the next one.
  if (state.lastSuccess !== undefined && state.lastSuccess >= published) return null;
  const missing = workingDaysBetween(state.latestHeld, expected);
  if (missing <= 1) return 'eurofxref-daily.xml';
  if (missing <= 60) return 'eurofxref-hist-90d.xml';
  return 'eurofxref-hist.xml';
}

function isWeekend(day: number): boolean {
  const weekday = new Date(day * DAY * 1000).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** Working days after `from` up to and including `to` (both YYYY-MM-DD). */
function workingDaysBetween(from: string, to: string): number {
  const first = Math.floor(Date.parse(`${from}T00:00:00Z`) / 1000 / DAY) + 1;
  const last = Math.floor(Date.parse(`${to}T00:00:00Z`) / 1000 / DAY);
  let count = 0;
  for (let day = first; day <= last && count <= 61; day++) if (!isWeekend(day)) count++;
  return count;
}
