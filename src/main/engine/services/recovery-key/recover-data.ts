/**
 * Opening one's data on another computer with the recovery code, while no engine runs on the data folder:
 *
 * - with a backup file (`backupFile`): the backup becomes the folder's database and the key goes into this
 *   computer's keychain. The folder must not hold a database already (nothing is ever replaced here: a
 *   restore over existing data is the app's Restore, which first backs the data up);
 * - without one: the folder's own database (copied from the other computer, whose keychain kept its key) is
 *   opened with the code, and the key goes into this computer's keychain.
 *
 * The code is checked on the file before anything is written: a mistyped code, a code of another
 * installation or a damaged file changes nothing. The key is kept before the database file is put in place,
 * so a process killed in between leaves a folder without a database (and the backup untouched), never a
 * database whose key is nowhere.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from '../../data-dir-lock';
import { copyFileAtomically } from '../../db/backup-copy';
import { WrongDatabaseKey } from '../../db/database';
import { checkDatabaseFile } from '../../db/integrity-check';
import { Conflict, InvalidInput } from '../../domain/errors';
import { keepDatabaseKey } from '../../secrets/database-key';
import type { SecretStore } from '../../secrets/secret-store';
import { keyOfCode } from '.';

export interface RecoverRequest {
  dataDir: string;
  /** The recovery code as the person typed it. */
  code: string;
  /** The backup to make this folder's data; absent: the folder's own database. */
  backupFile?: string;
  /** The keychain (the OS keychain unless a test gives another). */
  keychain?: SecretStore;
  nativeBinding?: string;
}

export type RecoverOutcome = 'backup_restored' | 'key_kept';

export function recoverData(request: RecoverRequest): RecoverOutcome {
  const key = keyOfCode(request.code);
  const database = join(request.dataDir, 'coffer.db');
  // A new computer may not have the data folder yet (owner-only, as the engine makes it).
  mkdirSync(request.dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(request.dataDir);
  try {
    if (request.backupFile === undefined) {
      checkOpens(database, key, request.nativeBinding, 'the database of this data folder');
      keepDatabaseKey(request.dataDir, key, request.keychain);
      return 'key_kept';
    }
    if (existsSync(database) && statSync(database).size > 0) {
      throw new Conflict(
        `${request.dataDir} already holds a Coffer database, which a recovery would replace: choose an empty data folder, ` +
          'or move that coffer.db away first',
      );
    }
    checkOpens(request.backupFile, key, request.nativeBinding, 'this backup');
    keepDatabaseKey(request.dataDir, key, request.keychain);
    copyFileAtomically(request.backupFile, database);
    return 'backup_restored';
  } finally {
    unlock();
  }
}

/** Reads every page of `file` with the key: throws InvalidInput saying why it cannot be opened. */
function checkOpens(file: string, key: Uint8Array, nativeBinding: string | undefined, what: string): void {
  if (!existsSync(file)) throw new InvalidInput(`there is no file ${file}: check its name and folder`);
  let state: ReturnType<typeof checkDatabaseFile>;
  try {
    state = checkDatabaseFile(file, { key, nativeBinding });
  } catch (err) {
    if (err instanceof WrongDatabaseKey || (err as { code?: string }).code?.startsWith('SQLITE_')) {
      throw new InvalidInput(
        `this recovery code does not open ${what} (${file}): it is the code of another Coffer installation, or the file is ` +
          'not a Coffer backup or is damaged; nothing was changed',
      );
    }
    throw err;
  }
  if (state.state === 'damaged') {
    throw new InvalidInput(`${what} (${file}) is damaged (${state.detail}): choose an earlier backup; nothing was changed`);
  }
  if (state.state === 'fresh') throw new InvalidInput(`${what} (${file}) holds no Coffer data; nothing was changed`);
}
