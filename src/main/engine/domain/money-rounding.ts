/**
 * Amounts a bank writes with more decimals than their currency has (interest and brokerage cash in
 * fractions of a cent, yen written with decimals): rounded to the currency's decimals, half to even
 * ("banker's rounding": a half goes to the even neighbour, so 0.125 → 0.12, 0.135 → 0.14, -350.5 JPY →
 * -350), which does not drift up or down over many amounts. Exact on the decimal text, never through
 * binary floats.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

export interface RoundedAmount {
  /** Dot-decimal text with exactly the currency's decimals ("0.12", "-350"). */
  text: string;
  /** true when digits other than zeros were dropped: the amount differs from the one written. */
  changed: boolean;
}

/**
 * `text` rounded to `exponent` decimals, half to even; undefined when it is not a decimal number or is
 * too large to be counted exactly in minor units (beyond 2^53).
 */
export function roundToCurrency(text: string, exponent: number): RoundedAmount | undefined {
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const [, sign, int, frac = ''] = m;
  const kept = frac.slice(0, exponent).padEnd(exponent, '0');
  const dropped = frac.slice(exponent);
  let minor = BigInt(int + kept);
  const changed = /[1-9]/.test(dropped);
  if (changed) {
    const first = dropped[0];
    const aboveHalf = first > '5' || (first === '5' && /[1-9]/.test(dropped.slice(1)));
    const exactlyHalf = first === '5' && !/[1-9]/.test(dropped.slice(1));
    if (aboveHalf || (exactlyHalf && minor % 2n === 1n)) minor += 1n;
  }
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const digits = minor.toString().padStart(exponent + 1, '0');
  const body = exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
  return { text: sign === '-' && minor !== 0n ? `-${body}` : body, changed };
}
