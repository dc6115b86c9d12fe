import Database from 'better-sqlite3-multiple-ciphers';
import { dirname } from 'node:path';
import { applyDatabaseKey } from '../../src/main/engine/db/database';
import { databaseKeySource } from '../../src/main/engine/secrets/database-key';

/**
 * The benchmark's own connection to an engine's encrypted database, with the key the engine keeps in the
 * keychain (the engine child shares the benchmark's keychain session for that, scenarios/sync.ts).
 */
export function openEngineDb(file: string, options: Database.Options = {}): Database.Database {
  const key = databaseKeySource(dirname(file)).read();
  if (!key) throw new Error(`no database key in the keychain for ${file}`);
  const db = new Database(file, options);
  applyDatabaseKey(db, key);
  return db;
}
