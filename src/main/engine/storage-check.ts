import { WrongDatabaseKey } from './db/database';
import { checkDatabaseFile, type DatabaseFileState } from './db/integrity-check';
import { previousInstallationEvidence } from './db/install-marker';
import { damagedDatabaseSentence, missingDatabaseSentence, storageProblemOf } from './domain/storage-errors';

/** Why the engine does not open its database at start, or null when it may. */
export type StartRefusal =
  /** `unreadableWithKey`: not even the first page opens with the key (damaged, or encrypted with another key). */
  | { code: 'database_damaged'; file: string; detail: string; unreadableWithKey?: boolean }
  | { code: 'database_missing'; file: string; evidence: string[] };

/**
 * Runs before the database is opened for good: a damaged file is not opened (db/integrity-check.ts), and a
 * missing or empty database in a folder that shows an earlier installation is not silently replaced by a
 * new, empty one (db/install-marker.ts) unless the person asked to start fresh (`startFresh`,
 * COFFER_START_FRESH=1). An encrypted database is checked with its `key`.
 */
export function checkAtStart(
  dataDir: string,
  file: string,
  options: { nativeBinding?: string; key?: Uint8Array; startFresh: boolean },
): StartRefusal | null {
  let found: DatabaseFileState;
  try {
    found = fileState(file, options);
  } catch (err) {
    // With an authenticated cipher, a first page that does not decrypt is either damaged or another key's:
    // the two cannot be told apart from the file, and neither may be opened.
    if (err instanceof WrongDatabaseKey) return { code: 'database_damaged', file, detail: err.message, unreadableWithKey: true };
    throw err;
  }
  if (found.state === 'damaged') return { code: 'database_damaged', file, detail: found.detail };
  if (found.state === 'fresh' && !options.startFresh) {
    const evidence = previousInstallationEvidence(dataDir);
    if (evidence.length > 0) return { code: 'database_missing', file, evidence };
  }
  return null;
}

/** A file SQLite cannot read as a database is damaged; any other failure (permissions…) stays what it is. */
function fileState(file: string, options: { nativeBinding?: string; key?: Uint8Array }): DatabaseFileState {
  try {
    return checkDatabaseFile(file, { nativeBinding: options.nativeBinding, key: options.key });
  } catch (err) {
    if (storageProblemOf(err) === 'database_damaged') return { state: 'damaged', detail: (err as Error).message };
    throw err;
  }
}

/** Thrown by startEngine when the database must not be opened (engine-refusal.ts serves the refusal). */
export class StorageRefused extends Error {
  constructor(readonly refusal: StartRefusal) {
    super(
      refusal.code === 'database_damaged'
        ? damagedDatabaseSentence(refusal.file, refusal.unreadableWithKey)
        : missingDatabaseSentence(refusal.file, refusal.evidence),
    );
  }
}
