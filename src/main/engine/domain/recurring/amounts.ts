/**
 * What the amounts of a series say: the usual amount, the band it moves in, and whether the price changed
 * (a stable amount replaced by another stable one, as when a subscription rises). Amounts are in minor
 * units; the functions work on their absolute values (a series is all debits or all credits).
 */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Two amounts are the same price when they differ by at most 1 % (or one cent). */
const samePrice = (a: number, b: number) => Math.abs(a - b) <= Math.max(1, Math.abs(b) * 0.01);

export interface PriceChange {
  from: number;
  to: number;
  /** Index in the series of the first payment at the new price. */
  index: number;
}

/**
 * The latest price change: the last amounts are one price, the two before them another one. A bill whose
 * amount moves every time (electricity) has no price change: its amount varies within its band.
 */
export function latestPriceChange(amounts: readonly number[]): PriceChange | undefined {
  const n = amounts.length;
  if (n < 3) return undefined;
  const last = amounts[n - 1]!;
  let start = n - 1;
  while (start > 0 && samePrice(amounts[start - 1]!, last)) start -= 1;
  if (start < 2) return undefined;
  const before = amounts[start - 1]!;
  if (!samePrice(amounts[start - 2]!, before)) return undefined;
  return { from: before, to: last, index: start };
}

export interface AmountSummary {
  typical: number;
  min: number;
  max: number;
  /** max ÷ min of the recent amounts (1 for a fixed price). */
  spread: number;
  priceChange?: PriceChange;
}

/** The usual amount (the current price after a change, else the median of the last `typicalOf`) and the band. */
export function summarizeAmounts(amounts: readonly number[], typicalOf = 6): AmountSummary {
  const recent = amounts.slice(-12);
  const priceChange = latestPriceChange(amounts);
  const typical = priceChange ? priceChange.to : median(amounts.slice(-typicalOf));
  // The band is measured since the last price change (the old price is no longer a possible amount).
  const band = priceChange ? amounts.slice(priceChange.index) : recent;
  const min = Math.min(...band);
  const max = Math.max(...band);
  const all = Math.min(...recent) > 0 ? Math.max(...recent) / Math.min(...recent) : Infinity;
  return { typical, min, max, spread: priceChange ? Math.max(...band) / Math.min(...band) : all, ...(priceChange ? { priceChange } : {}) };
}
