/**
 * Encrypts a clear database (one written by a Coffer before encryption at rest) in place, so that a kill at
 * any moment loses nothing: the clear file stays whole and in use until an encrypted copy of it is complete
 * on disk, and the copy then replaces it by a rename (atomic on one file system).
 *
 *   1. the clear database is copied, WAL included, by VACUUM INTO to `coffer.db.encrypting` (a clear copy of
 *      data that is still clear in coffer.db), and closed: closing the last connection checkpoints its WAL
 *      into the file and deletes it;
 *   2. that copy is encrypted (rekey, in rollback-journal mode where rekey is allowed) and flushed to disk;
 *   3. it is renamed `coffer.db.encrypted`: from here on the encrypted copy is complete, and its name is the
 *      mark that says so to a restart;
 *   4. it is renamed over `coffer.db` and the folder is flushed.
 *
 * A restart finds at most one of the two copies. `.encrypting` is unfinished: it is deleted and the work
 * starts again from the clear database, which was never changed. `.encrypted` is complete: step 4 is done
 * again, unless the clear database was written to after the copy (its WAL holds frames), in which case the
 * copy is stale and the work starts again.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

const SQLITE_HEADER = 'SQLite format 3\0';

/** What the database file is: none yet (or empty), clear (an earlier Coffer's) or encrypted. */
export type DatabaseFileState = 'new' | 'clear' | 'encrypted';

export function databaseFileState(file: string): DatabaseFileState {
  if (!existsSync(file) || statSync(file).size === 0) return 'new';
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  return header.toString('latin1') === SQLITE_HEADER ? 'clear' : 'encrypted';
}

export interface NativeOptions {
  nativeBinding?: string;
  /** Leave the encrypted file in rollback-journal mode (a backup file, which nothing writes), not in WAL mode. */
  rollbackJournal?: boolean;
}

const inProgress = (file: string) => `${file}.encrypting`;
const complete = (file: string) => `${file}.encrypted`;

/**
 * Finishes or undoes an encryption a kill interrupted (see above); does nothing when none was under way.
 * Run before the database file's state is read.
 */
export function finishInterruptedEncryption(file: string): void {
  removeWithJournal(inProgress(file));
  if (!existsSync(complete(file))) return;
  const wal = `${file}-wal`;
  const walHasFrames = existsSync(wal) && statSync(wal).size > 0;
  if (databaseFileState(file) === 'clear' && walHasFrames) {
    removeWithJournal(complete(file));
    return;
  }
  replaceWithEncrypted(file);
}

/** Encrypts the clear database `file` with `key` (steps 1–4 above). */
export function encryptInPlace(file: string, key: Uint8Array, native: NativeOptions = {}): void {
  const copy = inProgress(file);
  removeWithJournal(copy);
  const clear = new Database(file, native.nativeBinding ? { nativeBinding: native.nativeBinding } : {});
  try {
    clear.prepare('VACUUM INTO ?').run(copy);
  } finally {
    clear.close();
  }
  // Only its owner may read the database (the data folder's rule); SQLite created the copy with the umask's mode.
  if (process.platform !== 'win32') chmodSync(copy, 0o600);
  const target = new Database(copy, native.nativeBinding ? { nativeBinding: native.nativeBinding } : {});
  try {
    target.pragma('journal_mode = DELETE');
    target.pragma(`cipher = 'chacha20'`);
    target.pragma(`hexrekey = '${Buffer.from(key).toString('hex')}'`);
    // Put in WAL mode here, on the copy, so that the engine's first open of the renamed file has no journal
    // mode to switch (a switch writes the header through a rollback journal: one more state a kill could leave).
    if (!native.rollbackJournal) target.pragma('journal_mode = WAL');
  } finally {
    target.close();
  }
  flush(copy);
  renameSync(copy, complete(file));
  flush(dirname(file));
  replaceWithEncrypted(file);
}

/** Step 4: the complete encrypted copy takes the database's name; the clear WAL and SHM go with the clear file. */
function replaceWithEncrypted(file: string): void {
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
  renameSync(complete(file), file);
  flush(dirname(file));
}

function removeWithJournal(file: string): void {
  rmSync(file, { force: true });
  rmSync(`${file}-journal`, { force: true });
}

/** Flushes a file or a folder (the folder holds the names a rename changed) to the disk. */
function flush(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some systems refuse fsync on a folder (Windows): the rename is still atomic there.
  } finally {
    closeSync(fd);
  }
}
