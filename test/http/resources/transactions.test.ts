import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

let engine: TestEngine;
let token: string;
let otherToken: string;
const ids: Record<string, number> = {};
let checking: number;
let savings: number;
let otherAccount: number;

const T0 = 1_700_000_000;
const DAY = 86_400;

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  const user = engine.createUser();
  const other = engine.createUser();
  token = engine.userToken(user, ['transactions_read']);
  otherToken = engine.userToken(other, ['transactions_read']);
  const c = insertConnection(db, user);
  checking = insertAccount(db, user, c, { type: 'CHECKINGS' });
  savings = insertAccount(db, user, c, { type: 'SAVINGS' });
  const tx = (name: string, account: number, f: Parameters<typeof insertTransaction>[3]) => {
    ids[name] = insertTransaction(db, user, account, f);
  };
  // import dates: I1 < I2 < I3; several rows share I1 to check the "id descending" tie-break.
  const I1 = T0 + 10 * DAY;
  const I2 = T0 + 20 * DAY;
  const I3 = T0 + 30 * DAY;
  tx('groceries', checking, { amount: -1234, date: T0, importDate: I1, categoryId: 'SUPERMARKET', label: 'Carrefour', notes: 'CB CARREFOUR 12/11', sourceLabel: 'Carrefour', remittance: ['REF 1', 'Carrefour'], bookingDate: T0, valueDate: T0 + DAY });
  tx('bakery', checking, { amount: -1235, date: T0 + DAY, importDate: I1, categoryId: 'BAKERY' });
  tx('salary', checking, { amount: 250000, date: T0 + 2 * DAY, importDate: I1, categoryId: 'SALARY', type: 'CREDIT' });
  tx('cent', checking, { amount: 1, date: T0 + 3 * DAY, importDate: I2 });
  tx('pending', checking, { amount: -5000, date: T0 + 4 * DAY, importDate: I2, status: 'PENDING' });
  tx('cancelled', checking, { amount: -700, date: T0 + 5 * DAY, importDate: I2, status: 'CANCELLED' });
  tx('interest', savings, { amount: 1000, date: T0 + 6 * DAY, importDate: I3, categoryId: 'SAVINGS_INTEREST', type: 'INTEREST' });
  tx('round', savings, { amount: -1200, date: T0 + 7 * DAY, importDate: I3 });
  // Another user's data, never visible.
  const oc = insertConnection(db, other);
  otherAccount = insertAccount(db, other, oc, { type: 'SAVINGS' });
  ids.foreign = insertTransaction(db, other, otherAccount, { amount: -1234, date: T0, importDate: I1 });
});
afterAll(async () => engine?.stop());

async function list(query = '', t = token) {
  const res = await engine.http(`/v2/transactions${query ? `?${query}` : ''}`, { token: t });
  const body = (await res.json()) as any;
  return { res, body, ids: Array.isArray(body) ? body.map((x: any) => Number(x.id)) : [] };
}
const named = (...names: string[]) => names.map((n) => ids[n]);

