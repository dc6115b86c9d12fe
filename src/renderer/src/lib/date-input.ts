/**
 * Days typed by people, in the app's language rather than the browser's: day first, as the app writes dates
 * ("24 Nov 2026", "24 nov. 2026"), so typed as dd/mm/yyyy in English and jj/mm/aaaa in French. Values are
 * calendar days as ISO text (YYYY-MM-DD), what the filters keep.
 */
/** The app's languages (lib/i18n). */
type Language = 'en' | 'fr';

/** What the field shows when empty: the order to type a day in. */
export function datePattern(lang: Language): string {
  return lang === 'fr' ? 'jj/mm/aaaa' : 'dd/mm/yyyy';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An existing calendar day as YYYY-MM-DD, or null (31/02, month 13, …). */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Lower case, without accents or dots: "Févr." → "fevr". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .toLowerCase();

// eslint-disable-next-line coffer/no-module-state -- the month names of the two languages, built once on first use: a constant table
const monthNames = new Map<string, Map<string, number>>();
/** Month names the app writes, long and short, in English and French (either is understood). */
function monthNumber(name: string): number | null {
  let names = monthNames.get('all');
  if (!names) {
    names = new Map();
    for (const locale of ['en-GB', 'fr-FR'])
      for (const month of ['long', 'short'] as const) {
        const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
        for (let m = 0; m < 12; m++) names.set(fold(format.format(Date.UTC(2024, m, 15))), m + 1);
      }
    monthNames.set('all', names);
  }
  return names.get(fold(name)) ?? null;
}

/**
 * The day typed: "" for an empty field, the ISO day, or null when it is not a day. Understood: day, month and
 * year separated by "/", ".", "-" or spaces (day first: 24/11/2026, 24.11.2026), a month written in words
 * (24 Nov 2026, 24 novembre 2026) and ISO (2026-11-24). A two-digit year is taken in 2000–2099.
 */
export function parseTypedDay(text: string): string | null | '' {
  const s = text.trim();
  if (!s) return '';
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/.exec(s);
  if (m) return isoDay(year(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})(?:er)?\s+([\p{L}.]+)\s+(\d{2}|\d{4})$/u.exec(s);
  if (m) {
    const month = monthNumber(m[2]);
    return month === null ? null : isoDay(year(m[3]), month, Number(m[1]));
  }
  return null;
}

const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** An ISO day as it is typed: 24/11/2026 (both languages write the day first). */
export function formatTypedDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The ISO day `days` days after `iso` (before, when negative); "" stays "". */
export function addDays(iso: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
