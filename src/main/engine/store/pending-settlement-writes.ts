/**
 * The write side of domain/pending-settlement.ts (providers that give a posted row a new key: SimpleFIN), for
 * TransactionStore.upsertFetched, inside the results transaction, BEFORE an
 * account's rows are upserted: a stored PENDING row that a new booked row settles takes that row's key (so
 * the upsert turns it BOOKED in place, keeping its Coffer id), and a pending row of the same answer that a
 * booked row settles is not written at all. Booked rows already kept settle nothing (their pending row, if
 * any, was settled when they came).
 */
import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';
import { matchPendingToBooked, type SettlementRow } from '../domain/pending-settlement';
import type { PreparedTransaction } from './transaction-writes';

export interface SettlementStatements {
  storedPending: Statement<[number, number]>;
  keyKept: Statement<[number, string]>;
  rekey: Statement<[string, number, number]>;
}

interface Candidate extends SettlementRow {
  /** The stored row's id, or undefined for a pending row of this answer not yet stored. */
  id?: number;
}

export function settlementStatements(db: Db): SettlementStatements {
  return {
    storedPending: db.prepare(
      "SELECT id, provider_key, date, amount, label, notes, source_label FROM transactions WHERE user_id = ? AND account_id = ? AND status = 'PENDING'",
    ),
    keyKept: db.prepare('SELECT 1 FROM transactions WHERE account_id = ? AND provider_key = ?').pluck(),
    rekey: db.prepare('UPDATE transactions SET provider_key = ?, last_update_date = ? WHERE id = ?'),
  };
}

const asRow = (t: PreparedTransaction): SettlementRow => ({
  key: t.key,
  date: t.date,
  amount: t.amount,
  payee: t.source ?? t.label,
  text: t.notes ?? t.label,
});

/** The rows to upsert: those of the answer minus the pending rows settled (stored ones take the booked key). */
export function settlePendingByMatch(
  s: SettlementStatements,
  account: { id: number; userId: number },
  rows: readonly PreparedTransaction[],
  now: number,
): readonly PreparedTransaction[] {
  const stored = s.storedPending.all(account.userId, account.id) as Array<{
    id: number;
    provider_key: string;
    date: number;
    amount: number;
    label: string;
    notes: string | null;
    source_label: string | null;
  }>;
  const storedKeys = new Set(stored.map((p) => p.provider_key));
  const pending: Candidate[] = stored.map((p) => ({
    id: p.id,
    key: p.provider_key,
    date: p.date,
    amount: p.amount,
    payee: p.source_label ?? p.label,
    text: p.notes ?? p.label,
  }));
  for (const t of rows) if (t.status === 'PENDING' && !storedKeys.has(t.key)) pending.push(asRow(t));
  if (pending.length === 0) return rows;
  let earliest = Infinity;
  for (const p of pending) earliest = Math.min(earliest, p.date);
  const booked: SettlementRow[] = [];
  for (const t of rows) {
    if (t.status !== 'BOOKED' || t.date < earliest - 86_400) continue;
    if (s.keyKept.get(account.id, t.key) !== undefined) continue;
    booked.push(asRow(t));
  }
  const matches = matchPendingToBooked(pending, booked);
  if (matches.length === 0) return rows;
  const superseded = new Set<string>();
  for (const { pending: p, booked: b } of matches) {
    if (p.id !== undefined) s.rekey.run(b.key, now, p.id);
    superseded.add(p.key);
  }
  // The settled pending rows, as this answer may still show them, are not written again.
  return rows.filter((t) => !(t.status === 'PENDING' && superseded.has(t.key)));
}