describe('GET /transactions', () => {
  it('lists only BOOKED transactions by default, as a bare array with X-Total-Count', async () => {
    const { res, body, ids: got } = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(body)).toBe(true);
    expect(res.headers.get('x-total-count')).toBe('6');
    expect(got.sort()).toEqual(named('groceries', 'bakery', 'salary', 'cent', 'interest', 'round').sort());
  });

  it('orders by import date ascending, then id descending', async () => {
    const { ids: got } = await list();
    expect(got).toEqual(named('salary', 'bakery', 'groceries', 'cent', 'round', 'interest'));
  });

  it('serves the transaction record: ids as strings, signed amounts as numbers, optional fields left out', async () => {
    const { body } = await list();
    const g = body.find((t: any) => t.id === String(ids.groceries));
    expect(g).toEqual({
      id: String(ids.groceries),
      account_id: String(checking),
      amount: -12.34,
      currency: 'EUR',
      date: T0,
      import_date: T0 + 10 * DAY,
      booking_date: T0,
      value_date: T0 + DAY,
      last_update_date: T0 + 10 * DAY,
      label: 'Carrefour',
      notes: 'CB CARREFOUR 12/11',
      remittance_information: ['REF 1', 'Carrefour'],
      source: { label: 'Carrefour' },
      type: 'DEBIT',
      origin: 'TRANSACTION',
      category_id: 'SUPERMARKET',
      status: 'BOOKED',
    });
    const s = body.find((t: any) => t.id === String(ids.salary));
    expect(s.amount).toBe(2500);
    for (const key of ['notes', 'remittance_information', 'source', 'booking_date', 'value_date']) expect(s).not.toHaveProperty(key);
    expect(JSON.stringify(body)).not.toContain('null');
    expect(body.find((t: any) => t.id === String(ids.cent)).amount).toBe(0.01);
  });

  it('GET /transactions/{id} returns the same record, whatever its status', async () => {
    const { body } = await list();
    for (const record of body) {
      const res = await engine.http(`/v2/transactions/${record.id}`, { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(record);
    }
    const pending = await engine.http(`/v2/transactions/${ids.pending}`, { token });
    expect(((await pending.json()) as any).status).toBe('PENDING');
  });

  it("GET /transactions/{id}: another user's or an unknown id is 404", async () => {
    for (const id of [ids.foreign, 999999, 'abc', '0', '-1', '1.5']) {
      const res = await engine.http(`/v2/transactions/${id}`, { token });
      expect(res.status, String(id)).toBe(404);
      expect(((await res.json()) as any).error).toBe('not_found');
    }
    expect((await engine.http(`/v2/transactions/${ids.foreign}`, { token: otherToken })).status).toBe(200);
  });

  it('included_statuses and excluded_statuses (exclusive)', async () => {
    expect((await list('included_statuses=PENDING')).ids).toEqual(named('pending'));
    expect((await list('included_statuses=PENDING,CANCELLED')).ids).toEqual(named('cancelled', 'pending'));
    const ex = await list('excluded_statuses=BOOKED');
    expect(ex.ids).toEqual(named('cancelled', 'pending'));
    expect((await list('excluded_statuses=PENDING')).res.headers.get('x-total-count')).toBe('7');
    for (const q of ['included_statuses=BOOKED&excluded_statuses=PENDING', 'included_statuses=NOPE', 'excluded_statuses=BOOKED,', 'included_statuses=', 'included_statuses=booked']) {
      const { res, body } = await list(q);
      expect(res.status, q).toBe(400);
      expect(body.error).toBe('invalid_request');
    }
  });

  it('min_amount / max_amount are inclusive, amount is exact, all compared in minor units', async () => {
    expect((await list('amount=-12.34')).ids).toEqual(named('groceries'));
    expect((await list('amount=-12.340')).ids).toEqual(named('groceries'));
    expect((await list('amount=0.01')).ids).toEqual(named('cent'));
    expect((await list('amount=-12')).ids).toEqual(named('round'));
    expect((await list('amount=2500')).ids).toEqual(named('salary'));
    expect((await list('min_amount=-12.34&max_amount=-12.34')).ids).toEqual(named('groceries'));
    expect((await list('max_amount=-12.34')).ids).toEqual(named('bakery', 'groceries'));
    expect((await list('min_amount=0.01')).ids).toEqual(named('salary', 'cent', 'interest'));
    expect((await list('min_amount=%2B10&max_amount=2500.00')).ids).toEqual(named('salary', 'interest'));
    for (const q of ['amount=12.345', 'min_amount=0.001', 'amount=abc', 'amount=1,5', 'amount=1e3', 'min_amount=', 'amount=.5', 'min_amount=10&max_amount=-10']) {
      const { res } = await list(q);
      expect(res.status, q).toBe(400);
    }
  });

  it('account_type (exactly one type)', async () => {
    expect((await list('account_type=SAVINGS')).ids).toEqual(named('round', 'interest'));
    expect((await list('account_type=LOAN')).ids).toEqual([]);
    for (const q of ['account_type=SAVINGS,CHECKINGS', 'account_type=savings', 'account_type=']) {
      expect((await list(q)).res.status, q).toBe(400);
    }
  });

  it('start_date is inclusive, end_date exclusive, start_import_date strictly greater', async () => {
    expect((await list(`start_date=${T0 + 6 * DAY}`)).ids).toEqual(named('round', 'interest'));
    expect((await list(`end_date=${T0 + DAY}`)).ids).toEqual(named('groceries'));
    expect((await list(`start_date=${T0 + DAY}&end_date=${T0 + 3 * DAY}`)).ids).toEqual(named('salary', 'bakery'));
    expect((await list(`start_date=${T0}&end_date=${T0}`)).ids).toEqual([]);
    expect((await list(`start_import_date=${T0 + 20 * DAY}`)).ids).toEqual(named('round', 'interest'));
    expect((await list(`start_import_date=${T0 + 20 * DAY - 1}`)).ids).toEqual(named('cent', 'round', 'interest'));
    expect((await list('start_import_date=0')).res.headers.get('x-total-count')).toBe('6');
    for (const q of ['start_date=abc', 'end_date=-5', 'start_import_date=1.5', 'start_date=0x10', 'start_date=1e9', `start_date=${T0 + DAY}&end_date=${T0}`]) {
      expect((await list(q)).res.status, q).toBe(400);
    }
  });

  it('account_id: own account only; another user\'s or an unknown id matches nothing', async () => {
    expect((await list(`account_id=${savings}`)).ids).toEqual(named('round', 'interest'));
    expect((await list(`account_id=${checking}&start_import_date=${T0 + 10 * DAY}`)).ids).toEqual(named('cent'));
    for (const q of [`account_id=${otherAccount}`, 'account_id=999999', 'account_id=abc']) {
      const { res, ids: got } = await list(q);
      expect(res.status, q).toBe(200);
      expect(got, q).toEqual([]);
      expect(res.headers.get('x-total-count')).toBe('0');
    }
  });

  it('category_id: a leaf, or a parent that also matches its children', async () => {
    expect((await list('category_id=SUPERMARKET')).ids).toEqual(named('groceries'));
    expect((await list('category_id=FOOD')).ids).toEqual(named('bakery', 'groceries'));
    expect((await list('category_id=INCOME')).ids).toEqual(named('salary', 'interest'));
    expect((await list('category_id=UNCATEGORIZED')).ids).toEqual(named('cent', 'round'));
    for (const q of ['category_id=NOPE', 'category_id=food', 'category_id=']) expect((await list(q)).res.status, q).toBe(400);
  });

  it('origin: only TRANSACTION', async () => {
    expect((await list('origin=TRANSACTION')).res.headers.get('x-total-count')).toBe('6');
    expect((await list('origin=PAYMENT')).res.status).toBe(400);
  });

  it('page and limit (see docs/api/lists.md#paging): limit default 100, maximum 500, pages from 1', async () => {
    const p1 = await list('limit=2');
    const p2 = await list('limit=2&page=2');
    const p4 = await list('limit=2&page=4');
    expect(p1.ids).toEqual(named('salary', 'bakery'));
    expect(p2.ids).toEqual(named('groceries', 'cent'));
    expect(p4.ids).toEqual([]);
    expect(p4.res.headers.get('x-total-count')).toBe('6');
    expect((await list('limit=500')).res.status).toBe(200);
    for (const q of ['page=0', 'limit=0', 'limit=501', 'page=-1', 'page=1.5', 'limit=abc', 'page=', 'limit=1e2', 'page=0x10', 'limit=%2010']) {
      const { res, body } = await list(q);
      expect(res.status, q).toBe(400);
      expect(body.error, q).toBe('invalid_request');
    }
  });

  it('ignores unknown query parameters', async () => {
    expect((await list('foo=bar')).res.status).toBe(200);
  });

  it('a new transaction shows at once (cached counts and pages follow every write)', async () => {
    const before = await list('limit=3&page=2');
    expect(before.res.headers.get('x-total-count')).toBe('6');
    const db = engine.ctx.db;
    const user = Number(db.prepare('SELECT user_id FROM accounts WHERE id = ?').pluck().get(checking));
    const id = insertTransaction(db, user, checking, { amount: -1, importDate: T0 + 40 * DAY });
    const after = await list('limit=3&page=2');
    expect(after.res.headers.get('x-total-count')).toBe('7');
    expect(after.ids).toEqual([...before.ids.slice(0, 3)]);
    expect((await list('limit=3&page=3')).ids).toEqual([id]);
    db.prepare('DELETE FROM transactions WHERE id = ?').run(id);
    expect((await list()).res.headers.get('x-total-count')).toBe('6');
  });

  it('needs transactions_read (403), a token (401); served under /v2.1 too', async () => {
    const user = engine.createUser();
    const noScope = engine.userToken(user, ['accounts_read']);
    const r403 = await engine.http('/v2/transactions', { token: noScope });
    expect(r403.status).toBe(403);
    expect(r403.headers.get('www-authenticate')).toContain('transactions_read');
    expect((await engine.http('/v2/transactions')).status).toBe(401);
    expect((await engine.http(`/v2/transactions/${ids.salary}`)).status).toBe(401);
    const v21 = await engine.http('/v2.1/transactions', { token });
    expect(v21.status).toBe(200);
    expect(v21.headers.get('x-total-count')).toBe('6');
  });
});

describe('GET /transactions with accounts in currencies of different minor units', () => {
  let t: string;
  const mine: Record<string, number> = {};
  beforeAll(() => {
    const db = engine.ctx.db;
    const user = engine.createUser();
    t = engine.userToken(user, ['transactions_read']);
    const c = insertConnection(db, user);
    const eur = insertAccount(db, user, c, { currency: 'EUR' });
    const jpy = insertAccount(db, user, c, { currency: 'JPY' });
    mine.eur1500 = insertTransaction(db, user, eur, { amount: 150000, currency: 'EUR' });
    mine.jpy1500 = insertTransaction(db, user, jpy, { amount: 1500, currency: 'JPY' });
    mine.eur12_5 = insertTransaction(db, user, eur, { amount: 1250, currency: 'EUR' });
    mine.jpy12 = insertTransaction(db, user, jpy, { amount: 12, currency: 'JPY' });
  });

  it('compares each row in its own currency, exactly', async () => {
    const get = async (q: string) => ((await (await engine.http(`/v2/transactions?${q}`, { token: t })).json()) as any[]).map((x) => Number(x.id)).sort();
    expect(await get('amount=1500')).toEqual([mine.eur1500, mine.jpy1500].sort());
    expect(await get('amount=12.5')).toEqual([mine.eur12_5]);
    expect(await get('min_amount=12.01&max_amount=13')).toEqual([mine.eur12_5]);
    expect(await get('max_amount=12')).toEqual([mine.jpy12]);
    expect((await engine.http('/v2/transactions?amount=12.345', { token: t })).status).toBe(400);
    const all = (await (await engine.http('/v2/transactions', { token: t })).json()) as any[];
    expect(all.find((x) => Number(x.id) === mine.jpy1500).amount).toBe(1500);
    expect(all.find((x) => Number(x.id) === mine.eur12_5).amount).toBe(12.5);
  });
});
