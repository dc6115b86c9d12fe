import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEcbEmulator, type EcbEmulator } from '../../emulators/ecb/server';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/** An answer's JSON body, checked field by field by the tests. */
const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();

/**
 * GET /reports/{kind} over real HTTP and SQLite, with the ECB's real rates of early 2017 from the loopback
 * emulator (EUR→USD 1.0533 on 2017-03-01): a split counts as its parts, a linked transfer nowhere, a
 * transfer category in neither income nor spending, a refund lowers spending, pending rows never count, a
 * dollar row is converted at its day's rate, a currency with no rate is left out and listed.
 */
let ecb: EcbEmulator;
let engine: TestEngine;
let user: number;
let token: string;
const ids: Record<string, number> = {};
const at = (date: string) => Date.parse(`${date}T12:00:00Z`) / 1000;

async function put(path: string, body: unknown, method = 'PUT'): Promise<Response> {
  const res = await engine.http(`/v2${path}`, { method, json: body, token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res;
}

beforeAll(async () => {
  ecb = await startEcbEmulator();
  engine = await startTestEngine({ fxRatesUrl: ecb.baseUrl });
  const db = engine.ctx.db;
  user = engine.createUser();
  token = engine.userToken(user, ['accounts_read', 'transactions_read', 'transactions_manage', 'profile', 'profile_edit']);
  const c = insertConnection(db, user);
  const eur = insertAccount(db, user, c, { currency: 'EUR', balance: 1_000_000 });
  const savings = insertAccount(db, user, c, { currency: 'EUR', balance: 50_000, type: 'SAVINGS' });
  const usd = insertAccount(db, user, c, { currency: 'USD', balance: 105_330 });
  const ars = insertAccount(db, user, c, { currency: 'ARS', balance: 5_000 });
  const tx = (name: string, account: number, amount: number, date: string, categoryId: string, extra: { currency?: string; status?: string } = {}) =>
    (ids[name] = insertTransaction(db, user, account, { amount, date: at(date), categoryId, ...extra }));
  tx('salary', eur, 200_000, '2017-02-03', 'SALARY');
  tx('groceries', eur, -10_000, '2017-02-10', 'SUPERMARKET');
  tx('split', eur, -30_000, '2017-02-15', 'UNCATEGORIZED');
  tx('pending', eur, -99_900, '2017-02-11', 'SUPERMARKET', { status: 'PENDING' });
  tx('toSavings', eur, -50_000, '2017-02-20', 'INTERNAL_TRANSFER');
  tx('fromChecking', savings, 50_000, '2017-02-20', 'INTERNAL_TRANSFER');
  tx('rent', eur, -5_000, '2017-03-02', 'RENT');
  tx('refund', eur, 2_000, '2017-03-05', 'SUPERMARKET');
  tx('dollars', usd, -10_533, '2017-03-01', 'SUPERMARKET', { currency: 'USD' });
  tx('unlinkedTransfer', eur, -7_000, '2017-03-10', 'INTERNAL_TRANSFER');
  tx('pesos', ars, -1_000, '2017-03-03', 'SUPERMARKET', { currency: 'ARS' });
  tx('january', eur, -8_000, '2017-01-10', 'SUPERMARKET');
  // Another person's spending is never counted.
  const other = engine.createUser();
  insertTransaction(db, other, insertAccount(db, other, insertConnection(db, other)), { amount: -123_400, date: at('2017-02-10'), categoryId: 'SUPERMARKET' });

  const admin = engine.clientToken(['admin']);
  expect((await json(engine.http('/v2/admin/fx_rates/refresh', { method: 'POST', token: admin }))).ok).toBe(true);
  await put(`/transactions/${ids.split}/splits`, { splits: [{ amount: -200, category_id: 'SUPERMARKET' }, { amount: -100, category_id: 'RENT' }] });
  await put(`/transactions/${ids.split}`, { tags: ['home', 'food'] });
  await put(`/transactions/${ids.groceries}`, { tags: ['food'], payee_name: 'Lidl' });
  await put(`/transactions/${ids.salary}`, { payee_name: 'ACME' });
  await put('/transfers', { transaction_ids: [String(ids.toSavings), String(ids.fromChecking)] }, 'POST');
});
afterAll(async () => {
  await engine?.stop();
  await ecb?.stop();
});

const report = (kind: string, query = '?from=2017-02-01&to=2017-03-31&currency=EUR', t = token) => engine.http(`/v2/reports/${kind}${query}`, { token: t });
const body = async (kind: string, query?: string) => {
  const res = await report(kind, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
};

describe('GET /reports/{kind}', () => {
  it('income_expense: income categories against the others, by month; transfers and pending rows nowhere', async () => {
    const r = await body('income_expense');
    expect(r).toMatchObject({ kind: 'income_expense', currency: 'EUR', from: '2017-02-01', to: '2017-03-31', missing_rates: ['ARS'] });
    expect(r.rows).toEqual([
      { month: '2017-02', income: 2000, expense: 400, net: 1600 },
      // Rent 50, the refund −20, 105.33 dollars at 1.0533 = 100 euros; the transfer category counts in neither.
      { month: '2017-03', income: 0, expense: 130, net: -130 },
    ]);
  });

  it('cash_flow: every amount received and paid by month, linked transfers left out', async () => {
    const r = await body('cash_flow');
    expect(r.rows).toEqual([
      { month: '2017-02', in: 2000, out: 400, net: 1600 },
      { month: '2017-03', in: 20, out: 220, net: -200 },
    ]);
  });

  it('spending_by_category: split parts in their own categories, beside the previous period of the same length', async () => {
    const r = await body('spending_by_category');
    expect(r).toMatchObject({ previous_from: '2016-12-04', previous_to: '2017-01-31' });
    expect(r.rows).toEqual([
      { category_id: 'SUPERMARKET', amount: 380, previous_amount: 80, count: 4 },
      { category_id: 'RENT', amount: 150, previous_amount: 0, count: 2 },
    ]);
  });

  it('spending_by_tag: a row with two tags counts under both', async () => {
    const r = await body('spending_by_tag');
    expect(r.rows).toEqual([
      { tag: 'food', amount: 400, previous_amount: 0, count: 3 },
      { tag: 'home', amount: 300, previous_amount: 0, count: 2 },
    ]);
  });

  it('top_payees: the most paid first, at most limit', async () => {
    const r = await body('top_payees');
    expect(r.rows).toEqual([
      { payee_id: expect.any(String), payee_name: 'Lidl', spent: 100, received: 0, count: 1 },
      { payee_id: expect.any(String), payee_name: 'ACME', spent: 0, received: 2000, count: 1 },
    ]);
    const one = await body('top_payees', '?from=2017-02-01&to=2017-03-31&currency=EUR&limit=1');
    expect(one.rows.map((p: { payee_name: string }) => p.payee_name)).toEqual(['Lidl']);
    // The payee id drills down to the history of that payee.
    const listed = await json(engine.http(`/v2/transactions?payee_id=${one.rows[0].payee_id}`, { token }));
    expect(listed.map((t: { id: string }) => t.id)).toEqual([String(ids.groceries)]);
  });

  it('converts into another currency at each day\'s rate', async () => {
    const r = await body('income_expense', '?from=2017-03-01&to=2017-03-31&currency=USD');
    // 50 euros on 2017-03-02 at 1.0514 = 52.57 dollars, a refund of 20 euros on the 5th (a Sunday: the 3rd's rate,
    // 1.0565) = 21.13 dollars, and 105.33 dollars as they are.
    expect(r.rows).toEqual([{ month: '2017-03', income: 0, expense: 136.77, net: -136.77 }]);
  });

  it('net_worth: each month end per account and in total, the same figures as the summary of that day', async () => {
    const r = await body('net_worth');
    expect(r.rows.map((m: { date: string }) => m.date)).toEqual(['2017-02-28', '2017-03-31']);
    expect(r.missing_rates).toEqual(['ARS']);
    for (const row of r.rows) {
      const summary = await json(engine.http(`/v2/summary?currency=EUR&date=${row.date}`, { token }));
      expect(row).toMatchObject({ net_worth: summary.net_worth, assets: summary.assets, debts: summary.debts, missing_rates: ['ARS'] });
      expect(row.accounts.map((a: { account_id: string }) => a.account_id)).toEqual(summary.accounts.map((a: { id: string }) => a.id));
    }
    // The euro account at the end of February: today's 10,000 less what was booked after (−50 + 20 − 70).
    expect(r.rows[0].accounts[0]).toEqual({ account_id: expect.any(String), currency: 'EUR', balance: 10_100, converted: 10_100 });
  });

  it('defaults to the reporting currency and to the twelve months up to today', async () => {
    await put('/users/me/properties', { reporting_currency: 'USD' });
    const r = await body('cash_flow', '');
    expect(r.currency).toBe('USD');
    expect(r.rows).toHaveLength(12);
    expect(r.to).toBe(new Date().toISOString().slice(0, 10));
    expect(r.from).toBe(`${r.rows[0].month}-01`);
  });

  it('answers 400 invalid_request to every bad input', async () => {
    const bad = [
      ['income_expense', '?from=2017-02-30'],
      ['income_expense', '?to=yesterday'],
      ['income_expense', '?from=1998-12-31'],
      ['income_expense', '?from=2017-03-01&to=2017-02-01'],
      ['income_expense', '?from=1999-01-01&to=2030-01-01'],
      ['income_expense', '?currency=eur'],
      ['income_expense', '?currency=EURO'],
      ['top_payees', '?limit=0'],
      ['top_payees', '?limit=101'],
      ['top_payees', '?limit=ten'],
      ['top_payees', '?limit=1.5'],
      ['everything', ''],
    ] as const;
    for (const [kind, query] of bad) {
      const res = await report(kind, query);
      expect(res.status, `${kind}${query}`).toBe(400);
      expect((await json(res)).error, `${kind}${query}`).toBe('invalid_request');
    }
  });

  it("shows another person nothing of this one's money, and needs transactions_read", async () => {
    const other = engine.createUser();
    const res = await report('spending_by_category', '?from=2017-02-01&to=2017-03-31&currency=EUR', engine.userToken(other, ['transactions_read']));
    expect((await json(res)).rows).toEqual([]);
    expect((await report('income_expense', '', engine.userToken(user, ['accounts_read']))).status).toBe(403);
  });
});
