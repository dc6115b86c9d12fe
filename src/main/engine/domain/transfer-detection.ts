/**
 * Which transactions of one person are a transfer between their own accounts: money leaving one account and
 * the same money arriving in another. The rule:
 *  - a debit and a credit of two different accounts of the same person,
 *  - dated at most 5 days apart,
 *  - of opposite amounts: exactly, in the same currency; across currencies, the debit converted at the
 *    rate of its day differs from the credit by at most 3 % (only when a rate lookup is given: without one,
 *    rows of different currencies are never paired),
 *  - neither row already in a link, and the pair not one the person unlinked.
 * Each row is in at most one pair. Among several candidates the closest in time wins, then the oldest debit
 * (smallest id), then the earlier credit, so the result does not depend on the order rows are given in.
 *
 * Pure: no database, no clock.
 */

export const TRANSFER_DAYS = 5;
/** 3 %, as a fraction of the credited amount. */
export const TRANSFER_RATE_TOLERANCE = 0.03;
const DAY = 86_400;
const WINDOW = TRANSFER_DAYS * DAY;

export interface TransferRow {
  id: number;
  accountId: number;
  currency: string;
  /** Minor units, signed; 0 is never a transfer. */
  amount: number;
  /** UTC seconds. */
  date: number;
}

export interface TransferPair {
  debitId: number;
  creditId: number;
}

/**
 * How many units of `to` one unit of `from` was worth on `day` (UTC seconds of the day), or undefined when
 * not known. Amounts are compared in major units: the caller's rate source says nothing of minor units.
 */
export type RateLookup = (from: string, to: string, day: number) => number | undefined;

export interface TransferDetectionOptions {
  /** True for a pair the person unlinked: never proposed again. */
  refused?: (debitId: number, creditId: number) => boolean;
  /** Exchange rates; without them only rows of the same currency are paired. */
  rate?: RateLookup;
  /** Minor-unit exponent of a currency (2 when not given), to compare amounts across currencies. */
  exponent?: (currency: string) => number;
}

/** Packs a candidate's gap (seconds, at most 5 days) and its index into one sortable number. */
const INDEX_BITS = 2 ** 33;

/** The new pairs among `rows` (the person's transactions that are in no link yet). */
export function detectTransfers(rows: readonly TransferRow[], options: TransferDetectionOptions = {}): TransferPair[] {
  const refused = options.refused ?? (() => false);
  const used = new Set<number>();
  const pairs: TransferPair[] = [];
  // Same currency: rows grouped by currency and size, so only rows that could pair are ever compared; a row
  // is in one group only, so each group is paired on its own.
  const groups = new Map<string, Map<number, { debits: TransferRow[]; credits: TransferRow[] }>>();
  for (const row of rows) {
    if (row.amount === 0) continue;
    let bySize = groups.get(row.currency);
    if (!bySize) groups.set(row.currency, (bySize = new Map()));
    const size = Math.abs(row.amount);
    let group = bySize.get(size);
    if (!group) bySize.set(size, (group = { debits: [], credits: [] }));
    (row.amount < 0 ? group.debits : group.credits).push(row);
  }
  for (const bySize of groups.values()) {
    for (const { debits, credits } of bySize.values()) {
      if (debits.length && credits.length) pairInWindow(debits, credits, refused, () => true, used, pairs);
    }
  }
  if (options.rate) {
    const fits = crossCurrencyFit(options.rate, options.exponent ?? (() => 2));
    const free = rows.filter((r) => r.amount !== 0 && !used.has(r.id));
    pairInWindow(free.filter((r) => r.amount < 0), free.filter((r) => r.amount > 0), refused, fits, used, pairs);
  }
  return pairs;
}

/**
 * Pairs debits and credits of two different accounts at most 5 days apart, the closest in time first, then
 * the oldest debit (smallest id), then the earlier credit (then the smaller id). Candidates are sorted as
 * packed numbers (gap, then their order of generation, which follows that tie order): a group of thousands
 * of same-sized monthly transfers stays fast.
 */
function pairInWindow(
  debits: TransferRow[],
  credits: TransferRow[],
  refused: (debitId: number, creditId: number) => boolean,
  fits: (debit: TransferRow, credit: TransferRow) => boolean,
  used: Set<number>,
  pairs: TransferPair[],
): void {
  debits.sort((a, b) => a.id - b.id);
  credits.sort((a, b) => a.date - b.date || a.id - b.id);
  const ofDebit: number[] = [];
  const ofCredit: number[] = [];
  const keys: number[] = [];
  for (let d = 0; d < debits.length; d++) {
    const debit = debits[d];
    for (let k = firstAtOrAfter(credits, debit.date - WINDOW); k < credits.length && credits[k].date <= debit.date + WINDOW; k++) {
      const credit = credits[k];
      if (credit.accountId === debit.accountId || refused(debit.id, credit.id) || !fits(debit, credit)) continue;
      keys.push(Math.abs(credit.date - debit.date) * INDEX_BITS + ofDebit.length);
      ofDebit.push(d);
      ofCredit.push(k);
    }
  }
  for (const key of Float64Array.from(keys).sort()) {
    const c = key % INDEX_BITS;
    const debit = debits[ofDebit[c]];
    const credit = credits[ofCredit[c]];
    if (used.has(debit.id) || used.has(credit.id)) continue;
    used.add(debit.id);
    used.add(credit.id);
    pairs.push({ debitId: debit.id, creditId: credit.id });
  }
}

function firstAtOrAfter(sorted: readonly TransferRow[], date: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two rows in two different currencies whose amounts agree within 3 % at the debit day's rate. */
function crossCurrencyFit(rate: RateLookup, exponent: (currency: string) => number) {
  const major = (r: TransferRow) => Math.abs(r.amount) / 10 ** exponent(r.currency);
  return (debit: TransferRow, credit: TransferRow): boolean => {
    if (debit.currency === credit.currency) return false;
    const r = rate(debit.currency, credit.currency, Math.floor(debit.date / DAY) * DAY);
    if (r === undefined || !(r > 0)) return false;
    return Math.abs(major(debit) * r - major(credit)) <= TRANSFER_RATE_TOLERANCE * major(credit);
  };
}
