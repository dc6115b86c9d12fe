import Database from 'better-sqlite3-multiple-ciphers';
import { join } from 'node:path';
import { applyDatabaseKey } from '../../src/main/engine/db/database';
import { databaseKeySource } from '../../src/main/engine/secrets/database-key';

/**
 * A test's own connection to an engine's encrypted database (`file`: the engine's coffer.db), with the key
 * the engine keeps in the keychain: the tests that look under the API (kill -9, busy probes) read the file
 * as the engine does.
 */
export function openEngineDb(file: string, options: Database.Options = {}): Database.Database {
  const key = databaseKeySource(join(file, '..')).read();
  if (!key) throw new Error(`no database key in the keychain for ${file}`);
  const db = new Database(file, options);
  applyDatabaseKey(db, key);
  return db;
}
