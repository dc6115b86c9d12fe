import { copyFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeBackupAtomically } from '../../db/backup-copy';
import type { Db } from '../../db/database';
import { backupSchemaVersion, restoreInPlace, UnreadableBackup } from '../../db/restore-in-place';
import { automaticBackupDue, backupsToPrune, type BackupReason } from '../../domain/backup-retention';
import { Conflict, DiskFull, InvalidInput, NotFound } from '../../domain/errors';
import type { Settings } from '../../settings';
import {
  backupFile,
  ensureBackupFolder,
  isBackupId,
  listBackups,
  newBackupId,
  parseStamp,
  removePartialBackups,
  type BackupRecord,
} from './backup-folder';

export type { BackupRecord } from './backup-folder';

export interface BackupDeps {
  db: Db;
  /** The database's key: every backup is encrypted with it (absent only for a clear database in unit tests). */
  key?: Uint8Array;
  settings: Settings;
  dataDir: string;
  /** The SQLite driver's native addon for this runtime (the desktop app's differs from Node's). */
  nativeBinding?: string;
  now: () => number;
  /** Stops every running synchronization and waits until no write is in hand (the results writer thread's too). */
  quiesce(): Promise<void>;
  /**
   * Brings a copy of an older backup to this version's schema (opens it with `key`, the database's unless
   * given, runs the migrations, closes it).
   */
  migrateCopy(file: string, key?: Uint8Array): void;
  /** Forgets what the engine kept in memory from the data a restore replaced. */
  afterRestore(): void;
}

/** The rolling backups: on demand, automatic while data changes, before a restore; and the restore itself. */
export function createBackupService(deps: BackupDeps) {
  const folder = () => deps.settings.get('backup_folder') || join(deps.dataDir, 'backups');
  /** The restore under way, if any: requests that write wait for it (they would meet its write lock). */
  let restoring: Promise<unknown> | null = null;

  function create(reason: BackupReason): BackupRecord {
    const dir = folder();
    ensureBackupFolder(dir);
    const id = newBackupId(reason, deps.now());
    const file = backupFile(dir, id);
    try {
      writeBackupAtomically(deps.db, file);
    } catch (err) {
      if (isDiskFull(err)) {
        throw new DiskFull(
          `the disk is full: the backup was not made (no partial file is left) and your data is as it was; free some space in ${dir} and try again`,
        );
      }
      throw err;
    }
    return { id, creation_date: parseStamp(id.slice(0, 16)), size: statSync(file).size, reason };
  }

  function find(id: string): string {
    const file = isBackupId(id) ? backupFile(folder(), id) : null;
    if (!file || !listBackups(folder()).some((b) => b.id === id)) throw NotFound.of('backup', id);
    return file;
  }

  return {
    folder,
    list: (): BackupRecord[] => listBackups(folder()),
    create,
    delete(id: string): void {
      rmSync(find(id));
    },
    /** Removes files a cut-short backup left behind (called at start). */
    cleanUp(): void {
      removePartialBackups(folder());
    },
    /** Makes an automatic backup when one is due, then drops the automatic ones the schedule no longer keeps. */
    automatic(): BackupRecord | null {
      const now = deps.now();
      const backups = listBackups(folder());
      const newest = backups[0];
      const changed = newest ? lastDataChange(deps.dataDir) > fileTime(backupFile(folder(), newest.id)) : true;
      const due = automaticBackupDue(newest?.creation_date ?? null, changed, now);
      const made = due ? create('AUTOMATIC') : null;
      for (const old of backupsToPrune(listBackups(folder()), now)) rmSync(backupFile(folder(), old), { force: true });
      return made;
    },
    /** Resolves once no restore is under way. */
    async idle(): Promise<void> {
      while (restoring) await restoring.catch(() => undefined);
    },
    /**
     * Restores a backup; `key` is the one it was encrypted with when another installation made it (typed
     * back from that installation's recovery code), else this database's.
     */
    async restore(id: string, key?: Uint8Array): Promise<BackupRecord> {
      if (restoring) throw new Conflict('a restore is already under way; wait for it to end');
      const run = restoreNow(id, key);
      restoring = run;
      try {
        return await run;
      } finally {
        restoring = null;
      }
    },
  };

  /**
   * Replaces the data by a backup's: the file is checked first (a damaged one changes nothing), then the
   * synchronizations are stopped, a BEFORE_RESTORE backup is made, and the pages are replaced in one transaction.
   */
  async function restoreNow(id: string, foreignKey?: Uint8Array): Promise<BackupRecord> {
    const file = find(id);
    const record = listBackups(folder()).find((b) => b.id === id)!;
    const key = foreignKey ?? deps.key;
    const source = readableSource(deps, file, id, foreignKey);
    try {
      await deps.quiesce();
      create('BEFORE_RESTORE');
      restoreInPlace(deps.db, source, key);
    } catch (err) {
      if (err instanceof UnreadableBackup) throw damaged(id, err, foreignKey !== undefined);
      throw err;
    } finally {
      if (source !== file) rmSync(source, { force: true });
    }
    deps.afterRestore();
    return record;
  }
}

