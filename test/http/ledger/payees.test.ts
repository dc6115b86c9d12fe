import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * Payees over real HTTP and SQLite: set on a transaction by id or by name (created when new), shown in the
 * transaction record beside the bank's label (which never changes), renamed, merged, deleted, and the
 * history filtered by payee; every bad input answered with the error body.
 */
let engine: TestEngine;
let manage: string;
let readOnly: string;
let otherManage: string;
let account: number;
const ids: Record<string, number> = {};
const T0 = 1_700_000_000;

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  const user = engine.createUser();
  const other = engine.createUser();
  manage = engine.userToken(user, ['transactions_manage', 'transactions_read']);
  readOnly = engine.userToken(user, ['transactions_read']);
  otherManage = engine.userToken(other, ['transactions_manage', 'transactions_read']);
  account = insertAccount(db, user, insertConnection(db, user), { type: 'CHECKINGS' });
  const tx = (name: string, label: string, status: 'BOOKED' | 'PENDING' = 'BOOKED') =>
    (ids[name] = insertTransaction(db, user, account, { amount: -500, date: T0, importDate: T0 + Object.keys(ids).length, label, status }));
  tx('amzn1', 'AMZN Mktp FR*2K4');
  tx('amzn2', 'AMAZON EU SARL');
  tx('amzn3', 'AMZN Digital');
  tx('corner', 'CB CORNER SHOP 12/11');
  const oa = insertAccount(db, other, insertConnection(db, other), { type: 'CHECKINGS' });
  ids.foreign = insertTransaction(db, other, oa, { label: 'Theirs' });
});
afterAll(async () => engine?.stop());

const api = (path: string, method = 'GET', json?: unknown, token = manage) =>
  engine.http(`/v2${path}`, { method, token, ...(json === undefined ? {} : { json }) });
const body = async (res: Response) => (await res.json()) as any;
const tx = async (id: number, token = manage) => body(await api(`/transactions/${id}`, 'GET', undefined, token));

