/**
 * The languages Coffer speaks, and how a request or a page picks one. Shared by the engine (API answers,
 * hosted pages, terms, labels) and the renderer (app and widget), so both read a language tag the same way.
 */

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** French when nothing better is known: the API's and the widget's default language. */
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

/** The language a tag names (`en`, `en-GB`, `fr_FR`, `FR`: the part before the region), or undefined. */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * The supported language an Accept-Language header prefers: the one with the highest quality (regions
 * ignored: en-GB is en; q=0 means "not this one"; on equal quality the earlier one wins; the first `q` of a
 * tag counts), or undefined when it names none. Several header lines are read as one list.
 */
export function preferredLanguage(header: string | readonly string[] | null | undefined): Language | undefined {
  const text = Array.isArray(header) ? header.join(',') : ((header as string | null | undefined) ?? '');
  let best: { language: Language; q: number } | undefined;
  for (const part of text.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const language = languageOfTag(tag);
    if (!language) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (m) {
        q = Number(m[1]);
        break;
      }
    }
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language;
}

/** The language of an Accept-Language header, French when it names no supported language. */
export function acceptLanguage(header: string | readonly string[] | null | undefined): Language {
  return preferredLanguage(header) ?? DEFAULT_LANGUAGE;
}

/** `lng` when it names a supported language, else the language of the Accept-Language header. */
export function pickLanguage(lng: unknown, acceptLanguageHeader: string | readonly string[] | undefined): Language {
  return isLanguage(lng) ? lng : acceptLanguage(acceptLanguageHeader);
}

/** The first supported language of a list of tags (a browser's `navigator.languages`), or undefined. */
export function firstSupportedLanguage(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return undefined;
}
