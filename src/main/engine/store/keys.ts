import type { Db } from '../db/database';

/** A row of `encryption_keys`: the public half of a transport key (see docs/api/records.md#encryption-key). */
export interface KeyRow {
  id: string;
  user_id: number;
  public_key: string;
  jwk: string;
  creation_date: number;
  expires: number;
}

/** The `encryption_keys` table (public halves only; private halves never leave the engine's memory). */
export function createKeyStore(db: Db) {
  const insert = db.prepare('INSERT INTO encryption_keys (id, user_id, public_key, jwk, creation_date, expires) VALUES (?, ?, ?, ?, ?, ?)');
  const owned = db.prepare<[string, number], KeyRow>('SELECT * FROM encryption_keys WHERE id = ? AND user_id = ?');
  const expiredBefore = db.prepare('DELETE FROM encryption_keys WHERE expires <= ?');
  const all = db.prepare('DELETE FROM encryption_keys');
  return {
    insert: (k: KeyRow): void => void insert.run(k.id, k.user_id, k.public_key, k.jwk, k.creation_date, k.expires),
    findOwned: (userId: number, id: string): KeyRow | undefined => owned.get(id, userId),
    /** Forgets keys that expired at `time` or before. */
    deleteExpiredBefore: (time: number): void => void expiredBefore.run(time),
    deleteAll: (): void => void all.run(),
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
