/**
 * Writes one account's fetched transactions, inside the caller's transaction (see
 * docs/api/synchronization.md#one-transaction): one prepared upsert per row keyed by UNIQUE(account_id, provider_key),
 * so re-reading the same data never duplicates a row; a row that changed (a PENDING one that booked) is updated in
 * place with a new last_update_date; an unchanged row is not written at all. When the provider says its pending list is
 * complete, a PENDING row it no longer shows is marked CANCELLED (EXPIRED when older than PENDING_EXPIRY_DAYS), never
 * deleted — only when the answer covered its date (`pendingCoveredFrom`). A provider that books a pending row under a
 * NEW key (`settlesByMatch`) has its pending rows settled by the rule of domain/pending-settlement.ts first.
 *
 * What the person set is never overwritten: the update of an existing row writes only the bank's columns, never
 * category_id, user_note, tags, category_source or category_rule_id (PUT /transactions/{id}, rules); a settled
 * pending row keeps its id and so all of them.
 */
import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';
import type { ProviderTransactionStatus } from '../connectors/types';
import { vanishedPendingIsCovered } from '../domain/pending-settlement';
import { settlementStatements, settlePendingByMatch, type SettlementStatements } from './pending-settlement-writes';

/** One transaction as stored (amount in minor units). */
export interface PreparedTransaction {
  key: string;
  amount: number;
  currency: string;
  date: number;
  booking_date: number | null;
  value_date: number | null;
  label: string;
  notes: string | null;
  remittance: string | null;
  source: string | null;
  type: string;
  category: string;
  status: ProviderTransactionStatus;
  /** Filed by the person's rule (RULE, with ruleId) or by learning (LEARNED); absent: the automatic categorizer. */
  categorySource?: 'RULE' | 'LEARNED';
  ruleId?: number;
}

/** One account's fetched rows as the writes need them. */
export interface FetchedRows {
  transactions: readonly PreparedTransaction[];
  /** The provider gives a posted row a new key: settle pending rows by match before upserting. */
  settlesByMatch?: boolean;
}

const PENDING_EXPIRY_DAYS = 30;
/** A batch at least this large, and at least BULK_RATIO times the rows already in the table, is bulk loaded. */
export const BULK_LOAD_MIN_ROWS = 20_000;
const BULK_RATIO = 2;
/** Above this many rows, a write streams through a small page cache (see withBoundedPageCache). */
const BULK_CACHE_ROWS = 20_000;
const BULK_CACHE_KIB = 8 * 1024;
const DAY = 86_400;

type Stmt = Statement<unknown[]>;

/** The transaction writes of a synchronization (one instance per engine, statements prepared once). */
export class TransactionStore {
  private readonly upsert: Stmt;
  private readonly maxId: Stmt;
  private readonly countNewer: Stmt;
  private readonly pendingRows: Stmt;
  private readonly endPending: Stmt;
  private readonly history: Stmt;
  private readonly lastImportDate: Statement<[number], number | null>;
  private readonly transactionIndexes: Statement<[], { name: string; sql: string }>;
  private readonly settlement: SettlementStatements;

  constructor(private readonly db: Db) {
    this.settlement = settlementStatements(db);
    this.lastImportDate = db
      .prepare<[number], number | null>('SELECT max(import_date) FROM transactions WHERE account_id = ?')
      .pluck();
    this.transactionIndexes = db.prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL",
    );
    this.upsert = db.prepare(
      `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, booking_date, value_date,
         import_date, last_update_date, label, notes, remittance_information, source_label, type, category_id, status,
         category_source, category_rule_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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

  /** When the account last received transactions (the history it lacks starts there), or null. */
  lastImport(accountId: number): number | null {
    return this.lastImportDate.get(accountId) ?? null;
  }

  /**
   * A large results transaction dirties far more pages than it will read again: with the connection's usual
   * page cache (64 MiB) it would hold them all in memory until the commit. For the time of that one
   * (synchronous) write the cache is bounded, so SQLite spills pages to the WAL as it goes: the same I/O, a
   * much smaller peak memory, no measurable loss of speed. The usual size is restored right after.
   */
  withBoundedPageCache<T>(rows: number, write: () => T): T {
    if (rows < BULK_CACHE_ROWS) return write();
    const usual = this.db.pragma('cache_size', { simple: true }) as number;
    this.db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
    try {
      return write();
    } finally {
      this.db.pragma(`cache_size = ${usual}`);
    }
  }

  /**
   * Bulk loading. When one results transaction brings far more rows than the table holds (a first
   * synchronization of a big account on a young installation), maintaining every secondary index row by row
   * costs more than building them afterwards: the indexes are dropped, the rows written, and the indexes
   * created again from their own definitions (sqlite_master), all inside the same transaction — a crash rolls
   * the indexes back with the rows. The UNIQUE (account_id, provider_key) constraint is not an index that can
   * be dropped, so deduplication holds throughout.
   */
  withBulkLoad<T>(rows: number, load: () => T): T {
    if (rows < BULK_LOAD_MIN_ROWS) return load();
    // max(id) bounds the row count from above, in O(log n).
    const existing = (this.maxId.get() as number | null) ?? 0;
    if (rows < BULK_RATIO * existing) return load();
    const indexes = this.transactionIndexes.all();
    for (const index of indexes) this.db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
    const result = load();
    for (const index of indexes) this.db.exec(index.sql);
    return result;
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
        t.categorySource ?? null,
        t.ruleId ?? null,
      ).changes;
    }
    const inserted = this.countNewer.get(before, id) as number;
    return { inserted, updated: changes - inserted };
  }

  /**
   * upsertRows of one account's fetch, after settling its pending rows in place when the provider gives a
   * posted row a new key (FetchedRows.settlesByMatch).
   */
  upsertFetched(account: { id: number; userId: number }, fetched: FetchedRows, importDate: number): { inserted: number; updated: number } {
    const rows = fetched.settlesByMatch
      ? settlePendingByMatch(this.settlement, account, fetched.transactions, importDate)
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
      /** Only PENDING rows dated from here are judged by a complete answer (older ones lay outside it). */
      pendingCoveredFrom?: number;
    },
    now: number,
  ): { cancelled: number; expired: number } {
    const result = { cancelled: 0, expired: 0 };
    if (fetched.pendingComplete)
      this.endVanishedPending(account, fetched.transactions, now, result, fetched.pendingCoveredFrom);
    this.writeBalanceHistory(account.id, fetched.balanceMinor, fetched.balanceDate, fetched.transactions);
    return result;
  }

  private endVanishedPending(
    account: { id: number; userId: number },
    rows: readonly PreparedTransaction[],
    now: number,
    result: { cancelled: number; expired: number },
    coveredFrom: number | undefined,
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
      if (!vanishedPendingIsCovered(p.date, coveredFrom)) continue;
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
