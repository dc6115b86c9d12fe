import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * The person's own ledger over real HTTP and SQLite: manual connections and accounts, transactions entered by
 * hand (on a manual account and on a bank's), balances that include them, running balances and
 * reconciliation, and every bad input answered with the error body.
 */
let engine: TestEngine;
let token: string;
let otherToken: string;
let bankAccount: number;
let bankRow: number;
let otherAccount: number;
const DAY = 86_400;
const T0 = Date.UTC(2026, 9, 1) / 1000; // 2026-10-01

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  const user = engine.createUser();
  const other = engine.createUser();
  const scopes = ['connections_manage', 'accounts_manage', 'accounts_read', 'transactions_manage', 'transactions_read'] as const;
  token = engine.userToken(user, scopes);
  otherToken = engine.userToken(other, scopes);
  bankAccount = insertAccount(db, user, insertConnection(db, user), { type: 'CHECKINGS' });
  bankRow = insertTransaction(db, user, bankAccount, { amount: -500, date: T0, importDate: T0, label: 'Bank row' });
  otherAccount = insertAccount(db, other, insertConnection(db, other), { type: 'CHECKINGS' });
});
afterAll(async () => engine?.stop());

const call = async (method: string, path: string, json?: unknown, as = token) => {
  const res = await engine.http(`/v2${path}`, { method, token: as, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, location: res.headers.get('location') };
};
const ok = async <T = any>(method: string, path: string, json?: unknown, status = 200): Promise<T> => {
  const res = await call(method, path, json);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
};
const balanceOf = async (id: number | string) => (await ok('GET', `/accounts/${id}`)).balance as number;

async function manualAccount(json: Record<string, unknown> = {}) {
  const connection = await ok('POST', '/manual_connections', { name: 'My wallet' }, 201);
  const account = await ok('POST', '/manual_accounts', { connection_id: connection.id, name: 'Cash', kind: 'CASH', currency: 'EUR', balance: '50.00', ...json }, 201);
  return { connection, account };
}

describe('manual connections and accounts', () => {
  it('creates a connection with no channel that is never synchronized, and MANUAL accounts on it', async () => {
    const { connection, account } = await manualAccount();
    expect(connection).toMatchObject({ provider_id: 'manual', status: 'NONE', channels: [], auto_sync: false, name: 'My wallet' });
    expect(await ok('GET', `/connections/${connection.id}`)).toMatchObject({ status: 'NONE', channels: [] });
    expect(account).toMatchObject({ connection_id: connection.id, status: 'MANUAL', type: 'CHECKINGS', manual_kind: 'CASH', currency: 'EUR', balance: 50 });
    // Not offered as a bank to connect.
    const providers = await ok<any[]>('GET', '/providers?pagination=false');
    expect(providers.map((p) => p.id)).not.toContain('manual');

    const house = await ok('POST', '/manual_accounts', { connection_id: connection.id, name: 'House', kind: 'PROPERTY', currency: 'EUR', balance: 250000 }, 201);
    expect(house).toMatchObject({ type: 'SAVINGS', manual_kind: 'PROPERTY', balance: 250000 });
    expect(await ok('PUT', `/manual_accounts/${house.id}`, { name: 'Our house', kind: 'PROPERTY', balance: '262000.50' }, 204)).toBeUndefined();
    expect(await ok('GET', `/accounts/${house.id}`)).toMatchObject({ name: 'Our house', balance: 262000.5 });

    expect((await ok<any[]>('GET', `/accounts?connection_id=${connection.id}`)).map((a) => a.name).sort()).toEqual(['Cash', 'Our house']);
    await ok('DELETE', `/accounts/${house.id}`, undefined, 204);
    expect((await call('GET', `/accounts/${house.id}`)).status).toBe(404);
    expect((await ok('GET', `/connections/${connection.id}`)).id).toBe(connection.id);
  });
});

describe('manual transactions', () => {
  it('adds, edits and deletes them on a manual account; the balance follows', async () => {
    const { account } = await manualAccount();
    const created = await call('POST', '/manual_transactions', { account_id: account.id, amount: '-12.30', date: T0, label: '  Baker  ', user_note: 'bread' });
    expect(created.status).toBe(201);
    const t = created.body;
    expect(created.location).toBe(`/transactions/${t.id}`);
    expect(t).toMatchObject({ account_id: account.id, amount: -12.3, currency: 'EUR', date: T0, label: 'Baker', status: 'BOOKED', manual: true, user_note: 'bread', category_id: 'UNCATEGORIZED' });
    expect(await ok('GET', `/transactions/${t.id}`)).toMatchObject({ manual: true });
    expect(await balanceOf(account.id)).toBe(37.7);

    await ok('PUT', `/manual_transactions/${t.id}`, { amount: -20, date: T0 + DAY, label: 'Baker and cakes' }, 204);
    expect(await ok('GET', `/transactions/${t.id}`)).toMatchObject({ amount: -20, date: T0 + DAY, label: 'Baker and cakes', manual: true });
    expect(await balanceOf(account.id)).toBe(30);
    // The balance the person gives is today's: the opening part absorbs what the entries do not explain.
    await ok('PUT', `/manual_accounts/${account.id}`, { name: 'Cash', kind: 'CASH', balance: '100' }, 204);
    expect(await balanceOf(account.id)).toBe(100);

    await ok('DELETE', `/manual_transactions/${t.id}`, undefined, 204);
    expect((await call('GET', `/transactions/${t.id}`)).status).toBe(404);
    expect(await balanceOf(account.id)).toBe(120);
  });

  it('adds one to a bank account, marked as the person\'s, counted in the balance; the bank\'s rows stay untouchable', async () => {
    const before = await balanceOf(bankAccount);
    const t = await ok('POST', '/manual_transactions', { account_id: String(bankAccount), amount: 40, date: T0, label: 'Cash from the machine', currency: 'EUR', category_id: 'UNCATEGORIZED' }, 201);
    expect(t.manual).toBe(true);
    expect(await balanceOf(bankAccount)).toBe(before + 40);
    const bank = await ok('GET', `/transactions/${bankRow}`);
    expect(bank).not.toHaveProperty('manual');
    expect((await call('PUT', `/manual_transactions/${bankRow}`, { amount: 1, date: T0, label: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/manual_transactions/${bankRow}`)).status).toBe(404);
    expect(await ok('GET', `/transactions/${bankRow}`)).toEqual(bank);
    // The history lists it with the bank's rows; its category and note are edited like any other's.
    const listed = await ok<any[]>('GET', `/transactions?account_id=${bankAccount}`);
    expect(listed.find((r) => r.id === t.id)).toMatchObject({ manual: true });
    await ok('PUT', `/transactions/${t.id}`, { user_note: 'for the market' }, 204);
    expect(await ok('GET', `/transactions/${t.id}`)).toMatchObject({ manual: true, user_note: 'for the market', amount: 40 });
  });
});

describe('bad input', () => {
  let account: any;
  let connection: any;
  beforeAll(async () => ({ account, connection } = await manualAccount()));

  const expectError = async (res: { status: number; body: any }, status: number, words?: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toBe(status === 404 ? 'not_found' : 'invalid_request');
    expect(typeof res.body.error_description).toBe('string');
    if (words) expect(res.body.error_description).toMatch(words);
  };
  const tx = (json: Record<string, unknown>) => call('POST', '/manual_transactions', { account_id: account.id, amount: '-1.00', date: T0, label: 'x', ...json });

  it.each([
    [{ amount: '1.234' }, /decimals/],
    [{ amount: '12,30' }, /decimal/],
    [{ amount: 0 }, /not be 0/],
    [{ amount: '1e5' }, /decimal/],
    [{ amount: true }, /amount/],
    [{ amount: '2000000000000' }, /trillion/],
    [{ amount: '99999999999999999' }, /decimal/],
    [{ currency: 'USD' }, /account's \(EUR\)/],
    [{ currency: 'eur' }, /three-letter/],
    [{ date: '2026-10-01' }, /date/],
    [{ date: -5 }, /date/],
    [{ label: '   ' }, /label/],
    [{ category_id: 'NOPE' }, /category/],
    [{ unknown: 1 }, /unknown|additional/i],
  ])('refuses the transaction %j with 400', async (json, words) => {
    await expectError(await tx(json), 400, words);
  });

  it('answers 404 for another user\'s account or transaction, 400 for a CLOSED account or a bank\'s connection', async () => {
    await expectError(await tx({ account_id: String(otherAccount) }), 404);
    await expectError(await call('POST', '/manual_accounts', { connection_id: connection.id, name: 'x', kind: 'CASH', currency: 'EUR' }, otherToken), 404);
    const mine = await ok('POST', '/manual_transactions', { account_id: account.id, amount: 3, date: T0, label: 'mine' }, 201);
    await expectError(await call('PUT', `/manual_transactions/${mine.id}`, { amount: 1, date: T0, label: 'y' }, otherToken), 404);
    await expectError(await call('DELETE', `/manual_transactions/${mine.id}`, undefined, otherToken), 404);

    const bankConnection = (await ok('GET', `/accounts/${bankAccount}`)).connection_id;
    await expectError(await call('POST', '/manual_accounts', { connection_id: bankConnection, name: 'x', kind: 'CASH', currency: 'EUR' }), 400, /manual connection/);
    await expectError(await call('PUT', `/manual_accounts/${bankAccount}`, { name: 'x', kind: 'CASH', balance: 1 }), 400, /bank/);
    await expectError(await call('POST', '/manual_accounts', { connection_id: connection.id, name: 'x', kind: 'GOLD', currency: 'EUR' }), 400);
    await expectError(await call('POST', '/manual_accounts', { connection_id: connection.id, name: 'x', kind: 'CASH', currency: 'EURO' }), 400);
    await expectError(await call('POST', '/manual_connections', { name: 'x', provider_id: 'manual' }), 400);

    await ok('PUT', `/accounts/${account.id}`, { name: 'Cash', status: 'CLOSED' }, 204);
    const balance = await ok('GET', `/accounts/${account.id}`);
    await expectError(await tx({}), 400, /closed/);
    await expectError(await call('PUT', `/manual_transactions/${mine.id}`, { amount: 1, date: T0, label: 'y' }), 400, /closed/);
    await expectError(await call('DELETE', `/manual_transactions/${mine.id}`), 400, /closed/);
    expect(await ok('GET', `/accounts/${account.id}`)).toEqual(balance);
    expect(balance).toMatchObject({ status: 'CLOSED', balance: 0, closing_balance: 53 });
  });
});

describe('running balance and reconciliation', () => {
  it('gives the balance after each booked row and says the difference with the statement', async () => {
    const { account } = await manualAccount({ balance: '100.00' });
    const add = (amount: number, day: number) => ok('POST', '/manual_transactions', { account_id: account.id, amount, date: T0 + day * DAY, label: `day ${day}` }, 201);
    const a = await add(-10, 0);
    const b = await add(5, 1);
    const c = await add(-20, 2);
    expect(await balanceOf(account.id)).toBe(75);
    const rows = await ok<any[]>('GET', `/accounts/${account.id}/running_balances`);
    expect(rows.map((r) => [r.transaction_id, r.amount, r.balance])).toEqual([
      [c.id, -20, 75],
      [b.id, 5, 95],
      [a.id, -10, 90],
    ]);
    const page2 = await call('GET', `/accounts/${account.id}/running_balances?limit=1&page=2`);
    expect(page2.body).toEqual([rows[1]]);

    expect((await call('GET', `/accounts/${account.id}/reconciliation`)).status).toBe(404);
    expect(await ok('PUT', `/accounts/${account.id}/reconciliation`, { date: '2026-10-02', statement_balance: '90.00' })).toMatchObject({
      account_id: account.id,
      date: '2026-10-02',
      statement_balance: 90,
      balance: 95,
      difference: -5,
    });
    // The forgotten receipt is entered: the difference is gone at the next read.
    await add(-5, 1);
    expect(await ok('GET', `/accounts/${account.id}/reconciliation`)).toMatchObject({ date: '2026-10-02', balance: 90, difference: 0 });

    await ok('DELETE', `/accounts/${account.id}/reconciliation`, undefined, 204);
    expect((await call('GET', `/accounts/${account.id}/reconciliation`)).status).toBe(404);
  });

  it.each([
    [{ date: '2026-02-30', statement_balance: 1 }],
    [{ date: '30/10/2026', statement_balance: 1 }],
    [{ date: '2026-10-02', statement_balance: '1.001' }],
    [{ date: '2026-10-02' }],
    [{ date: '2026-10-02', statement_balance: 1, note: 'x' }],
  ])('refuses the reconciliation %j with 400', async (json) => {
    const res = await call('PUT', `/accounts/${bankAccount}/reconciliation`, json);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('answers 404 for another user\'s account', async () => {
    expect((await call('PUT', `/accounts/${otherAccount}/reconciliation`, { date: '2026-10-02', statement_balance: 1 })).status).toBe(404);
    expect((await call('GET', `/accounts/${otherAccount}/running_balances`)).status).toBe(404);
  });
});

describe('export and import', () => {
  it('keeps accounts kept by hand, the person\'s transactions and the balances they make', async () => {
    const { account } = await manualAccount({ name: 'Cash', balance: '10.00' });
    const t = await ok('POST', '/manual_transactions', { account_id: account.id, amount: '-2.50', date: T0, label: 'Coffee' }, 201);
    await ok('POST', '/manual_transactions', { account_id: String(bankAccount), amount: 7, date: T0, label: 'Cash in' }, 201);
    const bankBefore = await ok('GET', `/accounts/${bankAccount}`);
    const exported = await engine.http('/v2/users/me/export', { token: engine.userToken(engine.ctx.db.prepare('SELECT user_id FROM accounts WHERE id = ?').pluck().get(bankAccount) as number, ['profile']) });
    expect(exported.status).toBe(200);
    const document = await exported.text();

    const fresh = engine.createUser();
    const freshToken = engine.userToken(fresh, ['profile_edit', 'accounts_read', 'transactions_read']);
    const imported = await engine.http('/v2/users/me/import', { method: 'POST', token: freshToken, body: document, headers: { 'content-type': 'application/json' } });
    expect(imported.status, await imported.clone().text()).toBe(201);

    const accounts = (await (await engine.http('/v2/accounts', { token: freshToken })).json()) as any[];
    const cash = accounts.find((a) => a.manual_kind === 'CASH' && a.balance === 7.5);
    expect(cash, JSON.stringify(accounts)).toMatchObject({ status: 'MANUAL', name: 'Cash' });
    const bank = accounts.find((a) => a.name === bankBefore.name);
    expect(bank.balance).toBe(bankBefore.balance);
    const rows = (await (await engine.http(`/v2/transactions?account_id=${cash.id}`, { token: freshToken })).json()) as any[];
    expect(rows).toEqual([expect.objectContaining({ label: t.label, amount: -2.5, manual: true })]);
    const connections = (await (await engine.http('/v2/connections', { token: freshToken })).json()) as any[];
    expect(connections.filter((c) => c.provider_id === 'manual').length).toBeGreaterThan(0);
  });
});
