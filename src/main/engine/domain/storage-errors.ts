/**
 * Failures of the disk or of the database file itself, told apart from the engine's own bugs and from a
 * bank's failures: a full disk and a damaged database are the person's to fix (free space, restore a
 * backup), so they are named as what they are instead of "failed unexpectedly". Pure: reads only the
 * error's `code` (SQLite's extended result code from better-sqlite3, or Node's errno code).
 */

export type StorageProblem = 'disk_full' | 'database_damaged';

/**
 * SQLite answers SQLITE_FULL when the disk (or the file-size limit) is full, and SQLITE_IOERR_* when a write
 * or fsync fails, most often for the same reason; Node answers ENOSPC, EDQUOT (quota) or EFBIG (file-size
 * limit). All ask the person for space, then a retry.
 */
const DISK_FULL = /^(SQLITE_FULL|SQLITE_IOERR(_\w+)?|ENOSPC|EDQUOT|EFBIG)$/;

/** SQLITE_CORRUPT (damaged pages) and SQLITE_NOTADB (a file that is not, or no longer, a database). */
const DAMAGED = /^(SQLITE_CORRUPT(_\w+)?|SQLITE_NOTADB)$/;

/** The storage problem behind an error, or null when it is not one (the error then stays what it is). */
export function storageProblemOf(err: unknown): StorageProblem | null {
  const code = errorCode(err);
  if (code === null) return null;
  if (DAMAGED.test(code)) return 'database_damaged';
  if (DISK_FULL.test(code)) return 'disk_full';
  return null;
}

function errorCode(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/** What a person reads when a write could not be made for want of space; nothing was written. */
export const DISK_FULL_SENTENCE =
  'the disk is full, so nothing was saved: free some space on the disk that holds the Coffer data folder, then try again (or synchronize again)';

/**
 * What a synchronization that failed for one of these keeps as its error (the connection's status shows
 * it): the bank is not at fault, and what to do is the person's.
 */
export function storageProblemText(problem: StorageProblem): string {
  return problem === 'disk_full'
    ? 'the disk is full, so the synchronization could not save what the bank sent (nothing was lost): free some space, then synchronize again'
    : 'the Coffer database is damaged, so the synchronization could not save what the bank sent: restore a backup from Settings → Backups';
}

/** What a person reads when the database file is damaged: which file, and the ways back. */
export function damagedDatabaseSentence(file: string, unreadableWithKey = false): string {
  const what = unreadableWithKey
    ? `the database ${file} is damaged, or the key in this computer's keychain does not open it (it was encrypted with another key)`
    : `the database ${file} is damaged`;
  return (
    `${what}, so Coffer does not open it (nothing was changed in it). ` +
    'Restore a backup from Settings → Backups, or quit Coffer and move the file away ' +
    '(to keep it for recovery) to start again from your banks'
  );
}

/**
 * What a person reads when the data folder shows an earlier installation but its database is missing or
 * empty (a copy taken while Coffer ran, a file moved away): starting a fresh one would hide the loss.
 */
export function missingDatabaseSentence(file: string, evidence: readonly string[]): string {
  return (
    `the database ${file} is missing or empty, but this data folder was used before (found: ${evidence.join(', ')}), ` +
    'so Coffer did not start a new, empty installation over it. Put the database file back (or restore a backup), ' +
    'or start fresh on purpose with COFFER_START_FRESH=1 (the folder then becomes a new installation)'
  );
}
