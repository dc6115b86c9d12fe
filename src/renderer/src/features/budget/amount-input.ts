import { amountSize } from '../../lib/tx-filter';

/**
 * An amount typed in a budget field, read the way the history's amount fields read them ("120", "42.50",
 * "42,50", "1 234,56"), with its sign: empty is 0, a text that is no amount is NaN.
 */
export function readAmount(text: string): number {
  const size = amountSize(text);
  if (size === null) return 0;
  if (Number.isNaN(size)) return NaN;
  return /^\s*[-−]/.test(text) ? -size : size;
}
