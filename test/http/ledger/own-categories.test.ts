import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * A person's own categories over real HTTP and SQLite: created under a shipped top-level category, listed
 * by GET /categories with the shipped ones, renamed, hidden, merged (transactions, corrections and rules
 * follow), used by the history's filter, the transaction editor and the rules; every bad input answered
 * with the error body.
 */
let engine: TestEngine;
let manage: string;
let readOnly: string;
let otherManage: string;
let user: number;
let account: number;
const ids: Record<string, number> = {};
const T0 = 1_700_000_000;

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  user = engine.createUser();
  const other = engine.createUser();
  manage = engine.userToken(user, ['transactions_manage', 'transactions_read']);
  readOnly = engine.userToken(user, ['transactions_read']);
  otherManage = engine.userToken(other, ['transactions_manage', 'transactions_read']);
  account = insertAccount(db, user, insertConnection(db, user), { type: 'CHECKINGS' });
  const tx = (name: string, label: string) =>
    (ids[name] = insertTransaction(db, user, account, { amount: -500, date: T0, importDate: T0, categoryId: 'UNCATEGORIZED', label }));
  tx('coffee1', 'Espresso Bar');
  tx('coffee2', 'Espresso Bar 2');
  tx('bike', 'Velo shop');
});
afterAll(async () => engine?.stop());

const api = (path: string, method = 'GET', json?: unknown, token = manage, lang = 'en') =>
  engine.http(`/v2${path}`, { method, token, headers: { 'accept-language': lang }, ...(json === undefined ? {} : { json }) });
const body = async (res: Response) => (await res.json()) as any;
const create = async (label: string, parent_id: string, token = manage) => body(await api('/categories', 'POST', { label, parent_id }, token));

