/**
 * Numbers, amounts and dates in the reader's language, shared by the app and the widget. Formatters are
 * cached per language and options (building an Intl formatter is slow).
 */
import type { Language } from '../../../shared/language';

// eslint-disable-next-line coffer/no-module-state -- a cache of Intl objects by language and options: the same key always gives an equal formatter, so sharing it changes nothing but speed
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = lang + JSON.stringify(options);
  let f = numberFormats.get(key);
  if (!f) numberFormats.set(key, (f = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', options)));
  return f;
}

export function formatNumber(lang: Language, n: number): string {
  return numberFormat(lang, {}).format(n);
}

export function formatMoney(
  lang: Language,
  amount: number,
  currency: string,
  options: { sign?: boolean; compact?: boolean } = {},
): string {
  try {
    return numberFormat(lang, {
      style: 'currency',
      currency: currency || 'EUR',
      signDisplay: options.sign ? 'exceptZero' : 'auto',
      ...(options.compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
    }).format(amount);
  } catch {
    return `${formatNumber(lang, amount)} ${currency}`;
  }
}

export function formatPercent(lang: Language, value: number): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(value);
}

// eslint-disable-next-line coffer/no-module-state -- a cache of Intl objects by language and options: the same key always gives an equal formatter, so sharing it changes nothing but speed
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(lang: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = lang + JSON.stringify(options);
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', options)));
  return f;
}

/** Transaction dates are calendar days stored as UTC midnight: shown in UTC so they never shift a day. */
export function formatDay(lang: Language, seconds: number): string {
  return dateFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(seconds * 1000);
}

/** A day with its month in full and no year ("14 January", "14 janvier"): for days in the coming months. */
export function formatDayMonth(lang: Language, seconds: number): string {
  return dateFormat(lang, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(seconds * 1000);
}

export function formatDateTime(lang: Language, seconds: number): string {
  return dateFormat(lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(seconds * 1000);
}

export function formatMonth(lang: Language, seconds: number): string {
  return dateFormat(lang, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(seconds * 1000);
}

/** A month in full ("November 2026", "novembre 2026"): where a short "Nov 26" could be read as a day. */
export function formatMonthLong(lang: Language, seconds: number): string {
  return dateFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(seconds * 1000);
}
