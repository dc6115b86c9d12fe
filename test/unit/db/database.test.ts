import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, closeDatabase, openDatabase, schemaVersion } from '../../../src/main/engine/db/database';
import { migrations } from '../../../src/main/engine/db/migrations';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'coffer-db-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('engine database', () => {
  it('opens in WAL mode with foreign keys and every migration applied', () => {
    const db = openDatabase(join(tempDir(), 'c.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBe(migrations[migrations.length - 1].version);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    for (const t of ['users', 'oauth_clients', 'oauth_tokens', 'providers', 'channel_definitions', 'connections', 'channels', 'accounts', 'transactions', 'categories', 'encryption_keys', 'queues', 'events', 'webhook_deliveries', 'settings', 'sign_keys']) {
      expect(tables, t).toContain(t);
    }
    closeDatabase(db);
  });

  it('re-opening applies nothing twice and keeps data', () => {
    const file = join(tempDir(), 'c.db');
    const a = openDatabase(file);
    a.prepare("INSERT INTO settings (key, value) VALUES ('k', '1')").run();
    closeDatabase(a);
    const b = openDatabase(file);
    expect(b.prepare("SELECT value FROM settings WHERE key = 'k'").pluck().get()).toBe('1');
    closeDatabase(b);
  });

  it('refuses a database made by a newer Coffer', () => {
    const file = join(tempDir(), 'c.db');
    const a = openDatabase(file);
    a.pragma('user_version = 999');
    closeDatabase(a);
    expect(() => openDatabase(file)).toThrow(/newer than this Coffer/);
  });

  it('keeps money as integers: the schema rejects a float amount', () => {
    const db = openDatabase(join(tempDir(), 'c.db'));
    const types = db.prepare("SELECT name, type FROM pragma_table_info('transactions') WHERE name = 'amount'").get() as { type: string };
    expect(types.type).toBe('INTEGER');
    // STRICT tables refuse a REAL in an INTEGER column.
    db.prepare("INSERT INTO users (id, email, password_hash, creation_date) VALUES (1, 'a@b.c', 'x', 0)").run();
    db.prepare("INSERT INTO providers (id, name, type, country_code, base_url, logo) VALUES ('p', 'P', 'BANKING', 'FRA', 'x', 'x')").run();
    db.prepare("INSERT INTO connections (id, user_id, provider_id, name, status, creation_date) VALUES (1, 1, 'p', 'c', 'NEVER', 0)").run();
    db.prepare("INSERT INTO accounts (id, connection_id, user_id, reference, name, currency, status, type, creation_date) VALUES (1, 1, 1, 'r', 'n', 'EUR', 'ACTIVE', 'CHECKINGS', 0)").run();
    const insert = db.prepare("INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, status) VALUES (1, 1, ?, ?, 'EUR', 0, 0, 0, 'x', 'DEBIT', 'BOOKED')");
    expect(() => insert.run('k1', 12.5)).toThrow(/cannot store REAL/);
    insert.run('k2', 1250);
    closeDatabase(db);
  });

  it('cascades deletes through foreign keys', () => {
    const db = openDatabase(join(tempDir(), 'c.db'));
    db.prepare("INSERT INTO users (id, email, password_hash, creation_date) VALUES (1, 'a@b.c', 'x', 0)").run();
    db.prepare("INSERT INTO providers (id, name, type, country_code, base_url, logo) VALUES ('p', 'P', 'BANKING', 'FRA', 'x', 'x')").run();
    db.prepare("INSERT INTO connections (id, user_id, provider_id, name, status, creation_date) VALUES (1, 1, 'p', 'c', 'NEVER', 0)").run();
    db.prepare("INSERT INTO accounts (id, connection_id, user_id, reference, name, currency, status, type, creation_date) VALUES (1, 1, 1, 'r', 'n', 'EUR', 'ACTIVE', 'CHECKINGS', 0)").run();
    db.prepare("INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, status) VALUES (1, 1, 'k', 1, 'EUR', 0, 0, 0, 'x', 'DEBIT', 'BOOKED')").run();
    db.prepare('DELETE FROM users WHERE id = 1').run();
    for (const t of ['connections', 'accounts', 'transactions']) {
      expect(db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get(), t).toBe(0);
    }
    closeDatabase(db);
  });

  it('backs up a live database with VACUUM INTO', () => {
    const dir = tempDir();
    const db = openDatabase(join(dir, 'c.db'));
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', '\"v\"')").run();
    backupDatabase(db, join(dir, 'backup.db'));
    expect(existsSync(join(dir, 'backup.db'))).toBe(true);
    const copy = openDatabase(join(dir, 'backup.db'));
    expect(copy.prepare("SELECT value FROM settings WHERE key = 'k'").pluck().get()).toBe('"v"');
    closeDatabase(copy);
    closeDatabase(db);
  });
});

describe('migration list', () => {
  it('has consecutive versions, so none can be skipped on an existing database', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  });
});
