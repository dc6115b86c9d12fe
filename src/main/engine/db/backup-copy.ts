import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Db } from './database';

/**
 * The one place a backup's bytes are made: SQLite copies the live database itself (VACUUM INTO), so the copy
 * is consistent while the engine runs (the WAL's committed pages included, no half-written transaction) and,
 * on an encrypted connection, is written by the same cipher with the same key. Nothing else here knows the
 * driver.
 */
export function copyLiveDatabase(db: Db, targetFile: string): void {
  db.prepare('VACUUM INTO ?').run(targetFile);
}

/** Suffix of a backup being written; such a file is never listed and is removed at the next start. */
export const PARTIAL_SUFFIX = '.partial';

/**
 * Writes a backup so that `targetFile` is either absent or whole: the copy goes to a temporary file beside it,
 * is flushed to the disk, then renamed (an atomic step on one file system), and the folder is flushed so the
 * new name survives a power cut. On any failure (a full disk…) the temporary file is removed and the error
 * thrown: no half file is left and the live database is untouched (VACUUM INTO only reads it).
 */
export function writeBackupAtomically(db: Db, targetFile: string): void {
  const temp = `${targetFile}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
  try {
    // Made empty first with owner-only rights: VACUUM INTO accepts an empty file and keeps its mode.
    closeSync(openSync(temp, 'wx', 0o600));
    copyLiveDatabase(db, temp);
    flushFile(temp);
    renameSync(temp, targetFile);
    flushFolder(dirname(targetFile));
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * Copies a file (a backup becoming a data folder's database) so that `targetFile` is either absent or whole:
 * the same temporary name, flush and rename as a backup's.
 */
export function copyFileAtomically(sourceFile: string, targetFile: string): void {
  const temp = `${targetFile}.${randomBytes(4).toString('hex')}${PARTIAL_SUFFIX}`;
  try {
    copyFileSync(sourceFile, temp);
    flushFile(temp);
    renameSync(temp, targetFile);
    flushFolder(dirname(targetFile));
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

function flushFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function flushFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems (synced folders, Windows) cannot flush a folder; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
