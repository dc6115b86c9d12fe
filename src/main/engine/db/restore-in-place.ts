import Database from 'better-sqlite3';
import type { Db } from './database';

/** Why a backup file cannot be restored (damaged, not a database, from a newer schema). */
export class UnreadableBackup extends Error {}

const ALIAS = 'coffer_restore_source';
const RESTORE_STEP_PAGES = 4096;

/**
 * Replaces the live database's content by a backup file's, page by page, with SQLite's backup API run from a
 * connection on the backup file into the live file. The destination's pages are written in one write
 * transaction: until it commits, every other connection (the engine's main one, the results writer thread's)
 * keeps reading the data as it was; after it, they all read the restored data on their next statement. No
 * connection is closed, so no part of the engine holds a dead handle; SQLite keeps the live file in WAL mode.
 *
 * Before anything is written the file is checked (quick_check) and its schema version compared: a damaged
 * file, or one whose schema version differs from the live one, throws UnreadableBackup and the live data is as
 * it was (an older backup must be brought up to date first: the caller migrates a copy).
 */
export async function restoreInPlace(db: Db, backupFile: string, options: { nativeBinding?: string } = {}): Promise<void> {
  backupSchemaVersion(db, backupFile);
  const source = new Database(backupFile, {
    readonly: true,
    fileMustExist: true,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
  });
  try {
    // 4,096 pages (16 MB) a step: few steps, each short enough for the server to answer between them.
    await source.backup(db.name, { progress: () => RESTORE_STEP_PAGES });
  } finally {
    source.close();
  }
}

/** The schema version written in a backup file (throws UnreadableBackup when it is not a readable database). */
export function backupSchemaVersion(db: Db, backupFile: string): number {
  db.prepare(`ATTACH DATABASE ? AS ${ALIAS}`).run(backupFile);
  try {
    return checkAttached(db);
  } finally {
    db.exec(`DETACH DATABASE ${ALIAS}`);
  }
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
