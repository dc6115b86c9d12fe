/**
 * The store's transactions take the write lock first (IMMEDIATE). With the results writer thread, another
 * connection commits while the main connection works; a DEFERRED transaction that read before such a
 * commit and then writes fails with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out (a request would
 * end in a 500). Shown here with a second connection standing for the writer thread.
 */
import Database from 'better-sqlite3-multiple-ciphers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { createStore } from '../../../src/main/engine/store';

let dir: string;
let db: Db;
let other: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-immediate-'));
  db = openDatabase(join(dir, 'coffer.db'));
  db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('a@example.com', 'x', 1)").run();
  other = new Database(join(dir, 'coffer.db'), { timeout: 0 });
});
afterEach(() => {
  other.close();
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const otherWrites = (): string => {
  try {
    other.prepare("UPDATE users SET first_name = 'other' WHERE id = 1").run();
    return 'committed';
  } catch (err) {
    return (err as { code?: string }).code ?? 'error';
  }
};

describe('store.transaction', () => {
  it('a read, another connection’s commit, then a write: the write is not lost to SQLITE_BUSY_SNAPSHOT', () => {
    const store = createStore(db);
    let seenByOther = '';
    store.transaction(() => {
      db.prepare('SELECT first_name FROM users WHERE id = 1').get();
      // The other connection cannot slip a commit in between: the lock was taken at BEGIN.
      seenByOther = otherWrites();
      db.prepare("UPDATE users SET last_name = 'mine' WHERE id = 1").run();
    });
    expect(seenByOther).toBe('SQLITE_BUSY');
    expect(db.prepare('SELECT last_name FROM users WHERE id = 1').pluck().get()).toBe('mine');
  });

  it('(what a deferred transaction does in the same situation)', () => {
    expect(() =>
      db.transaction(() => {
        db.prepare('SELECT first_name FROM users WHERE id = 1').get();
        expect(otherWrites()).toBe('committed');
        db.prepare("UPDATE users SET last_name = 'mine' WHERE id = 1").run();
      })(),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY_SNAPSHOT' }));
  });
});
