import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * Splits (PUT /transactions/{id}/splits) and transfers between a person's own accounts (/transfers), over
 * real HTTP and SQLite: the parts and the link in the transaction record, every bad input the standard
 * error body, another user's ids 404.
 */
let engine: TestEngine;
let manage: string;
let readOnly: string;
let otherManage: string;
const ids: Record<string, number> = {};
const T0 = 1_700_000_000;
const DAY = 86_400;

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  const user = engine.createUser();
  const other = engine.createUser();
  manage = engine.userToken(user, ['transactions_manage', 'transactions_read']);
  readOnly = engine.userToken(user, ['transactions_read']);
  otherManage = engine.userToken(other, ['transactions_manage', 'transactions_read']);
  const c = insertConnection(db, user);
  const checking = insertAccount(db, user, c, { type: 'CHECKINGS' });
  const savings = insertAccount(db, user, c, { type: 'SAVINGS' });
  const tx = (name: string, account: number, f: Parameters<typeof insertTransaction>[3]) =>
    (ids[name] = insertTransaction(db, user, account, { importDate: T0, ...f }));
  tx('receipt', checking, { amount: -4_250, date: T0, categoryId: 'SUPERMARKET', label: 'Monoprix' });
  tx('yen', checking, { amount: -1_000, currency: 'JPY', date: T0, label: 'Tokyo' });
  tx('out', checking, { amount: -50_000, date: T0, label: 'VIR vers livret' });
  tx('in', savings, { amount: 50_000, date: T0 + 2 * DAY, label: 'VIR depuis compte' });
  tx('sameAccount', checking, { amount: 50_000, date: T0 + DAY, label: 'Refund' });
  tx('loose', savings, { amount: 7_000, date: T0, label: 'Interest' });
  const oc = insertConnection(db, other);
  const otherAccount = insertAccount(db, other, oc, { type: 'CHECKINGS' });
  ids.foreign = insertTransaction(db, other, otherAccount, { amount: -7_000, date: T0, importDate: T0, label: 'Theirs' });
});
afterAll(async () => engine?.stop());

const api = (path: string, method = 'GET', json?: unknown, token = manage) =>
  engine.http(`/v2${path}`, { method, token, ...(json === undefined ? {} : { json }) });
const get = async (id: number, token = manage) => (await (await api(`/transactions/${id}`, 'GET', undefined, token)).json()) as any;
const split = (id: number | string, splits: unknown, token = manage) => api(`/transactions/${id}/splits`, 'PUT', { splits }, token);
const expectError = async (res: Response, status: number, error: string, words?: string) => {
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toBe(error);
  expect(typeof body.error_description).toBe('string');
  if (words) expect(body.error_description).toContain(words);
  return body;
};

describe('PUT /transactions/{id}/splits', () => {
  it('leaves the record without splits until split, then lists the parts in order', async () => {
    expect(await get(ids.receipt)).not.toHaveProperty('splits');
    const res = await split(ids.receipt, [
      { amount: -30.1, category_id: 'SUPERMARKET', note: ' food ' },
      { amount: -12.4, category_id: 'HEALTH' },
    ]);
    expect(res.status, await res.clone().text()).toBe(204);
    const t = await get(ids.receipt);
    expect(t.splits).toEqual([
      { amount: -30.1, category_id: 'SUPERMARKET', note: 'food' },
      { amount: -12.4, category_id: 'HEALTH' },
    ]);
    expect(t.amount).toBe(-42.5);
    expect(t.category_id).toBe('SUPERMARKET');
    const listed = (await (await api('/transactions?limit=500')).json()) as any[];
    expect(listed.find((x) => x.id === String(ids.receipt))).toEqual(t);
  });

  it('says by how much parts that do not add up are off, and keeps the stored split', async () => {
    const body = await expectError(
      await split(ids.receipt, [
        { amount: -30, category_id: 'SUPERMARKET' },
        { amount: -12, category_id: 'HEALTH' },
      ]),
      400,
      'invalid_request',
    );
    expect(body.error_description).toContain('the parts add up to -42.00 EUR but the transaction is -42.50 EUR, 0.50 EUR apart');
    expect((await get(ids.receipt)).splits).toHaveLength(2);
  });

  it('reads amounts in the currency’s decimals (JPY has none)', async () => {
    expect((await split(ids.yen, [{ amount: -600, category_id: 'RESTAURANT' }, { amount: -400, category_id: 'TRANSPORT' }])).status).toBe(204);
    expect((await get(ids.yen)).splits.map((p: any) => p.amount)).toEqual([-600, -400]);
    await expectError(await split(ids.yen, [{ amount: -600.5, category_id: 'RESTAURANT' }, { amount: -399.5, category_id: 'TRANSPORT' }]), 400, 'invalid_request');
  });

  it('answers every bad input with the standard error body, nothing changed', async () => {
    const good = { amount: -42.5, category_id: 'SUPERMARKET' };
    await expectError(await split(ids.receipt, [good]), 400, 'invalid_request', '2 to 50 parts');
    await expectError(await split(ids.receipt, [{ amount: -40, category_id: 'NOPE' }, { amount: -2.5, category_id: 'HEALTH' }]), 400, 'invalid_request', 'unknown category_id NOPE');
    await expectError(await split(ids.receipt, [{ amount: 0, category_id: 'HEALTH' }, good]), 400, 'invalid_request', 'cannot be 0');
    await expectError(await split(ids.receipt, [{ amount: '-40', category_id: 'HEALTH' }, good]), 400, 'invalid_request');
    await expectError(await split(ids.receipt, [{ ...good, colour: 'red' }, good]), 400, 'invalid_request');
    await expectError(await api(`/transactions/${ids.receipt}/splits`, 'PUT', { splits: [], extra: 1 }), 400, 'invalid_request');
    await expectError(await api(`/transactions/${ids.receipt}/splits`, 'PUT', {}), 400, 'invalid_request');
    await expectError(await split(ids.foreign, [good, good]), 404, 'not_found');
    await expectError(await split('nope', []), 404, 'not_found');
    expect((await split(ids.receipt, [], readOnly)).status).toBe(403);
    expect((await get(ids.receipt)).splits).toHaveLength(2);
  });

  it('after a synchronization that changed the amount (a tip), the last part takes the difference, or the split goes', async () => {
    const { ledgerAfterResults } = await import('../../../src/main/engine/sync/ledger-after-results');
    const deps = { store: engine.ctx.store };
    const setAmount = (minor: number) => engine.ctx.db.prepare('UPDATE transactions SET amount = ? WHERE id = ?').run(minor, ids.receipt);
    setAmount(-4_500);
    expect(ledgerAfterResults(deps, (await whoAmI()).id, T0 + 365 * DAY, T0).refitted).toBe(1);
    expect((await get(ids.receipt)).splits.map((p: any) => p.amount)).toEqual([-30.1, -14.9]);
    setAmount(-3_000);
    ledgerAfterResults(deps, (await whoAmI()).id, T0 + 365 * DAY, T0);
    expect(await get(ids.receipt)).not.toHaveProperty('splits');
    setAmount(-4_250);
    expect((await split(ids.receipt, [{ amount: -30.1, category_id: 'SUPERMARKET', note: 'food' }, { amount: -12.4, category_id: 'HEALTH' }])).status).toBe(204);
  });

  it('[] removes the split', async () => {
    expect((await split(ids.yen, [])).status).toBe(204);
    expect(await get(ids.yen)).not.toHaveProperty('splits');
  });
});

