import type { Db } from '../db/database';
import { statementCache } from './statements';

/** A row of `sign_keys`: the public half of a response-signing key (the private half is in the keychain). */
export interface SignKeyRow {
  id: string;
  public_key: string;
  creation_date: number;
  /** UTC seconds of the rotation that retired it; null while current. */
  deprecated: number | null;
}

export type SignKeysStore = ReturnType<typeof createSignKeysStore>;

export function createSignKeysStore(db: Db) {
  const sql = statementCache(db);
  return {
    /** Every key, oldest first. */
    list: (): SignKeyRow[] => sql<[], SignKeyRow>('SELECT * FROM sign_keys ORDER BY creation_date, rowid').all(),

    find: (id: string): SignKeyRow | undefined => sql<[string], SignKeyRow>('SELECT * FROM sign_keys WHERE id = ?').get(id),

    /** The newest key not deprecated. */
    current: (): SignKeyRow | undefined =>
      sql<[], SignKeyRow>(
        'SELECT * FROM sign_keys WHERE deprecated IS NULL ORDER BY creation_date DESC, rowid DESC LIMIT 1',
      ).get(),

    /** Deprecates every current key (deprecated = the new key's creation date) and adds `key`; returns the ids retired. */
    replaceCurrent(key: SignKeyRow): string[] {
      const current = sql<[], string>('SELECT id FROM sign_keys WHERE deprecated IS NULL').pluck();
      const deprecate = sql('UPDATE sign_keys SET deprecated = ? WHERE deprecated IS NULL');
      const insert = sql('INSERT INTO sign_keys (id, public_key, creation_date, deprecated) VALUES (?, ?, ?, NULL)');
      return db.transaction(() => {
        const ids = current.all();
        deprecate.run(key.creation_date);
        insert.run(key.id, key.public_key, key.creation_date);
        return ids;
      }).immediate();
    },
  };
}
