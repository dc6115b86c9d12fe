import { en, type MessageKey } from './en';
import { fr } from './fr';
import { firstSupportedLanguage } from '../../../../shared/language';
import { formatDay, formatNumber } from '../../../core/i18n/format';
import { translateWith, type Language, type Vars } from '../../../core/i18n/translate';

export { LANGUAGE_NAMES, LANGUAGES, type Language, type Vars } from '../../../core/i18n/translate';
export {
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonth,
  formatMonthLong,
  formatNumber,
  formatPercent,
} from '../../../core/i18n/format';

const dictionaries = { en, fr };

/** The default language: the browser's when it is French, else English. */
export function detectLanguage(): Language {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } }).navigator;
  const tags = nav?.languages?.length ? nav.languages : [nav?.language ?? 'en'];
  return firstSupportedLanguage(tags) ?? 'en';
}

export function translate(lang: Language, key: MessageKey, vars?: Vars): string {
  return translateWith(dictionaries, lang, key, vars);
}

/** Keys that exist with `.one` / `.other` suffixes. */
type PluralBase<K> = K extends `${infer B}.one` ? B : never;
export type PluralKey = PluralBase<MessageKey>;

// eslint-disable-next-line coffer/no-module-state -- a cache of Intl objects by language and options: the same key always gives an equal formatter, so sharing it changes nothing but speed
const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

export function translatePlural(lang: Language, key: PluralKey, count: number, vars?: Vars): string {
  const rules = (pluralRules[lang] ??= new Intl.PluralRules(lang));
  const form = rules.select(count) === 'one' ? 'one' : 'other';
  return translate(lang, `${key}.${form}` as MessageKey, { count: formatNumber(lang, count), ...vars });
}

// eslint-disable-next-line coffer/no-module-state -- a cache of Intl objects by language and options: the same key always gives an equal formatter, so sharing it changes nothing but speed
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