export type BackupService = ReturnType<typeof createBackupService>;

/** The file to restore from: the backup itself, or a migrated copy when it comes from an older schema. */
function readableSource(deps: BackupDeps, file: string, id: string, foreignKey?: Uint8Array): string {
  const key = foreignKey ?? deps.key;
  const withCode = foreignKey !== undefined;
  let version: number;
  try {
    version = backupSchemaVersion(deps.db, file, key);
  } catch (err) {
    if (!(err instanceof UnreadableBackup) || !/differs/.test(err.message)) throw damaged(id, err as Error, withCode);
    version = -1;
  }
  if (version !== -1) return file;
  const copy = join(deps.dataDir, `restore-${id}.tmp.db`);
  try {
    copyFileSync(file, copy);
    deps.migrateCopy(copy, key);
    backupSchemaVersion(deps.db, copy, key);
    return copy;
  } catch (err) {
    rmSync(copy, { force: true });
    throw damaged(id, err as Error, withCode);
  }
}

/** A backup that cannot be read: with another installation's recovery code, the code may be the cause. */
function damaged(id: string, err: Error, withCode: boolean): InvalidInput {
  if (withCode) {
    return new InvalidInput(
      `the backup ${id} cannot be restored with this recovery code: the code does not open it, or the file is damaged (${err.message}); nothing was restored and your data is as it was; check the code, or choose another backup`,
      id,
    );
  }
  return new InvalidInput(
    `the backup ${id} cannot be restored: the file is damaged or is not a Coffer backup, or another Coffer installation made it (then give that installation's recovery key) (${err.message}); nothing was restored and your data is as it was; choose another backup`,
    id,
  );
}

function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return (
    code === 'SQLITE_FULL' || code === 'ENOSPC' || /database or disk is full/i.test(String((err as Error)?.message))
  );
}

/**
 * When the data last changed (the file system's clock, milliseconds): the newer of the database file and its
 * write-ahead log. Compared with the newest backup file's own time, so both come from the same clock.
 */
function lastDataChange(dataDir: string): number {
  return Math.max(fileTime(join(dataDir, 'coffer.db')), fileTime(join(dataDir, 'coffer.db-wal')));
}

function fileTime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Before an upgrade's migrations change an existing database: a BEFORE_UPGRADE backup in the data folder's
 * backups/ (the chosen folder is a setting inside the database, not read before it is brought up to date).
 */
export function backupBeforeUpgrade(db: Db, dataDir: string, now: number): void {
  const dir = join(dataDir, 'backups');
  ensureBackupFolder(dir);
  writeBackupAtomically(db, backupFile(dir, newBackupId('BEFORE_UPGRADE', now)));
}

/** Checks every few minutes whether an automatic backup is due; returns how to stop. */
export function startAutomaticBackups(
  backups: BackupService,
  isOpen: () => boolean,
  onError: (err: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    if (!isOpen()) return;
    try {
      backups.automatic();
    } catch (err) {
      onError(err);
    }
  }, AUTOMATIC_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** How often the automatic schedule is looked at (a backup is made at most once an hour). */
const AUTOMATIC_CHECK_MS = 5 * 60 * 1000;
