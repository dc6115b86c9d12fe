import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { upsertCatalogue } from '../../../src/main/engine/catalogue/seed';
import { CATEGORY_DEFINITIONS } from '../../../src/main/engine/catalogue/categories';
import { testBankDefinition } from '../../../src/main/engine/connectors/testbank/definition';
import { parseTransactionFilters, type TransactionListQuery } from '../../../src/main/engine/domain/transaction-filters';
import { TransactionQueries } from '../../../src/main/engine/store/transaction-queries';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

let dir: string;
let db: Db;
let queries: TransactionQueries;
let accountId: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-plan-'));
  db = openDatabase(join(dir, 'coffer.db'));
  upsertCatalogue(db, [testBankDefinition], CATEGORY_DEFINITIONS);
  db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('a@example.com', 'x', 1)").run();
  const c = insertConnection(db, 1);
  accountId = insertAccount(db, 1, c);
  insertTransaction(db, 1, accountId, {});
  queries = new TransactionQueries(db);
});
afterAll(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function plans(sql: string, params: unknown[]): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
}

/** Every step that reads `transactions` must SEARCH an index by a leading key (never SCAN the table or an index). */
function expectIndexed(details: string[]) {
  const reads = details.filter((d) => /\btransactions\b/.test(d));
  expect(reads.length, details.join(' | ')).toBeGreaterThan(0);
  for (const d of reads) expect(d, details.join(' | ')).toMatch(/^SEARCH transactions USING (COVERING )?INDEX transactions_\w+ \((user_id|account_id)=\?/);
}

const filters: Array<[string, Partial<TransactionListQuery>]> = [
  ['no filter', {}],
  ['origin', { origin: 'TRANSACTION' }],
  ['included_statuses', { included_statuses: 'PENDING,BOOKED' }],
  ['excluded_statuses', { excluded_statuses: 'CANCELLED' }],
  ['min_amount', { min_amount: '10.00' }],
  ['max_amount', { max_amount: '-10' }],
  ['amount', { amount: '-12.34' }],
  ['account_type', { account_type: 'SAVINGS' }],
  ['start_date', { start_date: 1_600_000_000 }],
  ['end_date', { end_date: 1_600_000_000 }],
  ['account_id', { account_id: '1' }],
  ['category_id (leaf)', { category_id: 'SUPERMARKET' }],
  ['category_id (parent)', { category_id: 'FOOD' }],
  ['start_import_date', { start_import_date: 1_600_000_000 }],
  ['account_id + start_import_date', { account_id: '1', start_import_date: 1_600_000_000 }],
];

describe('every GET /transactions filter reads an index (EXPLAIN QUERY PLAN)', () => {
  for (const [name, q] of filters) {
    it(name, () => {
      const w = queries.where(1, parseTransactionFilters({ page: 1, limit: 100, ...q }));
      // The count (X-Total-Count).
      expectIndexed(plans(`SELECT count(*), min(import_date) FROM transactions WHERE ${w.sql}`, w.params));
      // The ordered plan walks the default-order index without a sort.
      const ordered = plans(
        `SELECT id FROM transactions INDEXED BY ${w.orderedIndex} WHERE ${w.sqlNoImport} AND import_date >= ? ORDER BY import_date, id DESC LIMIT ? OFFSET ?`,
        [...w.paramsNoImport, 0, 100, 0],
      );
      expectIndexed(ordered);
      expect(ordered.join(' | ')).not.toMatch(/TEMP B-TREE/);
      expect(ordered.join(' | ')).toMatch(new RegExp(`INDEX ${w.orderedIndex} \\(`));
      // The filtered plan reads an index too (then sorts the few matches).
      expectIndexed(plans(`SELECT id FROM transactions WHERE ${w.sql} ORDER BY +import_date, id DESC LIMIT ? OFFSET ?`, [...w.params, 100, 0]));
    });
  }
});
