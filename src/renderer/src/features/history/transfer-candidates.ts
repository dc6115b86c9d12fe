import type { TxTable } from '../../lib/tx-table';

const DAY = 86_400;
/** The engine's rule: the two sides of a transfer are at most 5 days apart. */
export const TRANSFER_DAYS = 5;
/** By hand the amounts may differ a little (a fee, a rounding): at most 3 % of the row's amount. */
const HAND_TOLERANCE = 0.03;

/**
 * The rows that could be the other side of row `i` as a transfer between the person's accounts: another
 * account, the opposite sign, the same currency, at most 5 days apart, an amount within 3 %, in no link yet;
 * the closest in amount, then in time, first. At most `limit`.
 */
export function transferCandidates(table: TxTable, i: number, limit = 3): number[] {
  const amount = table.amounts[i];
  if (amount === 0) return [];
  const out: Array<{ k: number; off: number; gap: number }> = [];
  for (let k = 0; k < table.size; k++) {
    if (k === i || table.transfers[k] !== null || table.accountIds[k] === table.accountIds[i]) continue;
    if (table.currencies[k] !== table.currencies[i] || Math.sign(table.amounts[k]) !== -Math.sign(amount)) continue;
    const gap = Math.abs(table.dates[k] - table.dates[i]);
    if (gap > TRANSFER_DAYS * DAY) continue;
    const off = Math.abs(table.amounts[k] + amount);
    if (off > HAND_TOLERANCE * Math.abs(amount) + 1e-9) continue;
    out.push({ k, off, gap });
  }
  return out
    .sort((a, b) => a.off - b.off || a.gap - b.gap)
    .slice(0, limit)
    .map((c) => c.k);
}
