import { en, type MessageKey } from './en';
import { fr } from './fr';

export type Language = 'en' | 'fr';
export const LANGUAGES: Language[] = ['en', 'fr'];
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

const dictionaries: Record<Language, Record<MessageKey, string>> = { en, fr };

export type Vars = Record<string, string | number>;

/** The default language: the browser's when it is French, else English. */
export function detectLanguage(): Language {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  const tags = nav?.languages?.length ? nav.languages : [nav?.language ?? 'en'];
  for (const tag of tags) {
    const base = (tag ?? '').toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export function translate(lang: Language, key: MessageKey, vars?: Vars): string {
  return fill(dictionaries[lang][key] ?? en[key] ?? key, vars);
}

/** Keys that exist with `.one` / `.other` suffixes. */
type PluralBase<K> = K extends `${infer B}.one` ? B : never;
export type PluralKey = PluralBase<MessageKey>;

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

export function translatePlural(lang: Language, key: PluralKey, count: number, vars?: Vars): string {
  const rules = (pluralRules[lang] ??= new Intl.PluralRules(lang));
  const form = rules.select(count) === 'one' ? 'one' : 'other';
  return translate(lang, `${key}.${form}` as MessageKey, { count: formatNumber(lang, count), ...vars });
}

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

const relativeFormats: Partial<Record<Language, Intl.RelativeTimeFormat>> = {};

export function formatRelative(lang: Language, seconds: number, now = Date.now() / 1000): string {
  const rtf = (relativeFormats[lang] ??= new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  const diff = seconds - now;
  const abs = Math.abs(diff);
  if (abs < 45) return translate(lang, 'time.justNow');
  if (abs < 3600) return rtf.format(Math.round(diff / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(diff / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(diff / 86400), 'day');
  return formatDay(lang, seconds);
}
