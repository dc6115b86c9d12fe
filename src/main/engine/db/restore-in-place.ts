import type { Db } from './database';

/** Why a backup file cannot be restored (damaged, not a database, from a newer schema). */
export class UnreadableBackup extends Error {}

const ALIAS = 'coffer_restore_source';

/**
 * Replaces every row of the live database by the rows of a backup file, in one transaction on the live
 * connection. The connection (and every other one on the same file, such as the results writer thread's)
 * stays open and simply sees the restored data after the commit, so no part of the engine holds a closed
 * handle. The backup is attached by SQLite itself, read with `key` (the database's: every backup is encrypted
 * with it); a backup encrypted by another connection than the live one (an earlier version's clear backup
 * encrypted at start) has its own salt, so the key is given to ATTACH and not left to the live connection's.
 *
 * Before anything is written the file is checked (quick_check) and its schema version compared: a damaged
 * file, or one whose schema version differs from the live one, throws UnreadableBackup and the live data is as
 * it was (an older backup must be brought up to date first: the caller migrates a copy). Foreign keys are
 * switched off around the copy (a table is emptied before the ones it points to are filled) and checked
 * before the commit.
 */
export function restoreInPlace(db: Db, backupFile: string, key?: Uint8Array): void {
  attach(db, backupFile, key);
  try {
    checkAttached(db);
    db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => copyAllTables(db)).immediate();
    } finally {
      db.pragma('foreign_keys = ON');
    }
  } finally {
    db.exec(`DETACH DATABASE ${ALIAS}`);
  }
}

/** The schema version written in a backup file (throws UnreadableBackup when it is not a readable database). */
export function backupSchemaVersion(db: Db, backupFile: string, key?: Uint8Array): number {
  attach(db, backupFile, key);
  try {
    return checkAttached(db);
  } finally {
    db.exec(`DETACH DATABASE ${ALIAS}`);
  }
}

function attach(db: Db, backupFile: string, key?: Uint8Array): void {
  if (key) db.prepare(`ATTACH DATABASE ? AS ${ALIAS} KEY ?`).run(backupFile, Buffer.from(key));
  else db.prepare(`ATTACH DATABASE ? AS ${ALIAS}`).run(backupFile);
}

function checkAttached(db: Db): number {
  let version: number;
  try {
    const check = db.pragma(`${ALIAS}.quick_check`, { simple: true });
    if (check !== 'ok') throw new UnreadableBackup(`the integrity check found: ${String(check)}`);
    version = db.pragma(`${ALIAS}.user_version`, { simple: true }) as number;
  } catch (err) {
    if (err instanceof UnreadableBackup) throw err;
    throw new UnreadableBackup((err as Error).message);
  }
  if (version === 0) throw new UnreadableBackup('it holds no Coffer data');
  const live = db.pragma('user_version', { simple: true }) as number;
  if (version !== live) throw new UnreadableBackup(`its data format (${version}) differs from this Coffer's (${live})`);
  return version;
}

function copyAllTables(db: Db): void {
  const tables = db
    .prepare(
      "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  for (const table of tables) copyTable(db, table);
  const hasSequence = db.prepare("SELECT 1 FROM main.sqlite_master WHERE name = 'sqlite_sequence'").get();
  if (hasSequence) {
    db.exec('DELETE FROM main.sqlite_sequence');
    db.exec(`INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM ${ALIAS}.sqlite_sequence`);
  }
  const broken = db.pragma('foreign_key_check') as unknown[];
  if (broken.length) throw new UnreadableBackup(`its rows do not hold together (${broken.length} broken links)`);
}

/** Rows copied by one statement: each statement's rollback journal (kept in memory) stays small. */
const SLICE = 20_000;

/**
 * One table's rows replaced by the backup's. Its indexes are dropped first and made again afterwards: one
 * sorted build per index is several times faster than keeping them up to date row by row. A table with a
 * rowid is copied in slices of rowids.
 */
function copyTable(db: Db, table: string): void {
  const t = quote(table);
  const list = (db.pragma(`main.table_info(${t})`) as Array<{ name: string }>).map((c) => quote(c.name)).join(', ');
  const indexes = db
    .prepare("SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(table) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`DROP INDEX main.${quote(index.name)}`);
  db.exec(`DELETE FROM main.${t}`);
  const insert = `INSERT INTO main.${t} (${list}) SELECT ${list} FROM ${ALIAS}.${t}`;
  if (hasRowid(db, table)) {
    const bound = db
      .prepare(`SELECT max(rowid) FROM (SELECT rowid FROM ${ALIAS}.${t} WHERE rowid > ? ORDER BY rowid LIMIT ${SLICE})`)
      .pluck();
    const slice = db.prepare(`${insert} WHERE rowid > ? AND rowid <= ?`);
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      const upTo = bound.get(after) as number | null;
      if (upTo === null) break;
      slice.run(after, upTo);
      after = upTo;
    }
  } else {
    db.exec(insert);
  }
  for (const index of indexes) db.exec(index.sql);
}

function hasRowid(db: Db, table: string): boolean {
  const sql = db.prepare("SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string;
  return !/WITHOUT\s+ROWID/i.test(sql);
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
