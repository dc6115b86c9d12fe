import Database from 'better-sqlite3-multiple-ciphers';
import { existsSync, statSync } from 'node:fs';
import { applyDatabaseKey } from './database';

/** What the database file looks like before the engine opens it for good. */
export type DatabaseFileState =
  /** No file, an empty file, or a database with no schema yet: what a first start sees. */
  | { state: 'fresh' }
  | { state: 'sound' }
  /** Damaged pages, a truncated file or not a database at all: `detail` is SQLite's own first finding. */
  | { state: 'damaged'; detail: string };

/**
 * Checks the database file before the engine opens it: a damaged file must not be opened for writing,
 * where SQLite would answer some reads, fail others and keep taking writes on top of the damage.
 *
 * `PRAGMA quick_check(1)` reads every page and checks each b-tree's structure, without matching the indexes
 * to their tables (what the full `integrity_check` adds, and what makes it several times slower); it stops
 * at the first problem. Its time grows with the file: 1.2 to 2.0 s for a database of one million transactions
 * (518 MB) on this project's 2-core test machine, file in the page cache (docs/architecture.md "Damaged
 * databases"). A file that SQLite cannot even read as
 * a database (truncated header, another file's bytes) fails at the first statement with SQLite's own error
 * (SQLITE_NOTADB, SQLITE_CORRUPT), thrown to the caller, which tells it from other failures
 * (storage-check.ts).
 *
 * An encrypted database is checked with its `key` (every page is read, so every page is decrypted and its
 * tag checked); a key that cannot read even the first page throws WrongDatabaseKey (database.ts).
 */
export function checkDatabaseFile(file: string, options: { nativeBinding?: string; key?: Uint8Array } = {}): DatabaseFileState {
  const { nativeBinding, key } = options;
  if (!existsSync(file) || statSync(file).size === 0) return { state: 'fresh' };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    if (key) applyDatabaseKey(db, key);
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number };
    if (tables.n === 0) return { state: 'fresh' };
    const rows = db.pragma('quick_check(1)') as Array<{ quick_check: string }>;
    const first = rows[0]?.quick_check ?? 'no answer';
    return first === 'ok' ? { state: 'sound' } : { state: 'damaged', detail: first };
  } finally {
    try {
      db?.close();
    } catch {
      // A damaged file may fail to close cleanly too: the finding above is what counts.
    }
  }
}
