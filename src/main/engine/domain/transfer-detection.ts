/**
 * Which transactions of one person are a transfer between their own accounts: money leaving one account and
 * the same money arriving in another. The rule:
 *  - a debit and a credit of two different accounts of the same person,
 *  - dated at most 5 days apart,
 *  - of opposite amounts: exactly, in the same currency; across currencies, the debit converted at the
 *    rate of its day differs from the credit by at most 3 % (only when a rate lookup is given: without one,
 *    rows of different currencies are never paired),
 *  - neither row already in a link, and the pair not one the person unlinked.
 * Each row is in at most one pair. Among several candidates the closest in time wins, then the smallest
 * ids (the oldest rows), so the result does not depend on the order rows are given in.
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

interface Candidate {
  debit: TransferRow;
  credit: TransferRow;
  gap: number;
}

/** The new pairs among `rows` (the person's transactions that are in no link yet). */
export function detectTransfers(rows: readonly TransferRow[], options: TransferDetectionOptions = {}): TransferPair[] {
  const refused = options.refused ?? (() => false);
  const used = new Set<number>();
  const pairs: TransferPair[] = [];
  const take = (candidates: Candidate[]) => {
    candidates.sort((a, b) => a.gap - b.gap || a.debit.id - b.debit.id || a.credit.id - b.credit.id);
    for (const { debit, credit } of candidates) {
      if (used.has(debit.id) || used.has(credit.id)) continue;
      used.add(debit.id);
      used.add(credit.id);
      pairs.push({ debitId: debit.id, creditId: credit.id });
    }
  };
  // Same currency: rows grouped by currency and size, so only rows that could pair are ever compared.
  const groups = new Map<string, { debits: TransferRow[]; credits: TransferRow[] }>();
  for (const row of rows) {
    if (row.amount === 0) continue;
    const key = `${row.currency}:${Math.abs(row.amount)}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { debits: [], credits: [] }));
    (row.amount < 0 ? group.debits : group.credits).push(row);
  }
  const candidates: Candidate[] = [];
  for (const { debits, credits } of groups.values()) {
    if (debits.length && credits.length) collectInWindow(debits, credits, refused, () => true, candidates);
  }
  take(candidates);
  if (options.rate) take(crossCurrencyCandidates(rows, used, refused, options.rate, options.exponent ?? (() => 2)));
  return pairs;
}

/** Every debit–credit pair of two different accounts within the window (credits sorted by date once). */
function collectInWindow(
  debits: readonly TransferRow[],
  credits: readonly TransferRow[],
  refused: (debitId: number, creditId: number) => boolean,
  fits: (debit: TransferRow, credit: TransferRow) => boolean,
  out: Candidate[],
): void {
  const sorted = [...credits].sort((a, b) => a.date - b.date);
  for (const debit of debits) {
    let k = firstAtOrAfter(sorted, debit.date - WINDOW);
    for (; k < sorted.length && sorted[k].date <= debit.date + WINDOW; k++) {
      const credit = sorted[k];
      if (credit.accountId === debit.accountId || refused(debit.id, credit.id) || !fits(debit, credit)) continue;
      out.push({ debit, credit, gap: Math.abs(credit.date - debit.date) });
    }
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

/** Pairs of rows in two different currencies whose amounts agree within 3 % at the debit day's rate. */
function crossCurrencyCandidates(
  rows: readonly TransferRow[],
  used: ReadonlySet<number>,
  refused: (debitId: number, creditId: number) => boolean,
  rate: RateLookup,
  exponent: (currency: string) => number,
): Candidate[] {
  const free = rows.filter((r) => r.amount !== 0 && !used.has(r.id));
  const debits = free.filter((r) => r.amount < 0);
  const credits = free.filter((r) => r.amount > 0);
  const major = (r: TransferRow) => Math.abs(r.amount) / 10 ** exponent(r.currency);
  const fits = (debit: TransferRow, credit: TransferRow): boolean => {
    if (debit.currency === credit.currency) return false;
    const r = rate(debit.currency, credit.currency, Math.floor(debit.date / DAY) * DAY);
    if (r === undefined || !(r > 0)) return false;
    const expected = major(debit) * r;
    return Math.abs(expected - major(credit)) <= TRANSFER_RATE_TOLERANCE * major(credit);
  };
  const out: Candidate[] = [];
  collectInWindow(debits, credits, refused, fits, out);
  return out;
}
