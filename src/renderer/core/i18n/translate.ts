/**
 * The one translation mechanism of the app and the widget: dictionaries per language (each surface keeps
 * its own texts), `{name}` placeholders filled from values, the English text when a language lacks a key,
 * the key itself when no language has it.
 */
import { LANGUAGES, type Language } from '../../../shared/language';

export { LANGUAGES, type Language };
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

export type Vars = Record<string, string | number>;

/** `text` with each `{name}` replaced by `vars[name]` (unknown names left as they are). */
export function fill(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

export type Dictionaries<K extends string> = { en: Record<K, string> } & Record<Language, Partial<Record<K, string>>>;

/** The text of `key` in `lang`, falling back to English, then to the key. */
export function translateWith<K extends string>(
  dictionaries: Dictionaries<K>,
  lang: Language,
  key: K,
  vars?: Vars,
): string {
  return fill(dictionaries[lang][key] ?? dictionaries.en[key] ?? key, vars);
}

/** A translate function bound to one language. */
export function translatorFor<K extends string>(dictionaries: Dictionaries<K>, lang: Language) {
  return (key: K, vars?: Vars): string => translateWith(dictionaries, lang, key, vars);
}
