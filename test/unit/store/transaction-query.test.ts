import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_DEFINITIONS } from '../../../src/main/engine/catalogue/categories';
import { upsertCatalogue } from '../../../src/main/engine/catalogue/seed';
import { testBankDefinition } from '../../../src/main/engine/connectors/testbank/definition';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { parseTransactionFilters, type TransactionListQuery } from '../../../src/main/engine/domain/transaction-filters';
import { TransactionQueries } from '../../../src/main/engine/store/transaction-queries';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * Both plans of TransactionQueries (ordered index walk, filtered read + sort) must give exactly what a naive
 * filter-and-sort over every row gives, for every filter, page and size — on random data with many ties.
 */
let dir: string;
let db: Db;
let queries: TransactionQueries;
interface Row {
  id: number;
  account_id: number;
  user_id: number;
  amount: number;
  date: number;
  import_date: number;
  status: string;
  category_id: string;
  type: string;
}
let rows: Row[];
let accounts: Record<number, string>;
const parents = new Map(CATEGORY_DEFINITIONS.map((c) => [c.id, c.parent_id]));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-query-'));
  db = openDatabase(join(dir, 'coffer.db'));
  upsertCatalogue(db, [testBankDefinition], CATEGORY_DEFINITIONS);
  for (const email of ['a@example.com', 'b@example.com']) db.prepare('INSERT INTO users (email, password_hash, creation_date) VALUES (?, ?, 1)').run(email, 'x');
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  accounts = {};
  for (const user of [1, 2]) {
    const c = insertConnection(db, user);
    for (const type of ['CHECKINGS', 'SAVINGS', 'CREDIT_CARD'] as const) accounts[insertAccount(db, user, c, { type })] = type;
  }
  const accountIds = Object.keys(accounts).map(Number);
  const categories = ['SUPERMARKET', 'BAKERY', 'RESTAURANT', 'SALARY', 'UNCATEGORIZED'];
  for (let i = 0; i < 1500; i++) {
    const account = pick(accountIds);
    const user = account <= 3 ? 1 : 2;
    insertTransaction(db, user, account, {
      amount: Math.floor(rnd() * 20000) - 15000,
      date: 1_700_000_000 + Math.floor(rnd() * 50) * 86_400,
      // Few distinct import dates: many ties, ordered by id descending.
      importDate: 1_700_000_000 + Math.floor(rnd() * 6) * 86_400,
      status: pick(['BOOKED', 'BOOKED', 'BOOKED', 'PENDING', 'CANCELLED']),
      categoryId: pick(categories),
    });
  }
  // Known rows for the exact-amount case (one of them PENDING).
  insertTransaction(db, 1, accountIds[0], { amount: -4217, importDate: 1_700_000_000 });
  insertTransaction(db, 1, accountIds[1], { amount: -4217, importDate: 1_700_000_000 });
  insertTransaction(db, 1, accountIds[1], { amount: -4217, importDate: 1_700_000_000, status: 'PENDING' });
  rows = db.prepare('SELECT id, account_id, user_id, amount, date, import_date, status, category_id, type FROM transactions').all() as Row[];
  queries = new TransactionQueries(db);
  queries.pageCache = false;
});
afterAll(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

function naive(user: number, q: Partial<TransactionListQuery>): number[] {
  const inc = q.included_statuses?.split(',');
  const exc = q.excluded_statuses?.split(',');
  const cents = (t: string) => Math.round(Number(t) * 100);
  return rows
    .filter((r) => r.user_id === user)
    .filter((r) => (inc ? inc.includes(r.status) : exc ? !exc.includes(r.status) : r.status === 'BOOKED'))
    .filter((r) => q.min_amount === undefined || r.amount >= cents(q.min_amount))
    .filter((r) => q.max_amount === undefined || r.amount <= cents(q.max_amount))
    .filter((r) => q.amount === undefined || r.amount === cents(q.amount))
    .filter((r) => q.start_date === undefined || r.date >= q.start_date)
    .filter((r) => q.end_date === undefined || r.date < q.end_date)
    .filter((r) => q.start_import_date === undefined || r.import_date > q.start_import_date)
    .filter((r) => q.account_id === undefined || String(r.account_id) === q.account_id)
    .filter((r) => q.account_type === undefined || accounts[r.account_id] === q.account_type)
    .filter((r) => q.category_id === undefined || r.category_id === q.category_id || parents.get(r.category_id) === q.category_id)
    .sort((a, b) => a.import_date - b.import_date || b.id - a.id)
    .map((r) => r.id);
}

const cases: Array<Partial<TransactionListQuery>> = [
  {},
  { included_statuses: 'PENDING,CANCELLED' },
  { excluded_statuses: 'BOOKED' },
  { min_amount: '-20' },
  { max_amount: '-100.5' },
  { min_amount: '-50', max_amount: '10' },
  { amount: '-42.17' },
  { start_date: 1_700_000_000 + 20 * 86_400 },
  { end_date: 1_700_000_000 + 10 * 86_400 },
  { start_import_date: 1_700_000_000 + 3 * 86_400 },
  { account_id: '2' },
  { account_id: '5' },
  { account_id: '2', start_import_date: 1_700_000_000 + 2 * 86_400 },
  { account_type: 'SAVINGS' },
  { category_id: 'FOOD' },
  { category_id: 'SALARY', excluded_statuses: 'CANCELLED' },
  { category_id: 'FOOD', min_amount: '-100', start_date: 1_700_000_000 + 5 * 86_400 },
];

describe('GET /transactions query plans agree with a naive filter', () => {
  for (const q of cases) {
    it(JSON.stringify(q), () => {
      for (const user of [1, 2]) {
        const expected = naive(user, q);
        for (const plan of ['ordered', 'filtered', null] as const) {
          queries.forcePlan = plan;
          for (const [page, limit] of [[1, 500], [1, 7], [2, 7], [5, 13], [40, 3]]) {
            const f = parseTransactionFilters({ page, limit, ...q });
            const { json, total } = queries.list(user, f, { page, limit });
            const got = (JSON.parse(json.toString('utf8')) as Array<{ id: string }>).map((t) => Number(t.id));
            expect(total, `${plan} user ${user}`).toBe(expected.length);
            expect(got, `${plan} user ${user} page ${page}/${limit}`).toEqual(expected.slice((page - 1) * limit, page * limit));
          }
        }
      }
      queries.forcePlan = null;
    });
  }
});
