/**
 * Bulk loading of transactions. When one results transaction brings far more rows than the table holds
 * (a first synchronization of a big account on a young installation), maintaining every secondary index
 * row by row costs more than building them afterwards: the indexes are dropped, the rows written, and the
 * indexes created again from their own definitions (sqlite_master), all inside the same transaction — a
 * crash rolls the indexes back with the rows. The UNIQUE (account_id, provider_key) constraint is not an
 * index that can be dropped, so deduplication holds throughout.
 */
import type { Db } from '../db/database';

/** A batch at least this large, and at least RATIO times the rows already in the table, is bulk loaded. */
export const BULK_LOAD_MIN_ROWS = 20_000;
const RATIO = 2;

export function withBulkLoad<T>(db: Db, rows: number, load: () => T): T {
  if (rows < BULK_LOAD_MIN_ROWS) return load();
  // max(id) bounds the row count from above, in O(log n).
  const existing = (db.prepare('SELECT max(id) FROM transactions').pluck().get() as number | null) ?? 0;
  if (rows < RATIO * existing) return load();
  const indexes = db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL",
    )
    .all();
  for (const index of indexes) db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
  const result = load();
  for (const index of indexes) db.exec(index.sql);
  return result;
}
