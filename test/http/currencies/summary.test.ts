import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEcbEmulator, type EcbEmulator } from '../../emulators/ecb/server';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/** An answer's JSON body, checked field by field by the tests. */
const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();

/**
 * GET /summary over real HTTP and SQLite, with the ECB's real rates of 2017-03-03 fetched from the loopback
 * emulator (EUR→USD 1.0565, EUR→GBP 0.86355, EUR→JPY 120.83): balances at the end of a day, converted and
 * rounded to the cent, assets, debts and net worth, the accounts left out of totals, and missing rates.
 */
let ecb: EcbEmulator;
let engine: TestEngine;
let user: number;
let token: string;
const ids: Record<string, string> = {};
/** After 2017-03-03 and before the day of the fixtures' balances (2023-11-14), which therefore count it. */
const MARCH_10 = Date.parse('2017-03-10T12:00:00Z') / 1000;

beforeAll(async () => {
  ecb = await startEcbEmulator();
  engine = await startTestEngine({ fxRatesUrl: ecb.baseUrl });
  const db = engine.ctx.db;
  user = engine.createUser();
  token = engine.userToken(user, ['accounts_read', 'profile', 'profile_edit']);
  const c = insertConnection(db, user);
  const account = (name: string, f: Parameters<typeof insertAccount>[3]) => (ids[name] = String(insertAccount(db, user, c, f)));
  account('eur', { currency: 'EUR', balance: 100_000 });
  account('usd', { currency: 'USD', balance: 52_825 });
  account('gbp', { currency: 'GBP', balance: -17_271, type: 'CREDIT_CARD' });
  account('jpy', { currency: 'JPY', balance: 120_830 });
  account('ars', { currency: 'ARS', balance: 5_000 });
  account('closed', { currency: 'EUR', balance: 0, status: 'CLOSED' });
  account('pending', { currency: 'EUR', balance: 99_999, status: 'PENDING_CONSENT' });
  account('hidden', { currency: 'USD', balance: 77_777 });
  db.prepare('UPDATE accounts SET hidden_from_totals = 1 WHERE id = ?').run(Number(ids.hidden));
  // Booked after 2017-03-03 (counted in today's balance, not in that day's); a pending one never counts.
  insertTransaction(db, user, Number(ids.eur), { amount: 10_000, date: MARCH_10 });
  insertTransaction(db, user, Number(ids.eur), { amount: -2_500, date: MARCH_10, status: 'PENDING' });
  const admin = engine.clientToken(['admin']);
  const refreshed = await engine.http('/v2/admin/fx_rates/refresh', { method: 'POST', token: admin });
  expect((await json(refreshed)).ok).toBe(true);
});
afterAll(async () => {
  await engine?.stop();
  await ecb?.stop();
});

const summary = async (query = '', t = token) => engine.http(`/v2/summary${query}`, { token: t });

describe('GET /summary', () => {
  it('converts each counted account at the day\'s rate, rounded to the cent, and sums assets and debts', async () => {
    const res = await summary('?currency=EUR&date=2017-03-03');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.accounts).toEqual([
      { id: ids.eur, currency: 'EUR', balance: 900, converted: 900, rate: 1, rate_date: '2017-03-03' },
      { id: ids.usd, currency: 'USD', balance: 528.25, converted: 500, rate: expect.closeTo(1 / 1.0565, 9), rate_date: '2017-03-03' },
      { id: ids.gbp, currency: 'GBP', balance: -172.71, converted: -200, rate: expect.closeTo(1 / 0.86355, 9), rate_date: '2017-03-03' },
      { id: ids.jpy, currency: 'JPY', balance: 120_830, converted: 1000, rate: expect.closeTo(1 / 120.83, 9), rate_date: '2017-03-03' },
      { id: ids.ars, currency: 'ARS', balance: 50 },
    ]);
    expect(body).toMatchObject({ currency: 'EUR', date: '2017-03-03', assets: 2400, debts: -200, net_worth: 2200, missing_rates: ['ARS'] });
  });

  it("uses today's balance for today, and the last earlier rate", async () => {
    const body = await json(summary('?currency=EUR'));
    expect(body.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.accounts[0]).toMatchObject({ balance: 1000, converted: 1000 });
    expect(body.accounts[1]).toMatchObject({ rate_date: '2017-03-03' });
  });

  it('converts into a currency other than the euro through the euro', async () => {
    const body = await json(summary('?currency=USD&date=2017-03-03'));
    expect(body.accounts.find((a: { id: string }) => a.id === ids.eur)).toMatchObject({ converted: 950.85 });
    expect(body.accounts.find((a: { id: string }) => a.id === ids.jpy)).toMatchObject({ converted: 1056.5 });
    expect(body.missing_rates).toEqual(['ARS']);
  });

  it("counts an account whose currency got a rate of the person's own", async () => {
    const put = await engine.http('/v2/fx_rates/ARS/EUR/2017-01-02', { method: 'PUT', json: { rate: 0.06 }, token });
    expect(put.status).toBe(204);
    const body = await json(summary('?currency=EUR&date=2017-03-03'));
    expect(body.accounts.at(-1)).toMatchObject({ id: ids.ars, converted: 3, rate: 0.06, rate_date: '2017-01-02' });
    expect(body).toMatchObject({ assets: 2403, net_worth: 2203, missing_rates: [] });
    await engine.http('/v2/fx_rates/ARS/EUR/2017-01-02', { method: 'DELETE', token });
  });

  it('defaults to the reporting_currency property, else the currency holding the largest part', async () => {
    // JPY 120,830 ≈ €1,000 is the largest part, in euros (its amount alone would be larger still).
    expect((await json(summary('?date=2017-03-03'))).currency).toBe('JPY');
    const props = await engine.http(`/v2/users/me/properties`, { method: 'PUT', json: { reporting_currency: 'GBP' }, token });
    expect(props.status).toBe(204);
    const body = await json(summary('?date=2017-03-03'));
    expect(body.currency).toBe('GBP');
    expect(body.accounts.find((a: { id: string }) => a.id === ids.gbp)).toMatchObject({ converted: -172.71, rate: 1 });
  });

  it('answers 400 invalid_request to a bad currency or day', async () => {
    for (const query of ['?currency=eur', '?currency=EURO', '?date=2017-02-29', '?date=yesterday']) {
      const res = await summary(query);
      expect(res.status, query).toBe(400);
      expect((await json(res)).error).toBe('invalid_request');
    }
  });

  it("shows another person nothing of this one's accounts, and needs accounts_read", async () => {
    const other = engine.createUser();
    const body = await json(summary('?currency=EUR', engine.userToken(other, ['accounts_read'])));
    expect(body).toMatchObject({ accounts: [], assets: 0, debts: 0, net_worth: 0, missing_rates: [] });
    expect((await summary('', engine.userToken(user, ['profile']))).status).toBe(403);
  });
});
