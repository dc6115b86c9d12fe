/**
 * Opens the data folder's database with its key, or says in words why it cannot: the engine then serves
 * nothing but its health check (locked-engine.ts). Nothing is ever written in clear: a new database is
 * created encrypted, an earlier version's clear one is encrypted in place before anything else touches it,
 * and without a key (no keychain, a locked one, a key that does not open the file) the database is not opened.
 */
import { join } from 'node:path';
import { openDatabase, WrongDatabaseKey, type Db, type OpenOptions } from './db/database';
import { databaseFileState, encryptInPlace, finishInterruptedEncryption } from './db/encrypt-in-place';
import { SecretStoreUnavailable } from './domain/errors';
import type { DatabaseKeySource } from './secrets/database-key';

export type OpenedData = { db: Db; key: Uint8Array } | { refused: string };

export function openData(dataDir: string, keys: DatabaseKeySource, options: Omit<OpenOptions, 'key'> = {}): OpenedData {
  const file = join(dataDir, 'coffer.db');
  finishInterruptedEncryption(file);
  const state = databaseFileState(file);
  let key: Uint8Array | null;
  try {
    key = keys.read();
    if (!key && state === 'encrypted') {
      return {
        refused:
          'the key of your Coffer database is not in this computer\'s keychain, so your data cannot be opened. ' +
          'If you moved Coffer to this computer, restore your data with your recovery key',
      };
    }
    key ??= keys.create();
  } catch (err) {
    if (err instanceof SecretStoreUnavailable) return { refused: keychainRefusal(err.detail) };
    throw err;
  }
  if (state === 'clear') encryptInPlace(file, key, options);
  try {
    return { db: openDatabase(file, { ...options, key }), key };
  } catch (err) {
    if (err instanceof WrongDatabaseKey) {
      return {
        refused:
          'the key in this computer\'s keychain does not open your Coffer database, so your data was not opened. ' +
          'Restore your data with your recovery key, or start Coffer with the keychain it was set up with',
      };
    }
    throw err;
  }
}

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
  let key: Uint8Array | null;
  try {
    key = keys.read();
  } catch (err) {
    if (err instanceof SecretStoreUnavailable) return { refused: keychainRefusal(err.detail) };
    throw err;
  }
  if (!key) return { refused: 'the key of this Coffer database is not in this computer\'s keychain' };
  try {
    return { db: openDatabase(file, { key }), key };
  } catch (err) {
    if (err instanceof WrongDatabaseKey) return { refused: err.message };
    throw err;
  }
}
