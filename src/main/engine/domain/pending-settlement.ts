/**
 * When a pending card payment books, some banks give the booked row a new reference and a slightly
 * different amount (a tip, a currency conversion): SimpleFIN (C15) and Enable Banking (C16) both do. The
 * rule deciding that a booked row is the settlement of a pending one, so that the transaction is updated in
 * place rather than duplicated:
 * - same account (callers only compare rows of one account);
 * - same counterpart or text (compared without case, accents or repeated spaces);
 * - booked on the pending row's day or up to 7 days after it;
 * - amount of the same sign and within 25 % of the pending amount.
 * Among several candidates the closest in date, then in amount, wins; each row settles at most one other.
 */

export interface PendingRow {
  key: string;
  /** UTC seconds. */
  date: number;
  /** Signed decimal text. */
  amount: string;
  /** Counterpart name, else the bank's text. */
  text: string;
}

export type BookedRow = Omit<PendingRow, 'key'>;

const DAY = 86_400;
export const SETTLEMENT_WINDOW_DAYS = 7;
export const SETTLEMENT_AMOUNT_TOLERANCE = 0.25;

export function normalizedText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** true when `booked` may be the settlement of `pending` (see the rule above). */
export function settles(pending: PendingRow, booked: BookedRow): boolean {
  if (normalizedText(pending.text) !== normalizedText(booked.text) || normalizedText(booked.text) === '') return false;
  const pendingDay = Math.floor(pending.date / DAY);
  const bookedDay = Math.floor(booked.date / DAY);
  if (bookedDay < pendingDay || bookedDay - pendingDay > SETTLEMENT_WINDOW_DAYS) return false;
  const p = Number(pending.amount);
  const b = Number(booked.amount);
  if (!Number.isFinite(p) || !Number.isFinite(b) || p === 0) return false;
  if (Math.sign(p) !== Math.sign(b)) return false;
  return Math.abs(b - p) <= Math.abs(p) * SETTLEMENT_AMOUNT_TOLERANCE + 1e-9;
}

/**
 * Pairs vanished pending rows with booked candidates: returns, for the index of each booked row that
 * settles one, the key of the pending row it settles.
 */
export function matchSettlements(pending: readonly PendingRow[], booked: readonly BookedRow[]): Map<number, string> {
  const pairs: Array<{ b: number; key: string; days: number; diff: number }> = [];
  booked.forEach((row, b) => {
    for (const p of pending) {
      if (!settles(p, row)) continue;
      pairs.push({ b, key: p.key, days: Math.abs(row.date - p.date), diff: Math.abs(Number(row.amount) - Number(p.amount)) });
    }
  });
  pairs.sort((x, y) => x.days - y.days || x.diff - y.diff || x.b - y.b);
  const out = new Map<number, string>();
  const used = new Set<string>();
  for (const pair of pairs) {
    if (out.has(pair.b) || used.has(pair.key)) continue;
    out.set(pair.b, pair.key);
    used.add(pair.key);
  }
  return out;
}
