import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';
import { ALL_SCOPES, api, getJson, type Caller } from '../sync/sync-helpers';

/**
 * The budget in GET /forecast over real HTTP and SQLite: its spending is taken from the main everyday account
 * (the busiest of the person's everyday accounts), this month's money left spread over the days left, next
 * month's assigned amount over its days; the other accounts are untouched.
 */
const NOW = Date.UTC(2026, 10, 28, 12) / 1000;
let engine: TestEngine;
let c: Caller;
let main: number;
let second: number;
let savings: number;
let expense: string;

beforeAll(async () => {
  engine = await startTestEngine();
  engine.ctx.now = () => NOW;
  const userId = engine.createUser();
  c = { engine, userId, token: engine.userToken(userId, [...ALL_SCOPES, 'transactions_manage']) };
  const db = engine.ctx.db;
  const connection = insertConnection(db, userId);
  // The joint account comes first (the lowest id) but the everyday one is busier: it is the main one.
  second = insertAccount(db, userId, connection, { type: 'CHECKINGS', balance: 50_000, name: 'Joint' });
  main = insertAccount(db, userId, connection, { type: 'CHECKINGS', balance: 100_000, name: 'Everyday' });
  savings = insertAccount(db, userId, connection, { type: 'SAVINGS', balance: 500_000, name: 'Savings' });
  insertAccount(db, userId, connection, { type: 'LOAN', balance: -900_000, name: 'Car loan' });
  // October: three payments on the everyday account, one on the joint one (before the budget starts).
  for (const [account, day] of [[main, 3], [main, 10], [main, 17], [second, 5]] as const) {
    const date = Date.UTC(2026, 9, day) / 1000;
    insertTransaction(db, userId, account, { amount: 0, date, importDate: date });
  }
  expense = db.prepare("SELECT id FROM categories WHERE type = 'EXPENSE' AND parent_id IS NOT NULL ORDER BY position LIMIT 1").pluck().get() as string;
  const put = async (path: string, json: unknown) => expect((await api(c, path, { method: 'PUT', json })).status).toBeLessThan(300);
  await put('/budget', { style: 'ENVELOPE', start_month: '2026-11' });
  await put(`/budget/months/2026-11/categories/${expense}`, { amount: 200 });
  await put(`/budget/months/2026-12/categories/${expense}`, { amount: 310 });
});
afterAll(async () => engine?.stop());

const changes = (a: { balance: number; points: { date: string; balance: number }[] }) => {
  const out: Record<string, number> = {};
  let before = a.balance;
  for (const p of a.points) {
    if (p.balance !== before) out[p.date] = Math.round((p.balance - before) * 100) / 100;
    before = p.balance;
  }
  return out;
};

describe('the budget in the forecast', () => {
  it('spends this month\'s money left and next month\'s plan on the main everyday account only', async () => {
    const f = await getJson<any>(c, '/forecast?days=40');
    expect(f).toMatchObject({ currency: 'EUR', budget_account_id: String(main), days: 40 });
    expect(f.accounts.map((a: any) => a.id)).toEqual([String(second), String(main), String(savings)]);
    const everyday = f.accounts[1];
    expect(everyday.points[0]).toEqual({ date: '2026-11-29', balance: 900 });
    const c0 = changes(everyday);
    expect(c0['2026-11-29']).toBe(-100);
    expect(c0['2026-11-30']).toBe(-100);
    expect(c0['2026-12-01']).toBe(-10);
    expect(c0['2026-12-31']).toBe(-10);
    expect(Object.keys(c0)).toHaveLength(2 + 31 + 0);
    expect(everyday.points[everyday.points.length - 1]).toEqual({ date: '2027-01-07', balance: 490 });
    expect(everyday.first_below_zero).toBeUndefined();
    expect(changes(f.accounts[0])).toEqual({});
    expect(changes(f.accounts[2])).toEqual({});
  });

  it('says the first day below zero when the plan is more than the account holds', async () => {
    expect((await api(c, `/budget/months/2026-12/categories/${expense}`, { method: 'PUT', json: { amount: 3100 } })).status).toBe(204);
    const everyday = (await getJson<any>(c, '/forecast?days=40')).accounts[1];
    // 800 left on 1 December, then 100 a day: 700, 600, …, 0 on the 8th, below zero on the 9th.
    expect(everyday.first_below_zero).toBe('2026-12-09');
  });

  it('leaves the budget out, never at 1:1, when its currency has no rate to the account\'s', async () => {
    const props = await engine.http('/v2/users/me/properties', { method: 'PUT', json: { reporting_currency: 'USD' }, token: c.token });
    expect(props.status).toBe(204);
    const f = await getJson<any>(c, '/forecast?days=40');
    expect(f.currency).toBeUndefined();
    expect(f.budget_account_id).toBeUndefined();
    expect(changes(f.accounts[1])).toEqual({});
  });
});
