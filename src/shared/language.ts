/**
 * The languages Coffer speaks, and how an HTTP request's language is chosen. Shared by the engine (pages,
 * terms, labels) and the renderer.
 */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** French when nothing better is known (the widget's and the API's default). */
export const DEFAULT_LANGUAGE: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'fr';
}

/**
 * The language of an Accept-Language header: the supported language (regions ignored: en-GB is en) with the
 * highest quality, the earlier one on a tie; a quality of 0 refuses a language; French when none is supported.
 */
export function acceptLanguage(header: string | readonly string[] | undefined): Language {
  const text = typeof header === 'string' ? header : (header ?? []).join(',');
  let best: { lang: Language; q: number } | null = null;
  for (const part of text.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const lang = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(lang)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) {
        q = Number(m[1]);
        break;
      }
    }
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_LANGUAGE;
}

/** `lng` when it names a supported language, else the language of the Accept-Language header. */
export function pickLanguage(lng: unknown, acceptLanguageHeader: string | readonly string[] | undefined): Language {
  return isLanguage(lng) ? lng : acceptLanguage(acceptLanguageHeader);
}
