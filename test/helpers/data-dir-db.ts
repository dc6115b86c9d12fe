import Database from 'better-sqlite3-multiple-ciphers';
import { dirname } from 'node:path';
import { applyDatabaseKey } from '../../src/main/engine/db/database';
import { databaseKeySource } from '../../src/main/engine/secrets/database-key';

/**
 * A test's own connection to an engine's encrypted database (`file`: the engine's coffer.db), with the key
 * the engine keeps in the keychain: the tests that look under the API (kill -9, busy probes) read the file
 * as the engine does. `keyDir` is the data folder whose key opens it (another one for a copy of the file).
 */
export function openEngineDb(file: string, options: Database.Options = {}, keyDir = dirname(file)): Database.Database {
  const key = databaseKeySource(keyDir).read();
  if (!key) throw new Error(`no database key in the keychain for ${file}`);
  const db = new Database(file, options);
  applyDatabaseKey(db, key);
  return db;
}
