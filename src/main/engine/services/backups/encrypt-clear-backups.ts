import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFileState, encryptInPlace, finishInterruptedEncryption } from '../../db/encrypt-in-place';

const BACKUP_NAME = /^coffer-backup-.+\.db$/;

/**
 * Encrypts, with the database's key, the backups a clear (earlier) Coffer left in these folders, so that no
 * copy of the data stays readable on the disk and every backup can still be restored (a restore reads the
 * backup with the live database's key). Each file is encrypted in place like the database itself
 * (db/encrypt-in-place.ts: a kill at any moment leaves the clear backup whole or the encrypted one complete).
 * Returns the names encrypted. A folder that cannot be read (a removed disk) is left for the next start.
 */
export function encryptClearBackups(folders: readonly string[], key: Uint8Array, nativeBinding?: string): string[] {
  const encrypted: string[] = [];
  for (const folder of new Set(folders)) {
    let names: string[];
    try {
      names = readdirSync(folder).filter((name) => BACKUP_NAME.test(name));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = join(folder, name);
      finishInterruptedEncryption(file);
      if (databaseFileState(file) !== 'clear') continue;
      encryptInPlace(file, key, { nativeBinding, rollbackJournal: true });
      encrypted.push(name);
    }
  }
  return encrypted;
}
