import { currencyExponent } from '../domain/money';

/**
 * Exact decimal amounts as text. Every parser turns what the bank wrote into the canonical form
 * "-1234.50": a '-' only when non-zero, no leading zeros, the fraction padded to the currency's
 * minor-unit digits, extra fraction digits kept only when they are not zeros (never rounded).
 */

export function canonicalDecimal(negative: boolean, intDigits: string, fracDigits: string, currency: string): string {
  const exponent = currencyExponent(currency);
  let int = intDigits.replace(/^0+/, '');
  if (int === '') int = '0';
  let frac = fracDigits.replace(/0+$/, '');
  if (frac.length < exponent) frac = frac.padEnd(exponent, '0');
  const zero = int === '0' && /^0*$/.test(frac);
  const body = frac === '' ? int : `${int}.${frac}`;
  return negative && !zero ? `-${body}` : body;
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

const MAX_DIGITS = 18;

/**
 * Strict machine amount: optional sign, digits, optional single decimal separator.
 * `separators` says which decimal separator the format allows. Returns null when malformed.
 */
export function parseDecimal(text: string, currency: string, separators: '.' | ',' | 'either' = '.'): string | null {
  let s = text.trim();
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  let sepIndex = -1;
  if (separators !== ',') sepIndex = s.indexOf('.');
  if (sepIndex < 0 && separators !== '.') sepIndex = s.indexOf(',');
  const int = sepIndex < 0 ? s : s.slice(0, sepIndex);
  const frac = sepIndex < 0 ? '' : s.slice(sepIndex + 1);
  if (int === '' && frac === '') return null;
  if (int !== '' && !isDigits(int)) return null;
  if (frac !== '' && !isDigits(frac)) return null;
  if (sepIndex >= 0 && frac === '' && int === '') return null;
  if (int.replace(/^0+/, '').length > MAX_DIGITS || frac.length > MAX_DIGITS) return null;
  return canonicalDecimal(negative, int, frac, currency);
}

const SPACES = /[\s\u00a0\u2007\u202f']/g;
const CURRENCY_AT_START = /^(?:[€$£¥]|[A-Z]{3}(?![A-Z]))\s*/;
const CURRENCY_AT_END = /\s*(?:[€$£¥]|(?<![A-Z])[A-Z]{3})$/;

/**
 * Human amount as found in CSV/QIF exports: "1 234,56", "1.234,56", "-12,30 €", "$1,234.56",
 * "(12.30)", "12.30-", "+5". `decimal` is the file's decimal separator (the other one is a
 * thousands separator). Returns null when malformed.
 */
export function parseLooseAmount(text: string, decimal: '.' | ',', currency: string): string | null {
  let s = text.trim();
  if (s === '' || s.length > 64) return null;
  let negative = false;
  let signSeen = false;
  for (let pass = 0; pass < 3; pass++) {
    s = s.replace(CURRENCY_AT_START, '').replace(CURRENCY_AT_END, '').trim();
    if (!signSeen && s.startsWith('(') && s.endsWith(')')) {
      negative = true;
      signSeen = true;
      s = s.slice(1, -1).trim();
    } else if (!signSeen && (s.startsWith('-') || s.startsWith('\u2212'))) {
      negative = true;
      signSeen = true;
      s = s.slice(1).trim();
    } else if (!signSeen && s.startsWith('+')) {
      signSeen = true;
      s = s.slice(1).trim();
    } else if (!signSeen && (s.endsWith('-') || s.endsWith('\u2212'))) {
      negative = true;
      signSeen = true;
      s = s.slice(0, -1).trim();
    }
  }
  s = s.replace(SPACES, '');
  const thousands = decimal === ',' ? '.' : ',';
  const sepIndex = s.lastIndexOf(decimal);
  if (sepIndex >= 0 && s.indexOf(decimal) !== sepIndex) return null;
  const intRaw = sepIndex < 0 ? s : s.slice(0, sepIndex);
  const frac = sepIndex < 0 ? '' : s.slice(sepIndex + 1);
  let int = intRaw;
  if (intRaw.includes(thousands)) {
    const groups = intRaw.split(thousands);
    if (groups[0].length < 1 || groups[0].length > 3) return null;
    for (let i = 1; i < groups.length; i++) if (groups[i].length !== 3) return null;
    int = groups.join('');
  }
  if (int === '' && frac === '') return null;
  if (int !== '' && !isDigits(int)) return null;
  if (frac !== '' && !isDigits(frac)) return null;
  if (int.replace(/^0+/, '').length > MAX_DIGITS || frac.length > MAX_DIGITS) return null;
  return canonicalDecimal(negative, int, frac, currency);
}

/**
 * Decides the decimal separator of a column of human amounts. A value votes for ',' or '.' when it
 * is unambiguous ("12,30", "1.234,56", "1,234.56", "1,234,567"); "1,234" alone does not vote.
 */
export function detectDecimalSeparator(samples: Iterable<string>): '.' | ',' {
  let comma = 0;
  let dot = 0;
  for (const raw of samples) {
    const s = raw.replace(SPACES, '');
    const lastComma = s.lastIndexOf(',');
    const lastDot = s.lastIndexOf('.');
    if (lastComma >= 0 && lastDot >= 0) {
      if (lastComma > lastDot) comma++;
      else dot++;
    } else if (lastComma >= 0) {
      if (s.indexOf(',') !== lastComma) dot++;
      else if (!/,\d{3}(?!\d)/.test(s)) comma++;
    } else if (lastDot >= 0) {
      if (s.indexOf('.') !== lastDot) comma++;
      else if (!/\.\d{3}(?!\d)/.test(s)) dot++;
    }
  }
  return comma > dot ? ',' : '.';
}

export function negate(amount: string): string {
  if (amount.startsWith('-')) return amount.slice(1);
  if (/^[0.]*$/.test(amount)) return amount;
  return `-${amount}`;
}

export function isNegative(amount: string): boolean {
  return amount.startsWith('-');
}

export function isZero(amount: string): boolean {
  return /^-?[0.]*$/.test(amount);
}

export function absolute(amount: string): string {
  return amount.startsWith('-') ? amount.slice(1) : amount;
}