describe('own categories', () => {
  let coffee: string;
  let bikes: string;

  it('creates one under a shipped top-level category (201, Location, custom id, parent type)', async () => {
    const res = await api('/categories', 'POST', { label: '  Coffee   beans ', parent_id: 'FOOD' });
    expect(res.status).toBe(201);
    const created = await body(res);
    expect(created).toEqual({ id: expect.stringMatching(/^custom_\d+$/), label: 'Coffee beans', type: 'EXPENSE', parent: { id: 'FOOD', label: 'Food & dining' }, custom: true });
    expect(res.headers.get('location')).toBe(`/categories/${created.id}`);
    coffee = created.id;
    bikes = (await create('Bikes', 'TRANSPORT')).id;
    expect(await body(await api(`/categories/${coffee}`, 'GET', undefined, readOnly, 'fr'))).toMatchObject({ label: 'Coffee beans', parent: { id: 'FOOD', label: 'Alimentation & restaurants' } });
  });

  it("lists them in GET /categories after their parent's shipped children; filters apply; others and clients see none", async () => {
    const res = await api('/categories', 'GET', undefined, readOnly);
    const list = (await body(res)) as any[];
    expect(res.headers.get('x-total-count')).toBe(String(list.length));
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(coffee)).toBe(ids.indexOf('FOOD_DELIVERY') + 1);
    expect(ids.indexOf(bikes)).toBe(ids.indexOf('CAR_MAINTENANCE') + 1);
    expect(list.filter((c) => c.custom).length).toBe(2);
    expect(new Set(ids).size).toBe(ids.length);
    const food = (await body(await api('/categories?parent_id=FOOD'))) as any[];
    expect(food.map((c) => c.id)).toContain(coffee);
    expect(food.map((c) => c.id)).not.toContain(bikes);
    expect(((await body(await api('/categories?type=INCOME'))) as any[]).some((c) => c.custom)).toBe(false);
    expect(((await body(await api('/categories', 'GET', undefined, otherManage))) as any[]).some((c) => c.custom)).toBe(false);
    const client = engine.clientToken([]);
    const shipped = (await body(await engine.http('/v2/categories', { token: client }))) as any[];
    expect(shipped.length).toBeGreaterThan(50);
    expect(shipped.some((c) => c.custom)).toBe(false);
  });

  it('files transactions and rules under it; the history filters by it and by its parent', async () => {
    expect((await api(`/transactions/${ids.coffee1}`, 'PUT', { category_id: coffee })).status).toBe(204);
    expect((await api(`/transactions/${ids.coffee2}`, 'PUT', { category_id: coffee })).status).toBe(204);
    const rule = await api('/categorization_rules', 'POST', { pattern: 'espresso', category_id: coffee });
    expect(rule.status).toBe(201);
    const byCategory = (await body(await api(`/transactions?category_id=${coffee}`))) as any[];
    expect(byCategory.map((t) => Number(t.id)).sort()).toEqual([ids.coffee1, ids.coffee2].sort());
    const byParent = (await body(await api('/transactions?category_id=FOOD'))) as any[];
    expect(byParent.map((t) => Number(t.id)).sort()).toEqual([ids.coffee1, ids.coffee2].sort());
    expect((await api(`/transactions?category_id=${coffee}`, 'GET', undefined, otherManage)).status).toBe(400);
  });

  it('renames, moves and hides; a hidden one stays listed and on its rows but takes no new filing', async () => {
    expect((await api(`/categories/${bikes}`, 'PUT', { label: 'Bicycles', parent_id: 'LEISURE' })).status).toBe(204);
    expect(await body(await api(`/categories/${bikes}`))).toMatchObject({ label: 'Bicycles', parent: { id: 'LEISURE' }, type: 'EXPENSE' });
    expect((await api(`/transactions/${ids.bike}`, 'PUT', { category_id: bikes })).status).toBe(204);
    expect((await api(`/categories/${bikes}`, 'PUT', { hidden: true })).status).toBe(204);
    const listed = ((await body(await api('/categories'))) as any[]).find((c) => c.id === bikes);
    expect(listed).toMatchObject({ hidden: true, custom: true });
    expect((await body(await api(`/transactions/${ids.bike}`))).category_id).toBe(bikes);
    const refused = await api(`/transactions/${ids.coffee1}`, 'PUT', { category_id: bikes });
    expect(refused.status).toBe(400);
    expect((await body(refused)).error_description).toMatch(/hidden/);
    expect((await api('/categorization_rules', 'POST', { pattern: 'velo', category_id: bikes })).status).toBe(400);
    expect((await api(`/categories/${bikes}`, 'PUT', { hidden: false })).status).toBe(204);
    expect(((await body(await api('/categories'))) as any[]).find((c) => c.id === bikes)).not.toHaveProperty('hidden');
  });

  it('merges into another category: transactions, corrections and rules follow, in one go; the id is never given again', async () => {
    const beans = await create('Tea', 'FOOD');
    const res = await api(`/categories/${coffee}/merge`, 'POST', { into_id: beans.id });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ moved: 2, into_id: beans.id });
    expect((await body(await api(`/transactions/${ids.coffee1}`))).category_id).toBe(beans.id);
    const rules = (await body(await api('/categorization_rules'))) as any[];
    expect(rules.find((r) => r.pattern === 'espresso').category_id).toBe(beans.id);
    const corrections = engine.ctx.db.prepare('SELECT DISTINCT category_id FROM category_corrections WHERE user_id = ?').pluck().all(user);
    expect(corrections).not.toContain(coffee);
    expect(corrections).toContain(beans.id);
    expect((await api(`/categories/${coffee}`)).status).toBe(404);
    expect(((await body(await api('/categories'))) as any[]).map((c) => c.id)).not.toContain(coffee);
    const again = await create('Coffee beans', 'FOOD');
    expect(again.id).not.toBe(coffee);
    // Into a shipped category works too.
    expect(await body(await api(`/categories/${again.id}/merge`, 'POST', { into_id: 'CAFE_BAR' }))).toEqual({ moved: 0, into_id: 'CAFE_BAR' });
  });

  it.each([
    ['POST', '/categories', { label: 'X', parent_id: 'SUPERMARKET' }, /parent_id/],
    ['POST', '/categories', { label: 'X', parent_id: 'UNCATEGORIZED' }, /parent_id/],
    ['POST', '/categories', { label: 'X', parent_id: 'custom_1' }, /parent_id/],
    ['POST', '/categories', { label: 'X', parent_id: 'NOPE' }, /parent_id/],
    ['POST', '/categories', { label: '   ', parent_id: 'FOOD' }, /label/],
    ['POST', '/categories', { label: 'x'.repeat(61), parent_id: 'FOOD' }, /label/],
    ['POST', '/categories', { label: 'X' }, /parent_id/],
    ['POST', '/categories', { label: 5, parent_id: 'FOOD' }, /label/],
    ['POST', '/categories', { label: 'X', parent_id: 'FOOD', colour: 'red' }, /.+/],
  ])('answers 400 invalid_request to %s %s %j', async (method, path, json, description) => {
    const res = await api(path, method, json);
    expect(res.status).toBe(400);
    const error = await body(res);
    expect(error.error).toBe('invalid_request');
    expect(error.error_description).toMatch(description);
  });

  it('answers 400 to a bad update or merge: nothing given, unknown fields, into itself, into a hidden or unknown category', async () => {
    const a = await create('Snacks', 'FOOD');
    const b = await create('Sweets', 'FOOD');
    expect((await api(`/categories/${b.id}`, 'PUT', { hidden: true })).status).toBe(204);
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['PUT', `/categories/${a.id}`, {}, /at least/],
      ['PUT', `/categories/${a.id}`, { hidden: 'yes' }, /hidden/],
      ['PUT', `/categories/${a.id}`, { parent_id: 'BAKERY' }, /parent_id/],
      ['PUT', `/categories/${a.id}`, { label: 'Snacks', extra: 1 }, /.+/],
      ['POST', `/categories/${a.id}/merge`, { into_id: a.id }, /itself/],
      ['POST', `/categories/${a.id}/merge`, { into_id: b.id }, /hidden/],
      ['POST', `/categories/${a.id}/merge`, { into_id: 'NOPE' }, /into_id/],
      ['POST', `/categories/${a.id}/merge`, {}, /into_id/],
      ['POST', `/categories/${a.id}/merge`, { into_id: 'FOOD', also: 1 }, /.+/],
    ];
    for (const [method, path, json, description] of cases) {
      const res = await api(path, method, json);
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
      const error = await body(res);
      expect(error.error).toBe('invalid_request');
      expect(error.error_description).toMatch(description);
    }
    expect(await body(await api(`/categories/${a.id}`))).toMatchObject({ label: 'Snacks', parent: { id: 'FOOD' } });
  });

  it('answers 409 conflict with the id to a duplicate name (case and accents ignored), the shipped names included', async () => {
    const tea = ((await body(await api('/categories'))) as any[]).find((c) => c.label === 'Tea');
    for (const label of ['TÉA', 'tea ']) {
      const res = await api('/categories', 'POST', { label, parent_id: 'LEISURE' });
      expect(res.status).toBe(409);
      expect(await body(res)).toMatchObject({ error: 'conflict', id: tea.id });
    }
    const shipped = await api('/categories', 'POST', { label: 'supermarché', parent_id: 'FOOD' });
    expect(shipped.status).toBe(409);
    expect(await body(shipped)).toMatchObject({ error: 'conflict', id: 'SUPERMARKET' });
    const snacks = ((await body(await api('/categories'))) as any[]).find((c) => c.label === 'Snacks');
    expect((await api(`/categories/${snacks.id}`, 'PUT', { label: 'Tea' })).status).toBe(409);
    expect((await api(`/categories/${snacks.id}`, 'PUT', { label: 'SNACKS' })).status).toBe(204);
  });

  it("answers 404 for another user's category and an unknown one, and changes nothing", async () => {
    const theirs = await create('Their own', 'FOOD', otherManage);
    for (const id of [theirs.id, 'custom_999999', 'FOOD', 'abc']) {
      for (const [method, path, json] of [
        ['GET', `/categories/${id}`, undefined],
        ['PUT', `/categories/${id}`, { label: 'Mine now' }],
        ['POST', `/categories/${id}/merge`, { into_id: 'FOOD' }],
      ] as const) {
        const res = await api(path, method, json);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await body(res)).error).toBe('not_found');
      }
    }
    expect(await body(await api(`/categories/${theirs.id}`, 'GET', undefined, otherManage))).toMatchObject({ label: 'Their own' });
    // Nor can one be used as a merge target or filed under.
    const mine = await create('Mine', 'FOOD');
    expect((await api(`/categories/${mine.id}/merge`, 'POST', { into_id: theirs.id })).status).toBe(400);
    expect((await api(`/transactions/${ids.bike}`, 'PUT', { category_id: theirs.id })).status).toBe(400);
  });

  it('answers 403 without transactions_manage and 401 without a token', async () => {
    const res = await api('/categories', 'POST', { label: 'Nope', parent_id: 'FOOD' }, readOnly);
    expect(res.status).toBe(403);
    expect((await body(res)).error).toBe('insufficient_scope');
    expect((await engine.http('/v2/categories', { method: 'POST', json: { label: 'Nope', parent_id: 'FOOD' } })).status).toBe(401);
  });
});

describe('a rule under a category hidden since', () => {
  it('can still be saved keeping that category, but not moved to another hidden one', async () => {
    const keep = await create('Vinyl records', 'LEISURE');
    const other = await create('Cassettes', 'LEISURE');
    const rule = await body(await api('/categorization_rules', 'POST', { pattern: 'discogs', category_id: keep.id }));
    expect((await api(`/categories/${keep.id}`, 'PUT', { hidden: true })).status).toBe(204);
    expect((await api(`/categories/${other.id}`, 'PUT', { hidden: true })).status).toBe(204);
    expect((await api(`/categorization_rules/${rule.id}`, 'PUT', { pattern: 'discogs.com', category_id: keep.id, position: 1 })).status).toBe(204);
    expect((await api(`/categorization_rules/${rule.id}`, 'PUT', { pattern: 'discogs.com', category_id: other.id, position: 1 })).status).toBe(400);
  });
});