describe('payees', () => {
  let amazon: string;

  it('sets a payee by name on a transaction (created once, found again ignoring case and accents); the label stays', async () => {
    const before = await tx(ids.amzn1);
    expect(before).not.toHaveProperty('payee');
    expect((await api(`/transactions/${ids.amzn1}`, 'PUT', { payee_name: '  Amazon ' })).status).toBe(204);
    const after = await tx(ids.amzn1);
    amazon = after.payee.id;
    expect(after).toEqual({ ...before, payee: { id: amazon, name: 'Amazon' } });
    expect((await api(`/transactions/${ids.amzn2}`, 'PUT', { payee_name: 'AMAZÓN' })).status).toBe(204);
    expect((await tx(ids.amzn2)).payee).toEqual({ id: amazon, name: 'Amazon' });
    const list = await api('/payees', 'GET', undefined, readOnly);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(await body(list)).toEqual([{ id: amazon, name: 'Amazon', transaction_count: 2, creation_date: expect.any(Number) }]);
  });

  it('creates payees (201, Location) and sets one by id; null clears it', async () => {
    const res = await api('/payees', 'POST', { name: 'Corner shop' });
    expect(res.status).toBe(201);
    const corner = await body(res);
    expect(corner).toEqual({ id: expect.any(String), name: 'Corner shop', transaction_count: 0, creation_date: expect.any(Number) });
    expect(res.headers.get('location')).toBe(`/payees/${corner.id}`);
    expect((await api(`/transactions/${ids.corner}`, 'PUT', { payee_id: corner.id })).status).toBe(204);
    expect((await tx(ids.corner)).payee).toEqual({ id: corner.id, name: 'Corner shop' });
    expect((await api(`/transactions/${ids.corner}`, 'PUT', { payee_id: null })).status).toBe(204);
    expect(await tx(ids.corner)).not.toHaveProperty('payee');
    expect((await api(`/transactions/${ids.corner}`, 'PUT', { payee_id: corner.id, user_note: 'milk' })).status).toBe(204);
    expect(await tx(ids.corner)).toMatchObject({ payee: { id: corner.id }, user_note: 'milk' });
  });

  it('filters the history by payee (in the list order), and another user\'s payee matches nothing', async () => {
    const res = await api(`/transactions?payee_id=${amazon}`);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(((await body(res)) as any[]).map((t) => Number(t.id))).toEqual([ids.amzn1, ids.amzn2]);
    const theirs = await body(await api('/payees', 'POST', { name: 'Amazon' }, otherManage));
    expect(await body(await api(`/transactions?payee_id=${theirs.id}`))).toEqual([]);
    expect(await body(await api('/transactions?payee_id=nope'))).toEqual([]);
  });

  it('renames: every row shows the new name', async () => {
    expect((await api(`/payees/${amazon}`, 'PUT', { name: 'Amazon.fr' })).status).toBe(204);
    expect((await tx(ids.amzn1)).payee.name).toBe('Amazon.fr');
    expect((await body(await api(`/transactions?payee_id=${amazon}`)))[1].payee.name).toBe('Amazon.fr');
  });

  it('merges one payee into another in one go, and deletes one (its rows show the bank label again)', async () => {
    expect((await api(`/transactions/${ids.amzn3}`, 'PUT', { payee_name: 'Amazon Digital' })).status).toBe(204);
    const digital = (await tx(ids.amzn3)).payee.id;
    const res = await api(`/payees/${digital}/merge`, 'POST', { into_id: amazon });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ moved: 1, into_id: amazon });
    expect((await tx(ids.amzn3)).payee).toEqual({ id: amazon, name: 'Amazon.fr' });
    expect((await api(`/payees/${digital}`)).status).toBe(404);
    expect((await body(await api(`/payees/${amazon}`))).transaction_count).toBe(3);
    expect((await api(`/payees/${amazon}`, 'DELETE')).status).toBe(204);
    const t = await tx(ids.amzn3);
    expect(t).not.toHaveProperty('payee');
    expect(t.label).toBe('AMZN Digital');
  });

  it('answers 400 to bad input and changes nothing', async () => {
    const a = await body(await api('/payees', 'POST', { name: 'Bakery' }));
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', '/payees', { name: '  ' }, /name/],
      ['POST', '/payees', { name: 'x'.repeat(81) }, /name/],
      ['POST', '/payees', {}, /name/],
      ['POST', '/payees', { name: 5 }, /name/],
      ['POST', '/payees', { name: 'Ok', extra: true }, /.+/],
      ['PUT', `/payees/${a.id}`, { name: '' }, /name/],
      ['PUT', `/payees/${a.id}`, { name: 'Ok', extra: 1 }, /.+/],
      ['POST', `/payees/${a.id}/merge`, { into_id: a.id }, /itself/],
      ['POST', `/payees/${a.id}/merge`, { into_id: '999999' }, /into_id/],
      ['POST', `/payees/${a.id}/merge`, {}, /into_id/],
      ['PUT', `/transactions/${ids.corner}`, { payee_id: '999999' }, /payee_id/],
      ['PUT', `/transactions/${ids.corner}`, { payee_name: ' ' }, /payee_name/],
      ['PUT', `/transactions/${ids.corner}`, { payee_name: 'A', payee_id: a.id }, /not both/],
      ['PUT', `/transactions/${ids.corner}`, { payee_id: 5 }, /payee_id/],
    ];
    for (const [method, path, json, description] of cases) {
      const res = await api(path, method, json);
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
      const error = await body(res);
      expect(error.error).toBe('invalid_request');
      expect(error.error_description).toMatch(description);
    }
    expect(await body(await api(`/payees/${a.id}`))).toMatchObject({ name: 'Bakery' });
    expect((await tx(ids.corner)).payee.name).toBe('Corner shop');
  });

  it('answers 409 with the id to a name another payee has', async () => {
    const bakery = ((await body(await api('/payees'))) as any[]).find((p) => p.name === 'Bakery');
    const res = await api('/payees', 'POST', { name: 'BAKERY' });
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ error: 'conflict', id: bakery.id });
    const corner = ((await body(await api('/payees'))) as any[]).find((p) => p.name === 'Corner shop');
    expect((await api(`/payees/${corner.id}`, 'PUT', { name: 'bakery' })).status).toBe(409);
  });

  it("answers 404 for another user's payee or transaction and changes nothing", async () => {
    const theirs = ((await body(await api('/payees', 'GET', undefined, otherManage))) as any[])[0];
    const mine = ((await body(await api('/payees'))) as any[])[0];
    for (const [method, path, json] of [
      ['GET', `/payees/${theirs.id}`, undefined],
      ['PUT', `/payees/${theirs.id}`, { name: 'Mine' }],
      ['POST', `/payees/${theirs.id}/merge`, { into_id: mine.id }],
      ['DELETE', `/payees/${theirs.id}`, undefined],
      ['GET', '/payees/abc', undefined],
      ['PUT', `/transactions/${ids.foreign}`, { payee_name: 'Mine' }],
    ] as const) {
      const res = await api(path, method, json);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await body(res)).error).toBe('not_found');
    }
    expect((await api(`/payees/${mine.id}/merge`, 'POST', { into_id: theirs.id })).status).toBe(400);
    expect((await api(`/transactions/${ids.corner}`, 'PUT', { payee_id: theirs.id })).status).toBe(400);
    expect(await body(await api(`/payees/${theirs.id}`, 'GET', undefined, otherManage))).toMatchObject({ name: 'Amazon' });
    expect(await tx(ids.foreign, otherManage)).not.toHaveProperty('payee');
  });

  it('answers 403 without transactions_manage and 401 without a token', async () => {
    const res = await api('/payees', 'POST', { name: 'Nope' }, readOnly);
    expect(res.status).toBe(403);
    expect((await engine.http('/v2/payees')).status).toBe(401);
  });
});
