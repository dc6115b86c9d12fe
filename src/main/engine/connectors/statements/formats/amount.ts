import { currencyExponent } from '../../../domain/money';

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

function digitRun(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  return i;
}

/**
 * Strict machine amount: optional sign, digits, optional single decimal separator.
 * `separators` says which decimal separator the format allows. Returns null when malformed.
 * Hand-written because it runs once per transaction; already-canonical text is returned as is.
 */
export function parseDecimal(text: string, currency: string, separators: '.' | ',' | 'either' = '.'): string | null {
  const s =
    text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32) ? text.trim() : text;
  const n = s.length;
  let i = 0;
  let negative = false;
  let plus = false;
  if (s.charCodeAt(0) === 45) {
    negative = true;
    i = 1;
  } else if (s.charCodeAt(0) === 43) {
    plus = true;
    i = 1;
  }
  const intStart = i;
  const intEnd = digitRun(s, i);
  i = intEnd;
  let fracStart = i;
  let fracEnd = i;
  let separator = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    const dotOk = separators !== ',' && c === 46;
    const commaOk = separators !== '.' && c === 44;
    if (!dotOk && !commaOk) return null;
    separator = c;
    fracStart = i + 1;
    fracEnd = digitRun(s, fracStart);
    if (fracEnd !== n) return null;
  }
  const intLen = intEnd - intStart;
  const fracLen = fracEnd - fracStart;
  if (intLen === 0 && fracLen === 0) return null;
  if (intLen > MAX_DIGITS && s.slice(intStart, intEnd).replace(/^0+/, '').length > MAX_DIGITS) return null;
  if (fracLen > MAX_DIGITS) return null;
  const exponent = currencyExponent(currency);
  const canonical =
    !plus &&
    intLen >= 1 &&
    (intLen === 1 || s.charCodeAt(intStart) !== 48) &&
    fracLen === exponent &&
    (exponent === 0 ? separator === 0 : separator === 46) &&
    (!negative || /[1-9]/.test(s));
  if (canonical) return s;
  return canonicalDecimal(negative, s.slice(intStart, intEnd), s.slice(fracStart, fracEnd), currency);
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
