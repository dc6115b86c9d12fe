import Database from 'better-sqlite3-multiple-ciphers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TokenCache } from '../../../src/main/engine/auth/token-cache';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';

let dir: string;
let db: Db;
let cache: TokenCache<{ expires: number | null; scopes: string }>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-cache-'));
  db = openDatabase(join(dir, 'c.db'));
  db.prepare("INSERT INTO users (id, email, password_hash, creation_date) VALUES (1, 'a@b.c', 'x', 0)").run();
  db.prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES ('h1', 'access', 1, 'profile', 0, 1000)").run();
  cache = new TokenCache(db);
  cache.set('h1', { expires: 1000, scopes: 'profile' });
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

describe('token lookup cache', () => {
  it('serves a cached lookup while nothing changed', () => {
    expect(cache.get('h1', 10)).toEqual({ expires: 1000, scopes: 'profile' });
  });

  it('never serves an expired token', () => {
    expect(cache.get('h1', 1000)).toBeUndefined();
  });

  it('forgets everything when a token is revoked by this engine', () => {
    db.prepare("UPDATE oauth_tokens SET revoked_date = 5 WHERE hash = 'h1'").run();
    expect(cache.get('h1', 10)).toBeUndefined();
  });

  it('forgets when a token is deleted, also through a cascade', () => {
    db.prepare('DELETE FROM users WHERE id = 1').run();
    expect(cache.get('h1', 10)).toBeUndefined();
  });

  it("forgets when a user's terms acceptance changes", () => {
    db.prepare('UPDATE users SET terms_accepted_version = 2 WHERE id = 1').run();
    expect(cache.get('h1', 10)).toBeUndefined();
  });

  it('forgets when another process commits (the CLI revoking a token)', () => {
    const other = new Database(join(dir, 'c.db'));
    other.prepare("UPDATE oauth_tokens SET revoked_date = 5 WHERE hash = 'h1'").run();
    other.close();
    expect(cache.get('h1', 10)).toBeUndefined();
  });

  it('is not emptied by unrelated writes of this engine', () => {
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', '1')").run();
    db.prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date) VALUES ('h2', 'pat', 1, 'profile', 0)").run();
    expect(cache.get('h1', 10)).toBeDefined();
  });
});
