export type Language = 'en' | 'fr';

/**
 * The language of a page or text: `lng` when it is en or fr, else the first supported language of
 * Accept-Language (by quality), else French (the widget's default, C14).
 */
export function pickLanguage(lng: unknown, acceptLanguage: string | undefined): Language {
  if (lng === 'en' || lng === 'fr') return lng;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q[1]) : 1, index };
    })
    .filter((x) => x.base && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { base } of ranked) if (base === 'en' || base === 'fr') return base;
  return 'fr';
}
