/**
 * The restart side of the in-place encryption: what a kill leaves at each step is finished or undone, and
 * the clear database is never lost. Real SQLite files; each state is made the way the steps leave it.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, WrongDatabaseKey } from '../../../src/main/engine/db/database';
import { databaseFileState, encryptInPlace, finishInterruptedEncryption } from '../../../src/main/engine/db/encrypt-in-place';

let dir: string;
let file: string;
const key = randomBytes(32);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-encrypt-'));
  file = join(dir, 'coffer.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function clearDatabase(emails: string[]): void {
  const db = openDatabase(file);
  for (const email of emails) db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES (?, 'x', 1)").run(email);
  closeDatabase(db);
}

const emailsIn = (options: { key?: Buffer } = {}) => {
  const db = openDatabase(file, options);
  try {
    return db.prepare('SELECT email FROM users ORDER BY id').pluck().all();
  } finally {
    closeDatabase(db);
  }
};

describe('encryption in place', () => {
  it('encrypts a clear database: no clear header, the same rows with the key, refused with another', () => {
    clearDatabase(['a@example.com', 'b@example.com']);
    expect(databaseFileState(file)).toBe('clear');
    encryptInPlace(file, key);
    expect(databaseFileState(file)).toBe('encrypted');
    expect(readFileSync(file).includes(Buffer.from('a@example.com'))).toBe(false);
    expect(emailsIn({ key })).toEqual(['a@example.com', 'b@example.com']);
    expect(() => emailsIn({ key: randomBytes(32) })).toThrow(WrongDatabaseKey);
  });

  it('a kill while the copy was written or encrypted: the copy is dropped, the clear database untouched', () => {
    clearDatabase(['a@example.com']);
    const before = readFileSync(file);
    writeFileSync(`${file}.encrypting`, before.subarray(0, 4096));
    writeFileSync(`${file}.encrypting-journal`, 'half');
    finishInterruptedEncryption(file);
    expect(existsSync(`${file}.encrypting`)).toBe(false);
    expect(existsSync(`${file}.encrypting-journal`)).toBe(false);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('a kill between the two renames: the complete encrypted copy takes the database name', () => {
    clearDatabase(['a@example.com']);
    copyFileSync(file, join(dir, 'clear-copy.db'));
    encryptInPlace(file, key);
    // As step 3 leaves it: the encrypted copy complete under its mark, the clear database still in place.
    copyFileSync(file, `${file}.encrypted`);
    copyFileSync(join(dir, 'clear-copy.db'), file);
    finishInterruptedEncryption(file);
    expect(existsSync(`${file}.encrypted`)).toBe(false);
    expect(databaseFileState(file)).toBe('encrypted');
    expect(emailsIn({ key })).toEqual(['a@example.com']);
  });

  it('a complete copy older than the clear database (its WAL written since) is dropped, not used', () => {
    clearDatabase(['a@example.com']);
    encryptInPlace(file, key);
    copyFileSync(file, `${file}.encrypted`);
    rmSync(file);
    // The clear database, written to after the copy: the newer row is only in its WAL.
    const db = openDatabase(file);
    db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('a@example.com', 'x', 1), ('newer@example.com', 'x', 2)").run();
    copyFileSync(file, join(dir, 'main.db'));
    copyFileSync(`${file}-wal`, join(dir, 'main.db-wal'));
    closeDatabase(db);
    copyFileSync(join(dir, 'main.db'), file);
    copyFileSync(join(dir, 'main.db-wal'), `${file}-wal`);
    finishInterruptedEncryption(file);
    expect(existsSync(`${file}.encrypted`)).toBe(false);
    expect(databaseFileState(file)).toBe('clear');
    expect(emailsIn()).toEqual(['a@example.com', 'newer@example.com']);
  });
});
