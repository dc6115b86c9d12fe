/**
 * Opens the data folder's database with its key, or says in words why it cannot: the engine then serves
 * nothing but its health check (locked-engine.ts). Nothing is ever written in clear: a new database is
 * created encrypted, an earlier version's clear one is encrypted in place before anything else touches it,
 * and without a key (no keychain, a locked one, a key that does not open the file) the database is not opened.
 *
 * The order matters: the key is read first (a keychain that cannot answer stops everything before the file
 * is touched); then the file is checked (storage-check.ts: damaged pages, or a missing database in a folder
 * used before) with that key, and a refusal is thrown as StorageRefused; only then is a new key made, a clear
 * database encrypted, and the database opened, with `beforeMigrations` called before an upgrade changes it.
 */
import { join } from 'node:path';
import { openDatabase, WrongDatabaseKey, type Db, type OpenOptions } from './db/database';
import { databaseFileState, encryptInPlace, finishInterruptedEncryption } from './db/encrypt-in-place';
import { SecretStoreUnavailable } from './domain/errors';
import { databaseWasKeyed, type DatabaseKeySource } from './secrets/database-key';
import { checkAtStart, StorageRefused } from './storage-check';

export type OpenedData = { db: Db; key: Uint8Array } | { refused: string };

export interface OpenDataOptions extends Omit<OpenOptions, 'key'> {
  /** Start a new installation even where an earlier one's database is missing (storage-check.ts). */
  startFresh?: boolean;
}

export function openData(dataDir: string, keys: DatabaseKeySource, options: OpenDataOptions = {}): OpenedData {
  const file = join(dataDir, 'coffer.db');
  finishInterruptedEncryption(file);
  const state = databaseFileState(file);
  // A file that is not a clear database, in a folder whose database was never encrypted (no keychain id was
  // ever written there, here or on another computer), is not an encrypted Coffer database: it is damaged.
  if (state === 'encrypted' && !databaseWasKeyed(dataDir)) {
    throw new StorageRefused({ code: 'database_damaged', file, detail: 'neither a database nor an encrypted one' });
  }
  const { startFresh = false, ...openOptions } = options;
  const found = keyOf(keys, state);
  if ('refused' in found) return found;
  const refusal = checkAtStart(dataDir, file, {
    nativeBinding: options.nativeBinding,
    key: state === 'encrypted' ? found.key! : undefined,
    startFresh,
  });
  if (refusal) throw new StorageRefused(refusal);
  let key: Uint8Array;
  try {
    key = found.key ?? keys.create();
  } catch (err) {
    if (err instanceof SecretStoreUnavailable) return { refused: keychainRefusal(err.detail) };
    throw err;
  }
  if (state === 'clear') encryptInPlace(file, key, { nativeBinding: options.nativeBinding });
  try {
    return { db: openDatabase(file, { ...openOptions, key }), key };
  } catch (err) {
    if (err instanceof WrongDatabaseKey) return { refused: wrongKeyRefusal };
    throw err;
  }
}

/** The key in the keychain (null when there is none yet and none is needed), or why the data cannot be opened. */
function keyOf(keys: DatabaseKeySource, state: ReturnType<typeof databaseFileState>): { key: Uint8Array | null } | { refused: string } {
  let key: Uint8Array | null;
  try {
    key = keys.read();
  } catch (err) {
    if (err instanceof SecretStoreUnavailable) return { refused: keychainRefusal(err.detail) };
    throw err;
  }
  if (!key && state === 'encrypted') {
    return {
      refused:
        'the key of your Coffer database is not in this computer\'s keychain, so your data cannot be opened. ' +
        'If you moved Coffer to this computer, restore your data with your recovery key',
    };
  }
  return { key };
}

const wrongKeyRefusal =
  'the key in this computer\'s keychain does not open your Coffer database, so your data was not opened. ' +
  'Restore your data with your recovery key, or start Coffer with the keychain it was set up with';

const keychainRefusal = (detail: string) =>
  `the system keychain, which keeps the key of your Coffer database, is locked or cannot be reached (${detail}), ` +
  'so your data was not opened. Unlock the keychain (or open your desktop session again), then restart Coffer';

/**
 * Opens an existing, already encrypted database with the key in the keychain, and never makes a key or
 * encrypts (the command-line tools, which may run beside the engine: only the engine's start encrypts).
 */
export function openExistingData(dataDir: string, keys: DatabaseKeySource): OpenedData {
  const file = join(dataDir, 'coffer.db');
  if (databaseFileState(file) !== 'encrypted') {
    return { refused: `the database in ${dataDir} is not encrypted yet; start Coffer once with this data folder, then run the command again` };
  }
  const found = keyOf(keys, 'encrypted');
  if ('refused' in found) return found;
  const key = found.key!;
  try {
    return { db: openDatabase(file, { key }), key };
  } catch (err) {
    if (err instanceof WrongDatabaseKey) return { refused: err.message };
    throw err;
  }
}
