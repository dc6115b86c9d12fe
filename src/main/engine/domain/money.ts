/**
 * Money is kept exactly: amounts travel as decimal text ("-12.30") between parsers/connectors and the
 * store, and are stored as integer minor units of their currency. Binary floats appear only at the very
 * edge, when a JSON number is written in an API response.
 */

const EXPONENTS: Record<string, number> = {
  BHD: 3, BIF: 0, CLP: 0, DJF: 0, GNF: 0, IQD: 3, ISK: 0, JOD: 3, JPY: 0, KMF: 0, KRW: 0, KWD: 3, LYD: 3,
  OMR: 3, PYG: 0, RWF: 0, TND: 3, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
};

/** Number of decimal places of a currency's minor unit (ISO 4217; 2 when unknown). */
export function currencyExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

export class MoneyFormatError extends Error {}

/**
 * Parses a dot-decimal string into integer minor units of `exponent` decimals.
 * Rejects more fractional digits than the currency has unless they are zeros ("1.230" for EUR is fine).
 */
export function decimalToMinor(text: string, exponent = 2): number {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new MoneyFormatError(`not a decimal amount: ${JSON.stringify(text)}`);
  const [, sign, int, fracRaw = ''] = m;
  let frac = fracRaw;
  if (frac.length > exponent) {
    if (/[^0]/.test(frac.slice(exponent))) throw new MoneyFormatError(`too many decimals for this currency: ${text}`);
    frac = frac.slice(0, exponent);
  }
  frac = frac.padEnd(exponent, '0');
  const minor = Number(int + frac);
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`amount out of range: ${text}`);
  return sign === '-' ? -minor : minor;
}

/** Formats integer minor units back to dot-decimal text ("-12.30"). */
export function minorToDecimal(minor: number, exponent = 2): string {
  const neg = minor < 0;
  const digits = Math.abs(minor).toString().padStart(exponent + 1, '0');
  const text = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return neg ? `-${text}` : text;
}

/** The JSON number for an API response. */
export function minorToNumber(minor: number, exponent = 2): number {
  return Number(minorToDecimal(minor, exponent));
}