describe('/transfers', () => {
  let linkId: string;

  it('links two of the person’s rows by hand, confirmed; both records show the other side', async () => {
    const res = await api('/transfers', 'POST', { transaction_ids: [String(ids.in), String(ids.out)] });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(201);
    linkId = body.id;
    expect(res.headers.get('location')).toBe(`/transfers/${linkId}`);
    expect(body).toMatchObject({ debit_transaction_id: String(ids.out), credit_transaction_id: String(ids.in), confirmed: true });
    expect((await get(ids.out)).transfer).toEqual({ id: linkId, transaction_id: String(ids.in), confirmed: true });
    expect((await get(ids.in)).transfer).toEqual({ id: linkId, transaction_id: String(ids.out), confirmed: true });
    const list = await api('/transfers');
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(await list.json()).toEqual([body]);
  });

  it('refuses a row already linked (409 with that link), two rows of one account, two debits, another user’s row (404)', async () => {
    const conflict = await expectError(await api('/transfers', 'POST', { transaction_ids: [String(ids.out), String(ids.loose)] }), 409, 'conflict', 'already linked');
    expect(conflict.id).toBe(linkId);
    await expectError(await api('/transfers', 'POST', { transaction_ids: [String(ids.receipt), String(ids.sameAccount)] }), 400, 'invalid_request', 'same account');
    await expectError(await api('/transfers', 'POST', { transaction_ids: [String(ids.receipt), String(ids.receipt)] }), 400, 'invalid_request');
    await expectError(await api('/transfers', 'POST', { transaction_ids: [String(ids.receipt), String(ids.foreign)] }), 404, 'not_found');
    await expectError(await api('/transfers', 'POST', { transaction_ids: [String(ids.receipt)] }), 400, 'invalid_request');
    await expectError(await api('/transfers', 'POST', { transaction_ids: [String(ids.receipt), String(ids.loose)], why: 'x' }), 400, 'invalid_request');
    await expectError(await api(`/transfers/${linkId}`, 'GET', undefined, otherManage), 404, 'not_found');
    await expectError(await api(`/transfers/${linkId}`, 'DELETE', undefined, otherManage), 404, 'not_found');
    await expectError(await api(`/transfers/${linkId}`, 'PUT', { confirmed: false }), 400, 'invalid_request');
    expect((await api('/transfers', 'POST', { transaction_ids: [String(ids.receipt), String(ids.loose)] }, readOnly)).status).toBe(403);
  });

  it('unlinks; the automatic detection then never links that pair again, but finds the other pair', async () => {
    expect((await api(`/transfers/${linkId}`, 'DELETE')).status).toBe(204);
    expect(await get(ids.out)).not.toHaveProperty('transfer');
    await expectError(await api(`/transfers/${linkId}`), 404, 'not_found');
    const { ledgerAfterResults } = await import('../../../src/main/engine/sync/ledger-after-results');
    const deps = { store: engine.ctx.store };
    // `out` (-500.00) and `in` (+500.00) were unlinked; `out` and `sameAccount` share an account: nothing.
    expect(ledgerAfterResults(deps, (await whoAmI()).id, 0, T0).linked).toBe(0);
    const res = await api('/transfers', 'POST', { transaction_ids: [String(ids.out), String(ids.in)] });
    expect(res.status).toBe(201);
  });
});

async function whoAmI(): Promise<{ id: number }> {
  const row = engine.ctx.db.prepare('SELECT user_id AS id FROM transactions WHERE id = ?').get(ids.out) as { id: number };
  return row;
}
