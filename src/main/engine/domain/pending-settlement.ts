/**
 * Pending → posted settlement for providers that give a posted row a NEW id (SimpleFIN, Enable Banking):
 * without it, the stale authorisation and the posted purchase would both count (Actual's double-counted
 * US$263.42, research §2.1).
 *
 * The rule (docs/api/simplefin.md, reused by docs/api/enablebanking.md): within one account, a BOOKED row settles a
 * PENDING row when - it has the same payee, or else the same text (compared upper-cased with spaces collapsed), - it
 * was posted on the pending row's day or up to 7 days after it, - its amount has the same sign and differs by at most
 * 25 % of the pending amount (a tip, a hotel deposit); the pending row then keeps its Coffer id and becomes that booked
 * row (its amount and date). Each row settles at most one other: two identical posted purchases with distinct ids match
 * two pending rows, or stay two rows. Among several candidates the closest in time wins, then the closest in amount.
 *
 * Pure: no database, no clock.
 */

export const SETTLEMENT_DAYS = 7;
/** 25 %, as a fraction. */
export const SETTLEMENT_TOLERANCE = 0.25;
const DAY = 86_400;

export interface SettlementRow {
  /** Provider key. */
  key: string;
  /** UTC seconds: the pending row's date, or the booked row's posting date. */
  date: number;
  /** Minor units, signed. */
  amount: number;
  /** The payee (label) and the raw text; either may be empty. */
  payee: string;
  text: string;
}

export interface PendingSettlement<P extends SettlementRow, B extends SettlementRow> {
  pending: P;
  booked: B;
}

/** Compared without case, accents or repeated spaces (banks write « Ràtp » one day and « RATP » the next). */
const canonical = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Same payee, or else the same text. */
export function sameCounterpart(a: Pick<SettlementRow, 'payee' | 'text'>, b: Pick<SettlementRow, 'payee' | 'text'>): boolean {
  const pa = canonical(a.payee);
  const pb = canonical(b.payee);
  if (pa !== '' && pa === pb) return true;
  const ta = canonical(a.text);
  return ta !== '' && ta === canonical(b.text);
}

/** Posted the pending row's day or within the 7 days after it. */
export function withinSettlementDays(pendingDate: number, postedDate: number): boolean {
  const gap = Math.floor(postedDate / DAY) - Math.floor(pendingDate / DAY);
  return gap >= 0 && gap <= SETTLEMENT_DAYS;
}

/** Same sign and |posted − pending| ≤ 25 % of |pending| (integers: no rounding surprise). */
export function withinSettlementAmount(pendingAmount: number, postedAmount: number): boolean {
  if (pendingAmount === 0) return postedAmount === 0;
  if (Math.sign(pendingAmount) !== Math.sign(postedAmount)) return false;
  return Math.abs(postedAmount - pendingAmount) * 4 <= Math.abs(pendingAmount);
}

export function settles(pending: SettlementRow, booked: SettlementRow): boolean {
  return (
    withinSettlementDays(pending.date, booked.date) &&
    withinSettlementAmount(pending.amount, booked.amount) &&
    sameCounterpart(pending, booked)
  );
}

/**
 * Pairs pending rows with the booked rows that settle them, one to one. `booked` must hold only rows that
 * are not yet in the store (a row already kept settles nothing any more).
 */
export function matchPendingToBooked<P extends SettlementRow, B extends SettlementRow>(
  pending: readonly P[],
  booked: readonly B[],
): Array<PendingSettlement<P, B>> {
  if (pending.length === 0 || booked.length === 0) return [];
  const candidates: Array<{ p: number; b: number; gap: number; diff: number }> = [];
  for (let p = 0; p < pending.length; p++) {
    for (let b = 0; b < booked.length; b++) {
      if (!settles(pending[p], booked[b])) continue;
      candidates.push({
        p,
        b,
        gap: booked[b].date - pending[p].date,
        diff: Math.abs(booked[b].amount - pending[p].amount),
      });
    }
  }
  candidates.sort((x, y) => x.gap - y.gap || x.diff - y.diff || x.p - y.p || x.b - y.b);
  const usedP = new Set<number>();
  const usedB = new Set<number>();
  const out: Array<PendingSettlement<P, B>> = [];
  for (const c of candidates) {
    if (usedP.has(c.p) || usedB.has(c.b)) continue;
    usedP.add(c.p);
    usedB.add(c.b);
    out.push({ pending: pending[c.p], booked: booked[c.b] });
  }
  return out;
}

/**
 * A pending row missing from an answer becomes CANCELLED only when that answer covered its date: an older
 * pending row lay outside what was asked and says nothing about it.
 */
export function vanishedPendingIsCovered(pendingDate: number, coveredFrom: number | undefined): boolean {
  return coveredFrom === undefined || pendingDate >= coveredFrom;
}

/**
 * The same rule for rows whose amounts are decimal text and whose counterpart and text are already one
 * string (a connector's own view of its answers: Enable Banking remembers its pending rows this way).
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

const asSettlementRow = (row: BookedRow, key: string): SettlementRow => ({
  key,
  date: row.date,
  // Only the sign and the ratio of the amounts matter, which decimal text read as a number keeps.
  amount: Number(row.amount),
  payee: row.text,
  text: '',
});

/** `settles` for decimal-text rows. */
export function settlesDecimal(pending: PendingRow, booked: BookedRow): boolean {
  const p = asSettlementRow(pending, pending.key);
  const b = asSettlementRow(booked, '');
  return Number.isFinite(p.amount) && Number.isFinite(b.amount) && settles(p, b);
}

/** `matchPendingToBooked` for decimal-text rows: for the index of each booked row that settles one, the pending row's key. */
export function matchSettlements(pending: readonly PendingRow[], booked: readonly BookedRow[]): Map<number, string> {
  const pairs = matchPendingToBooked(
    pending.map((p) => asSettlementRow(p, p.key)).filter((p) => Number.isFinite(p.amount)),
    booked.map((b, index) => ({ ...asSettlementRow(b, String(index)), index })).filter((b) => Number.isFinite(b.amount)),
  );
  return new Map(pairs.map((pair) => [pair.booked.index, pair.pending.key]));
}
