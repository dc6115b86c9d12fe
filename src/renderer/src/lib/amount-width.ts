import type { TxTable } from './tx-table';

/**
 * The widest amount among the rows shown, in characters, as the table writes it (`format`: the app's money
 * format with its sign). The Amount column is sized from it, so an amount is never cut, whatever its size,
 * currency or language ("+3 048,30 €" is longer than "+€3,048.30"). Only the largest amount of each
 * currency is formatted: one pass over the rows, a handful of formats.
 */
export function widestAmount(
  table: Pick<TxTable, 'amounts' | 'currencies'>,
  view: Int32Array,
  format: (amount: number, currency: string) => string,
): number {
  const largest = new Map<string, number>();
  for (let k = 0; k < view.length; k++) {
    const i = view[k];
    const size = Math.abs(table.amounts[i]);
    const currency = table.currencies[i];
    if (size >= (largest.get(currency) ?? -1)) largest.set(currency, size);
  }
  let widest = 0;
  // Both signs: "+" and "-" are written alike, but a credit and a debit of the same size may differ.
  for (const [currency, size] of largest)
    widest = Math.max(widest, format(size, currency).length, format(-size, currency).length);
  return widest;
}
