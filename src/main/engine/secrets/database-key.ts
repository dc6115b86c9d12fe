/**
 * The database's encryption key: 32 random bytes made the first time a data folder is used, kept only in the
 * OS keychain (never in the database, a file, a log, an error or an event). The keychain entry is found by a
 * non-secret id written once in DATA/keychain-id: the database cannot name its own key, since it cannot be
 * read before the key is known, and the id keeps the keys of different data folders apart (a folder moved or
 * renamed keeps its key).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SecretStoreUnavailable } from '../domain/errors';
import { KeychainSecretStore, type SecretStore } from './secret-store';

export const KEYCHAIN_ID_FILE = 'keychain-id';
const KEY_ENTRY = 'database/key';
const KEY_BYTES = 32;

/** Where the key is read from and, for a new or clear database, made. Both throw SecretStoreUnavailable. */
export interface DatabaseKeySource {
  /** The key in the keychain, or null when there is none. */
  read(): Buffer | null;
  /** Makes a new random key and keeps it in the keychain (only called when `read` found none). */
  create(): Buffer;
}

/** The key of the database of `dataDir`, in `store` (the OS keychain unless a test gives another). */
export function databaseKeySource(dataDir: string, store?: SecretStore): DatabaseKeySource {
  const secrets = () => store ?? new KeychainSecretStore(keychainId(dataDir));
  return {
    read() {
      const hex = secrets().get(KEY_ENTRY);
      if (hex === null) return null;
      const key = Buffer.from(hex, 'hex');
      return key.length === KEY_BYTES ? key : null;
    },
    create() {
      return keepDatabaseKey(dataDir, randomBytes(KEY_BYTES), store);
    },
  };
}

/**
 * Keeps `key` as the database key of `dataDir` in the keychain (a new key, or one typed back from its
 * recovery code on another computer), and returns it.
 */
export function keepDatabaseKey(dataDir: string, key: Uint8Array, store?: SecretStore): Buffer {
  // The folder's keychain id is written even when a test store keeps the key: its presence is what says
  // that this folder's database was encrypted (databaseWasKeyed).
  const id = keychainId(dataDir);
  const keychain = store ?? new KeychainSecretStore(id);
  const hex = Buffer.from(key).toString('hex');
  keychain.set(KEY_ENTRY, hex);
  // Read back: a keychain that silently drops the entry must not leave a database nobody can open.
  if (keychain.get(KEY_ENTRY) !== hex) throw new SecretStoreUnavailable('the keychain did not keep the database key');
  return Buffer.from(key);
}

/**
 * Whether a key was ever made for this data folder (here, or on the computer it was copied from): without
 * that, a coffer.db that is not a clear database is no encrypted Coffer database but a damaged file.
 */
export function databaseWasKeyed(dataDir: string): boolean {
  return existsSync(join(dataDir, KEYCHAIN_ID_FILE));
}

/** The id naming this data folder's keychain entries, made once (a random, non-secret value). */
function keychainId(dataDir: string): string {
  const file = join(dataDir, KEYCHAIN_ID_FILE);
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{16,64}$/.test(id)) return id;
  }
  const id = randomBytes(12).toString('hex');
  writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}
