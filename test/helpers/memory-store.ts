import { openDatabase, type Db } from '../../src/main/engine/db/database';
import { createStore, type Store } from '../../src/main/engine/store';

/** A migrated in-memory database, its store and one user (for unit tests of store-backed rules). */
export function memoryStoreWithUser(): { db: Db; store: Store; user: number } {
  const db = openDatabase(':memory:');
  const store = createStore(db);
  const user = Number(
    db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('a@b.c', 'x', 0)").run()
      .lastInsertRowid,
  );
  return { db, store, user };
}
