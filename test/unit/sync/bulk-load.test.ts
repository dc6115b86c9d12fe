import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { BULK_LOAD_MIN_ROWS, TransactionStore } from '../../../src/main/engine/store/transaction-writes';
const withBulkLoad = <T>(db: ConstructorParameters<typeof TransactionStore>[0], rows: number, load: () => T): T =>
  new TransactionStore(db).withBulkLoad(rows, load);
import { insertAccount, insertConnection } from '../../helpers/fixtures';

let dir: string;
let db: Db;
let accountId: number;
let userId: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-bulk-'));
  db = openDatabase(join(dir, 'coffer.db'));
  db.prepare(
    "INSERT INTO providers (id, name, type, country_code, base_url, logo) VALUES ('9000', 'Test', 'BANKING', 'FRA', 'x', 'x')",
  ).run();
  db.prepare(
    "INSERT INTO channel_definitions (id, provider_id, mode, account_types, credentials) VALUES ('900000', '9000', 'EMBEDDED', '[]', '[]')",
  ).run();
  userId = Number(
    db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('u@example.com', 'x', 1)").run()
      .lastInsertRowid,
  );
  accountId = insertAccount(db, userId, insertConnection(db, userId));
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const indexes = () =>
  db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' ORDER BY name")
    .all();
const insert = (n: number, from = 0) => {
  const stmt = db.prepare(
    "INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, status) VALUES (?, ?, ?, -100, 'EUR', ?, 1, 1, 'x', 'DEBIT', 'BOOKED')",
  );
  for (let i = from; i < from + n; i++) stmt.run(accountId, userId, `k${i}`, i);
};

describe('withBulkLoad', () => {
  it('drops the secondary indexes for a batch that dwarfs the table and builds them again, identical', () => {
    const before = indexes();
    let during: unknown[] = [];
    db.transaction(() =>
      withBulkLoad(db, BULK_LOAD_MIN_ROWS, () => {
        during = indexes();
        insert(BULK_LOAD_MIN_ROWS);
      }),
    )();
    expect(during.map((i: any) => i.name)).toEqual(before.filter((i: any) => i.sql === null).map((i: any) => i.name));
    expect(indexes()).toEqual(before);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    // Deduplication held during the load (the UNIQUE constraint stays).
    expect(() => db.transaction(() => withBulkLoad(db, 100_000, () => insert(1)))()).toThrow(/UNIQUE/);
    expect(indexes()).toEqual(before);
  });

  it('leaves the indexes alone for a small batch, or a big table', () => {
    const before = indexes();
    let during: unknown[] = [];
    withBulkLoad(db, BULK_LOAD_MIN_ROWS - 1, () => (during = indexes()));
    expect(during).toEqual(before);
    insert(30_000);
    withBulkLoad(db, 50_000, () => (during = indexes()));
    expect(during).toEqual(before);
  });
});
