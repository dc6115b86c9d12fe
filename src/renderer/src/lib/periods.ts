/**
 * The dashboard's periods: the last month, 3 months or year up to today, everything, or a custom range.
 * Days are UTC seconds at midnight (as transaction dates are stored); both ends are included.
 */
export type PeriodKind = '1M' | '3M' | '1Y' | 'ALL' | 'CUSTOM';
export const PERIOD_KINDS: readonly PeriodKind[] = ['1M', '3M', '1Y', 'ALL', 'CUSTOM'];

export interface Period {
  kind: PeriodKind;
  /** YYYY-MM-DD, for CUSTOM. */
  customFrom?: string;
  customTo?: string;
}

export interface DayRange {
  from: number;
  to: number;
}

const DAY = 86400;
const MONTHS: Partial<Record<PeriodKind, number>> = { '1M': 1, '3M': 3, '1Y': 12 };

/** A YYYY-MM-DD day as UTC seconds, or null. */
export function parseDay(text: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return t / 1000;
}

/** UTC seconds of a day as YYYY-MM-DD. */
export function formatDayIso(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The same day `months` months earlier (the 31st becomes the last day of a shorter month). */
function monthsBefore(day: number, months: number): number {
  const d = new Date(day * 1000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last)) / 1000;
}

/**
 * The days a period covers. `earliest` is the first day with a transaction (for ALL; a year when there is
 * none). A custom range with a missing or invalid end takes today or the start of ALL; reversed ends are
 * swapped.
 */
export function periodRange(period: Period, now: number, earliest: number | null): DayRange {
  const today = Math.floor(now / DAY) * DAY;
  const months = MONTHS[period.kind];
  if (months) return { from: monthsBefore(today, months), to: today };
  const all = earliest !== null ? Math.min(Math.floor(earliest / DAY) * DAY, today) : monthsBefore(today, 12);
  if (period.kind === 'ALL') return { from: all, to: today };
  const from = parseDay(period.customFrom) ?? all;
  const to = parseDay(period.customTo) ?? today;
  return from <= to ? { from, to } : { from: to, to: from };
}

/** One balance point every `step` days: daily up to about three months, then about 90 points. */
export function seriesStep(range: DayRange): number {
  const days = Math.round((range.to - range.from) / DAY) + 1;
  return days <= 92 ? 1 : Math.ceil(days / 92);
}

/**
 * The period a dashboard address names: `?period=3M`, or `?period=CUSTOM&from=YYYY-MM-DD&to=YYYY-MM-DD`
 * (the custom days are kept with the other periods too, so that coming back to Custom finds them). Null when
 * the address names none or an unknown one. The period lives in the address so that Back, after a chart
 * opened the history, returns to the charts as they were.
 */
export function periodFromQuery(params: URLSearchParams): Period | null {
  const kind = (params.get('period') ?? '').toUpperCase() as PeriodKind;
  if (!PERIOD_KINDS.includes(kind)) return null;
  const period: Period = { kind };
  const from = params.get('from');
  const to = params.get('to');
  if (from) period.customFrom = from;
  if (to) period.customTo = to;
  return period;
}

/** The query keeping `period` in the dashboard's address; empty for `fallback` (the default) with no custom days. */
export function periodQuery(period: Period, fallback: PeriodKind): string {
  if (period.kind === fallback && !period.customFrom && !period.customTo) return '';
  const params = new URLSearchParams({ period: period.kind });
  if (period.customFrom) params.set('from', period.customFrom);
  if (period.customTo) params.set('to', period.customTo);
  return `?${params.toString()}`;
}
