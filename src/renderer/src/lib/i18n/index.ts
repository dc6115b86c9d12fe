import { useMemo } from 'react';
import { useStore } from '../../store';
import type { MessageKey } from './en';
import {
  formatDateTime,
  formatDay,
  formatMoney,
  formatMonth,
  formatMonthLong,
  formatNumber,
  formatPercent,
  formatRelative,
  translate,
  translatePlural,
  type Language,
  type PluralKey,
  type Vars,
} from './translate';

export type { MessageKey } from './en';
export { LANGUAGE_NAMES, LANGUAGES, detectLanguage, type Language } from './translate';

export interface I18n {
  lang: Language;
  t(key: MessageKey, vars?: Vars): string;
  tn(key: PluralKey, count: number, vars?: Vars): string;
  money(amount: number, currency: string, options?: { sign?: boolean; compact?: boolean }): string;
  number(n: number): string;
  percent(n: number): string;
  day(seconds: number): string;
  dateTime(seconds: number): string;
  month(seconds: number): string;
  monthLong(seconds: number): string;
  relative(seconds: number): string;
}

export function i18nFor(lang: Language): I18n {
  return {
    lang,
    t: (key, vars) => translate(lang, key, vars),
    tn: (key, count, vars) => translatePlural(lang, key, count, vars),
    money: (amount, currency, options) => formatMoney(lang, amount, currency, options),
    number: (n) => formatNumber(lang, n),
    percent: (n) => formatPercent(lang, n),
    day: (s) => formatDay(lang, s),
    dateTime: (s) => formatDateTime(lang, s),
    month: (s) => formatMonth(lang, s),
    monthLong: (s) => formatMonthLong(lang, s),
    relative: (s) => formatRelative(lang, s),
  };
}

/** Messages and formatters in the app's language; components re-render when it changes. */
export function useT(): I18n {
  const lang = useStore((s) => s.language);
  return useMemo(() => i18nFor(lang), [lang]);
}
