/**
 * Keys of one account's rows, and pending rows settling in place (docs/api/enablebanking.md, as
 * docs/api/simplefin.md#pending):
 * - a row with an entry_reference is keyed by it; one without by the engine's derived key
 *   (transaction-key.ts), computed here so that the connector can remember it;
 * - the connector remembers the account's pending rows between runs (channel memory). When one of them is
 *   gone from an answer and a booked row that was not there before settles it (domain/pending-settlement.ts),
 *   the booked row takes the pending row's key: the engine then updates that transaction in place. The booked
 *   row's own reference is remembered as an alias of that key, so later reads do not add it again;
 * - cancelled (CNCL) and rejected (RJCT) rows are stored with that status (CANCELLED, REJECTED): a pending row
 *   that comes back so, under the same key, ends in place; they never settle a pending row. A pending row
 *   that is no longer returned at all is ended by the engine (CANCELLED) since the answer covers every
 *   pending row it remembers (`pending_complete`).
 */
import { matchSettlements, type PendingRow } from '../../domain/pending-settlement';
import { assignTransactionKeys } from '../transaction-key';
import type { ProviderTransaction } from '../types';
import type { MappedTransaction } from './mapping';

const DAY = 86_400;
/** How long a booked row's alias is kept: longer than any later read window (14 days before the last success). */
const ALIAS_DAYS = 400;
/** Booked rows remembered as "already there" (to not mistake an old row for a settlement). */
const RECENT_BOOKED_DAYS = 10;

export interface AccountMemory {
  pending: PendingRow[];
  /** entry_reference of a booked row → the key of the pending row it settled, and its date. */
  aliases: Record<string, { key: string; date: number }>;
  /** Keys of the booked rows of the last answer, dated within the last few days. */
  recent_booked: string[];
}

export function accountMemory(state: Record<string, unknown>, account: string): AccountMemory {
  const all = (state.accounts && typeof state.accounts === 'object' ? state.accounts : (state.accounts = {})) as Record<string, AccountMemory>;
  const m = all[account];
  if (m && Array.isArray(m.pending) && m.aliases && Array.isArray(m.recent_booked)) return m;
  return (all[account] = { pending: [], aliases: {}, recent_booked: [] });
}

export interface SettledRows {
  transactions: ProviderTransaction[];
  /** true ⇒ every remembered pending row's date is inside the window read. */
  pendingComplete: boolean;
}

export function settleRows(
  account: string,
  rows: readonly MappedTransaction[],
  memory: AccountMemory,
  windowStart: number,
  now: number,
): SettledRows {
  const kept = rows;
  const keyed = assignTransactionKeys(
    account,
    kept.map((r) => {
      const alias = r.entryReference ? memory.aliases[r.entryReference] : undefined;
      return { ...r.tx, ...(r.entryReference ? { key: alias?.key ?? r.entryReference } : {}) };
    }),
  );
  const present = new Set(keyed.map((t) => t.key));
  const vanished = memory.pending.filter((p) => !present.has(p.key));
  const recentBooked = new Set(memory.recent_booked);
  const candidates: number[] = [];
  keyed.forEach((t, i) => {
    if (t.status === 'BOOKED' && !recentBooked.has(t.key)) candidates.push(i);
  });
  const matches = matchSettlements(
    vanished,
    candidates.map((i) => ({ date: keyed[i].date, amount: keyed[i].amount, text: kept[i].text })),
  );
  for (const [c, pendingKey] of matches) {
    const i = candidates[c];
    const ref = kept[i].entryReference;
    if (ref) memory.aliases[ref] = { key: pendingKey, date: keyed[i].date };
    keyed[i] = { ...keyed[i], key: pendingKey };
  }

  const pendingComplete = memory.pending.every((p) => p.date >= windowStart);
  memory.pending = keyed
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.status === 'PENDING')
    .map(({ t, i }) => ({ key: t.key, date: t.date, amount: t.amount, text: kept[i].text }));
  memory.recent_booked = keyed.filter((t) => t.status === 'BOOKED' && t.date >= now - RECENT_BOOKED_DAYS * DAY).map((t) => t.key);
  for (const [ref, alias] of Object.entries(memory.aliases)) if (alias.date < now - ALIAS_DAYS * DAY) delete memory.aliases[ref];
  return { transactions: keyed, pendingComplete };
}
