import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { createStore, type Store } from '../../../src/main/engine/store';
import type { PreparedTransaction } from '../../../src/main/engine/store/transaction-writes';
import { insertAccount, insertConnection } from '../../helpers/fixtures';

/**
 * What the person set on a transaction (category, note, tags) survives the synchronization writes: an update
 * in place (same key, PENDING → BOOKED) and the settlement of a pending row by a booked row under a NEW key
 * (providers with pending_settles_by_match: SimpleFIN), over a real SQLite store.
 */
let dir: string;
let db: Db;
let store: Store;
let account: { id: number; userId: number };
const DAY = 86_400;
const T = 1_700_000_000;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-edits-'));
  db = openDatabase(join(dir, 'coffer.db'));
  db.prepare("INSERT INTO providers (id, name, type, country_code, base_url, logo) VALUES ('9000', 'Test', 'BANKING', 'FRA', 'x', 'x')").run();
  db.prepare("INSERT INTO channel_definitions (id, provider_id, mode, account_types, credentials) VALUES ('900000', '9000', 'EMBEDDED', '[]', '[]')").run();
  const userId = Number(db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('u@example.com', 'x', 1)").run().lastInsertRowid);
  account = { id: insertAccount(db, userId, insertConnection(db, userId)), userId };
  store = createStore(db);
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const row = (key: string, f: Partial<PreparedTransaction> = {}): PreparedTransaction => ({
  key,
  amount: -4210,
  currency: 'EUR',
  date: T,
  booking_date: null,
  value_date: null,
  label: 'Franprix',
  notes: 'CB FRANPRIX',
  remittance: null,
  source: 'Franprix',
  type: 'CARD',
  category: 'SUPERMARKET',
  status: 'PENDING',
  ...f,
});

const stored = () => db.prepare('SELECT id, provider_key, status, amount, category_id, category_source, category_rule_id, user_note, tags FROM transactions').all() as any[];

function editFirst() {
  const [t] = stored();
  store.transactionEdits.write(t.id, { category_id: 'GIFTS', category_source: 'USER', category_rule_id: null, user_note: 'for Ana', tags: '["gift"]' });
  return t.id as number;
}
const edited = { category_id: 'GIFTS', category_source: 'USER', category_rule_id: null, user_note: 'for Ana', tags: '["gift"]' };

describe("the person's edits survive synchronization writes", () => {
  it('through an update in place (same key, PENDING → BOOKED, new amount)', () => {
    db.transaction(() => store.transactionWrites.upsertRows(account, [row('p1')], T))();
    const id = editFirst();
    db.transaction(() => store.transactionWrites.upsertRows(account, [row('p1', { status: 'BOOKED', amount: -4300, booking_date: T + DAY, category: 'SUPERMARKET' })], T + DAY))();
    expect(stored()).toEqual([{ id, provider_key: 'p1', status: 'BOOKED', amount: -4300, ...edited }]);
  });

  it('through the settlement of a pending row by a booked row under a new key', () => {
    db.transaction(() => store.transactionWrites.upsertFetched(account, { transactions: [row('p1')], settlesByMatch: true }, T))();
    const id = editFirst();
    db.transaction(() =>
      store.transactionWrites.upsertFetched(
        account,
        { transactions: [row('b1', { status: 'BOOKED', date: T + DAY, booking_date: T + DAY, category: 'SUPERMARKET' })], settlesByMatch: true },
        T + DAY,
      ),
    )();
    expect(stored()).toEqual([{ id, provider_key: 'b1', status: 'BOOKED', amount: -4210, ...edited }]);
  });

  it('the payee survives an update in place and the settlement of a pending row under a new key', () => {
    db.transaction(() => store.transactionWrites.upsertFetched(account, { transactions: [row('p1'), row('p2', { amount: -100 })], settlesByMatch: true }, T))();
    const [first, second] = stored();
    const payee = store.payees.insert(account.userId, 'Franprix Paris', 'franprix paris', T);
    store.payees.setOnTransaction(account.userId, first.id, payee);
    store.payees.setOnTransaction(account.userId, second.id, payee);
    db.transaction(() =>
      store.transactionWrites.upsertFetched(
        account,
        {
          transactions: [row('p1', { status: 'BOOKED', amount: -4300 }), row('b2', { status: 'BOOKED', amount: -100, date: T + DAY, booking_date: T + DAY })],
          settlesByMatch: true,
        },
        T + DAY,
      ),
    )();
    const payees = db.prepare('SELECT id, provider_key, status, payee_id FROM transactions ORDER BY id').all();
    expect(payees).toEqual([
      { id: first.id, provider_key: 'p1', status: 'BOOKED', payee_id: payee },
      { id: second.id, provider_key: 'b2', status: 'BOOKED', payee_id: payee },
    ]);
  });

  it('a rule or learnt filing is written for a NEW row only', () => {
    db.transaction(() => store.transactionWrites.upsertRows(account, [row('p1', { category: 'GIFTS', categorySource: 'RULE', ruleId: 7 })], T))();
    expect(stored()[0]).toMatchObject({ category_id: 'GIFTS', category_source: 'RULE', category_rule_id: 7 });
    db.transaction(() => store.transactionWrites.upsertRows(account, [row('p1', { status: 'BOOKED', category: 'BAKERY', categorySource: 'LEARNED' })], T + DAY))();
    expect(stored()[0]).toMatchObject({ status: 'BOOKED', category_id: 'GIFTS', category_source: 'RULE', category_rule_id: 7 });
  });
});
