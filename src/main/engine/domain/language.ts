export type Language = 'en' | 'fr';

/**
 * The response language from an Accept-Language header: the supported language (en, fr) with the highest
 * q value, regions ignored (en-GB is en); fr when none is supported (C6).
 */
export function requestLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { lang: Language; q: number } | null = null;
  for (const part of text.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const lang = tag.trim().toLowerCase().split('-')[0];
    if (lang !== 'en' && lang !== 'fr') continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? 'fr';
}
