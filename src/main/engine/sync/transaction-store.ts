/**
 * Writes one account's fetched transactions, inside the caller's transaction (C8): one prepared upsert per
 * row keyed by UNIQUE(account_id, provider_key), so re-reading the same data never duplicates a row; a row
 * that changed (a PENDING one that booked) is updated in place with a new last_update_date; an unchanged
 * row is not written at all. When the provider says its pending list is complete, a PENDING row it no
 * longer shows is marked CANCELLED (EXPIRED when older than PENDING_EXPIRY_DAYS), never deleted.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import { vanishedPendingIsCovered } from '../domain/pending-settlement'; // [simplefin hook]
import type { PreparedFetch, PreparedTransaction } from './provider-data';
import { settleByMatch, type SettlementStatements } from './pending-match'; // [simplefin hook]

export const PENDING_EXPIRY_DAYS = 30;
const DAY = 86_400;

type Stmt = Statement<unknown[]>;

export class TransactionStore {
  private readonly upsert: Stmt;
  private readonly maxId: Stmt;
  private readonly countNewer: Stmt;
  private readonly pendingRows: Stmt;
  private readonly endPending: Stmt;
  private readonly history: Stmt;
  private readonly settlement: SettlementStatements; // [simplefin hook]

  constructor(db: Db) {
    this.settlement = settleByMatch.statements(db); // [simplefin hook]
    this.upsert = db.prepare(
      `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, booking_date, value_date,
         import_date, last_update_date, label, notes, remittance_information, source_label, type, category_id, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, provider_key) DO UPDATE SET
         amount = excluded.amount, currency = excluded.currency, date = excluded.date,
         booking_date = excluded.booking_date, value_date = excluded.value_date, label = excluded.label,
         notes = excluded.notes, remittance_information = excluded.remittance_information,
         source_label = excluded.source_label, type = excluded.type, status = excluded.status,
         last_update_date = excluded.last_update_date
       WHERE transactions.status IS NOT excluded.status OR transactions.amount IS NOT excluded.amount
          OR transactions.date IS NOT excluded.date OR transactions.booking_date IS NOT excluded.booking_date
          OR transactions.value_date IS NOT excluded.value_date OR transactions.label IS NOT excluded.label
          OR transactions.notes IS NOT excluded.notes OR transactions.currency IS NOT excluded.currency
          OR transactions.source_label IS NOT excluded.source_label
          OR transactions.remittance_information IS NOT excluded.remittance_information
          OR transactions.type IS NOT excluded.type`,
    );
    this.maxId = db.prepare('SELECT max(id) FROM transactions').pluck();
    this.countNewer = db.prepare('SELECT count(*) FROM transactions WHERE id > ? AND account_id = ?').pluck();
    this.pendingRows = db.prepare(
      "SELECT id, provider_key, date FROM transactions WHERE user_id = ? AND status = 'PENDING' AND account_id = ?",
    );
    this.endPending = db.prepare('UPDATE transactions SET status = ?, last_update_date = ? WHERE id = ?');
    this.history = db.prepare(
      'INSERT INTO balance_history (account_id, date, balance) VALUES (?, ?, ?) ON CONFLICT (account_id, date) DO UPDATE SET balance = excluded.balance',
    );
  }

  /**
   * Upserts an account's fetched rows; inside a transaction. `importDate` is the run's time. New rows are
   * counted by id (a new row always gets an id above the table's largest), which needs no secondary index.
   */
  upsertRows(
    account: { id: number; userId: number },
    rows: readonly PreparedTransaction[],
    importDate: number,
  ): { inserted: number; updated: number } {
    const { id, userId } = account;
    const before = (this.maxId.get() as number | null) ?? 0;
    let changes = 0;
    const upsert = this.upsert;
    for (let i = 0; i < rows.length; i++) {
      const t = rows[i];
      changes += upsert.run(
        id,
        userId,
        t.key,
        t.amount,
        t.currency,
        t.date,
        t.booking_date,
        t.value_date,
        importDate,
        importDate,
        t.label,
        t.notes,
        t.remittance,
        t.source,
        t.type,
        t.category,
        t.status,
      ).changes;
    }
    const inserted = this.countNewer.get(before, id) as number;
    return { inserted, updated: changes - inserted };
  }

  /**
   * [simplefin hook] upsertRows of one account's fetch, after settling pending rows in place when the
   * provider gives a posted row a new key (PreparedFetch.settlesByMatch; rule in domain/pending-settlement.ts).
   */
  upsertFetched(
    account: { id: number; userId: number },
    fetched: Pick<PreparedFetch, 'transactions' | 'settlesByMatch'>,
    importDate: number,
  ): { inserted: number; updated: number } {
    const rows = fetched.settlesByMatch
      ? settleByMatch.apply(this.settlement, account, fetched.transactions, importDate)
      : fetched.transactions;
    return this.upsertRows(account, rows, importDate);
  }

  /** After upsertRows (and with the indexes in place): what the rows change beyond themselves. */
  settle(
    account: { id: number; userId: number },
    fetched: {
      transactions: readonly PreparedTransaction[];
      pendingComplete: boolean;
      balanceMinor: number;
      balanceDate: number;
      pendingCoveredFrom?: number;
    },
    now: number,
  ): { cancelled: number; expired: number } {
    const result = { cancelled: 0, expired: 0 };
    if (fetched.pendingComplete) this.endVanishedPending(account, fetched.transactions, now, result, fetched.pendingCoveredFrom);
    this.writeBalanceHistory(account.id, fetched.balanceMinor, fetched.balanceDate, fetched.transactions);
    return result;
  }

  private endVanishedPending(
    account: { id: number; userId: number },
    rows: readonly PreparedTransaction[],
    now: number,
    result: { cancelled: number; expired: number },
    coveredFrom?: number,
  ): void {
    const pending = this.pendingRows.all(account.userId, account.id) as Array<{
      id: number;
      provider_key: string;
      date: number;
    }>;
    if (pending.length === 0) return;
    const shown = new Set<string>();
    for (const t of rows) shown.add(t.key);
    for (const p of pending) {
      if (shown.has(p.provider_key)) continue;
      if (!vanishedPendingIsCovered(p.date, coveredFrom)) continue; // [simplefin hook]
      const expired = p.date < now - PENDING_EXPIRY_DAYS * DAY;
      this.endPending.run(expired ? 'EXPIRED' : 'CANCELLED', now, p.id);
      if (expired) result.expired++;
      else result.cancelled++;
    }
  }

  /**
   * End-of-day booked balances (`balance_history`, date = the day's 00:00 UTC) for the days the fetched rows
   * cover, worked back from the balance at `balanceDate`: the balance at the end of day D is the current
   * balance minus every booked amount dated after D.
   */
  private writeBalanceHistory(
    accountId: number,
    balanceMinor: number,
    balanceDate: number,
    rows: readonly PreparedTransaction[],
  ): void {
    const lastDay = Math.floor(balanceDate / DAY);
    const byDay = new Map<number, number>();
    let firstDay = lastDay;
    for (const t of rows) {
      if (t.status !== 'BOOKED') continue;
      const day = Math.floor(t.date / DAY);
      if (day > lastDay) continue;
      if (day < firstDay) firstDay = day;
      byDay.set(day, (byDay.get(day) ?? 0) + t.amount);
    }
    let balance = balanceMinor;
    for (let day = lastDay; day >= firstDay; day--) {
      this.history.run(accountId, day * DAY, balance);
      balance -= byDay.get(day) ?? 0;
    }
  }
}
