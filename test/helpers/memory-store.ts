import { afterEach, beforeEach } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../src/main/engine/db/database';
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

/**
 * A fresh memoryStoreWithUser() for each test of the calling file, closed after it: read `db`, `store` and
 * `user` from the returned object inside the tests (they change from one test to the next).
 */
export function useMemoryStoreWithUser(): { db: Db; store: Store; user: number } {
  const fixture = {} as { db: Db; store: Store; user: number };
  beforeEach(() => {
    Object.assign(fixture, memoryStoreWithUser());
  });
  afterEach(() => closeDatabase(fixture.db));
  return fixture;
}
