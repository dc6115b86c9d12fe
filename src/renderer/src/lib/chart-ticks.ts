/**
 * Chart axes people can read: value ticks at round steps from a fixed baseline, labels that never repeat,
 * and time ticks at calendar boundaries with the year said where it is needed.
 */
import type { Language } from './i18n';

export interface ValueAxis {
  /** [lowest tick, highest tick]. */
  domain: [number, number];
  ticks: number[];
  step: number;
}

const NICE = [1, 2, 2.5, 5, 10];

/** The smallest "nice" step (1, 2, 2.5 or 5 times a power of ten) at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const nice = NICE.find((n) => norm <= n + 1e-9) ?? 10;
  return Number((nice * magnitude).toPrecision(12));
}

/**
 * The value axis of a chart: zero is always inside it, so the baseline does not move with the data (a
 * balance of €4.6 m drawn from €4.5 m would look like a collapse), and the ticks fall on round steps, at
 * most `maxTicks` + 1 of them.
 */
export function valueAxis(values: readonly number[], maxTicks = 5): ValueAxis {
  let lo = 0;
  let hi = 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === hi) hi = 1;
  let step = niceStep((hi - lo) / Math.max(1, maxTicks - 1));
  let start = Math.floor(lo / step + 1e-9);
  let end = Math.ceil(hi / step - 1e-9);
  while (end - start > maxTicks) {
    step = niceStep(step * 1.01);
    start = Math.floor(lo / step + 1e-9);
    end = Math.ceil(hi / step - 1e-9);
  }
  const ticks: number[] = [];
  for (let k = start; k <= end; k++) ticks.push(Number((k * step).toPrecision(12)) + 0);
  return { domain: [ticks[0], ticks[ticks.length - 1]], ticks, step };
}

/**
 * Labels for ticks that say their value exactly and are all different: the fewest fraction digits (0 …
 * `maxDigits`) with which no label loses anything against `maxDigits` digits (−2,500 is "−€2.5k", never
 * "−€3k"; 4.65 m and 4.7 m never both "€4.7m").
 */
export function distinctLabels(
  values: readonly number[],
  format: (value: number, digits: number) => string,
  maxDigits = 3,
): string[] {
  const exact = values.map((v) => format(v, maxDigits));
  for (let digits = 0; digits < maxDigits; digits++) {
    const labels = values.map((v) => format(v, digits));
    if (labels.every((l, i) => l === exact[i]) && new Set(labels).size === labels.length) return labels;
  }
  return exact;
}

const locale = (lang: Language) => (lang === 'fr' ? 'fr-FR' : 'en-GB');
// eslint-disable-next-line coffer/no-module-state -- a cache of Intl objects by language and options: the same key always gives an equal formatter, so sharing it changes nothing but speed
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = make()));
  return f as F;
}

/** An amount in compact notation ("€4.65M", "4,65 M€") with at most `digits` fraction digits. */
export function compactMoney(lang: Language, value: number, currency: string, digits: number): string {
  try {
    return cached(
      `m${lang}${currency}${digits}`,
      () =>
        new Intl.NumberFormat(locale(lang), {
          style: 'currency',
          currency: currency || 'EUR',
          notation: 'compact',
          minimumFractionDigits: 0,
          maximumFractionDigits: digits,
        }),
    ).format(value);
  } catch {
    return `${value} ${currency}`;
  }
}

/** Value-axis labels of an amount axis: compact, all different. */
export function moneyTickLabels(lang: Language, ticks: readonly number[], currency: string): string[] {
  return distinctLabels(ticks, (v, digits) => compactMoney(lang, v, currency, digits));
}

export type TimeUnit = 'day' | 'month';
export interface TimeTicks {
  /** UTC seconds at midnight. */
  ticks: number[];
  unit: TimeUnit;
}

const DAY = 86400;
/** Day index of a Monday (5 January 1970), so week ticks fall on Mondays. */
const MONDAY = 4;
const DAY_STEPS = [1, 2, 7, 14];
const MONTH_STEPS = [1, 2, 3, 6, 12];

const monthIndex = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1) / 1000;

/**
 * Time-axis ticks between two days (UTC seconds, both included) at calendar boundaries: every day, every
 * other day, Mondays or every other Monday for short spans; the first of every 1, 2, 3, 6 or 12 months
 * (quarters and years start on their month) for longer ones. The finest step with at most `maxTicks` ticks.
 */
export function timeTicks(from: number, to: number, maxTicks = 6): TimeTicks {
  const first = Math.ceil(from / DAY);
  const last = Math.floor(to / DAY);
  for (const n of DAY_STEPS) {
    const anchor = n >= 7 ? MONDAY : 0;
    const ticks: number[] = [];
    for (let d = first; d <= last; d++) if ((((d - anchor) % n) + n) % n === 0) ticks.push(d * DAY);
    if (ticks.length <= maxTicks && ticks.length > 0) return { ticks, unit: 'day' };
  }
  const m0 = monthIndex(first * DAY) + (new Date(first * DAY * 1000).getUTCDate() === 1 ? 0 : 1);
  const m1 = monthIndex(last * DAY);
  for (const n of MONTH_STEPS) {
    const ticks: number[] = [];
    for (let m = m0; m <= m1; m++) if (m % n === 0) ticks.push(monthStart(m));
    if (ticks.length <= maxTicks) return { ticks, unit: 'month' };
  }
  // Many years: every k-th January.
  const years = Math.ceil((m1 - m0 + 1) / 12);
  const k = Math.ceil(years / maxTicks);
  const ticks: number[] = [];
  for (let m = m0; m <= m1; m++) if (m % (12 * k) === 0) ticks.push(monthStart(m));
  return { ticks, unit: 'month' };
}

/**
 * Labels of time ticks: "5 Jan" or "Jan", with the year on the first tick and wherever the year changes
 * ("Dec 2025, Jan 2026" never reads as one year), in the reader's language. When a label would still repeat
 * (ticks more than a year apart in all: "Jun 2025, Sept, Dec, Mar 2026, Jun, Sept"), every tick says its
 * year, in short ("Jun 25, Sept 25 …") to keep them apart on a narrow chart.
 */
export function timeTickLabels(lang: Language, ticks: readonly number[], unit: TimeUnit): string[] {
  const label = (t: number, year: 'numeric' | '2-digit' | null) => {
    const options: Intl.DateTimeFormatOptions = {
      ...(unit === 'day' ? { day: 'numeric' } : {}),
      month: 'short',
      ...(year ? { year } : {}),
      timeZone: 'UTC',
    };
    return cached(`d${lang}${unit}${year}`, () => new Intl.DateTimeFormat(locale(lang), options)).format(t * 1000);
  };
  const yearOf = (t: number) => new Date(t * 1000).getUTCFullYear();
  const labels = ticks.map((t, i) => label(t, i === 0 || yearOf(t) !== yearOf(ticks[i - 1]) ? 'numeric' : null));
  return new Set(labels).size === labels.length ? labels : ticks.map((t) => label(t, '2-digit'));
}
