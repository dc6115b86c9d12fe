import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * The issue-15 extensions over real HTTP and SQLite: PUT /transactions/{id} (category, note, tags),
 * categorization rules (CRUD, positions, apply to past transactions) and PUT /accounts/{id}/preferences.
 */
let engine: TestEngine;
let user: number;
let manage: string;
let readOnly: string;
let otherManage: string;
let account: number;
let otherAccount: number;
const ids: Record<string, number> = {};
const T0 = 1_700_000_000;

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  user = engine.createUser();
  const other = engine.createUser();
  manage = engine.userToken(user, ['transactions_manage', 'transactions_read', 'accounts_manage', 'accounts_read']);
  readOnly = engine.userToken(user, ['transactions_read', 'accounts_read']);
  otherManage = engine.userToken(other, ['transactions_manage', 'transactions_read', 'accounts_manage']);
  const c = insertConnection(db, user);
  account = insertAccount(db, user, c, { type: 'CHECKINGS' });
  const tx = (name: string, f: Parameters<typeof insertTransaction>[3]) => (ids[name] = insertTransaction(db, user, account, f));
  tx('carrefour', { amount: -1234, date: T0, importDate: T0, categoryId: 'SUPERMARKET', label: 'Carrefour City', notes: 'CB CARREFOUR 12/11' });
  tx('carrefour2', { amount: -999, date: T0 + 1, importDate: T0, categoryId: 'SUPERMARKET', label: 'CARREFOUR  city' });
  tx('cafe', { amount: -350, date: T0 + 2, importDate: T0, categoryId: 'CAFE_BAR', label: 'Café de la Gare', sourceLabel: 'SAS Gare' });
  tx('other', { amount: -100, date: T0 + 3, importDate: T0, categoryId: 'UNCATEGORIZED', label: 'Something' });
  const oc = insertConnection(db, other);
  otherAccount = insertAccount(db, other, oc, { type: 'CHECKINGS' });
  ids.foreign = insertTransaction(db, other, otherAccount, { amount: -1, date: T0, importDate: T0, label: 'Carrefour' });
});
afterAll(async () => engine?.stop());

const put = (id: number | string, json: unknown, token = manage) => engine.http(`/v2/transactions/${id}`, { method: 'PUT', json, token });
const get = async (id: number, token = manage) => (await (await engine.http(`/v2/transactions/${id}`, { token })).json()) as any;
const api = (path: string, method: string, json?: unknown, token = manage) =>
  engine.http(`/v2${path}`, { method, token, ...(json === undefined ? {} : { json }) });

describe('PUT /transactions/{id}', () => {
  it('leaves the record exactly the API record until edited', async () => {
    const t = await get(ids.other);
    for (const k of ['user_note', 'tags', 'category_source', 'category_rule_id']) expect(t).not.toHaveProperty(k);
  });

  const listed = async (id: number) => {
    const rows = (await (await engine.http('/v2/transactions?limit=500', { token: manage })).json()) as any[];
    return rows.find((t) => t.id === String(id));
  };

  it('sets category, note and tags; the bank text, import_date and last_update_date stay', async () => {
    const before = await get(ids.cafe);
    // The list was read (and cached) before the edit: it must show the edit afterwards.
    expect(await listed(ids.cafe)).toEqual(before);
    const res = await put(ids.cafe, { category_id: 'RESTAURANT', user_note: '  lunch with Ana ', tags: [' work ', 'Work', 'paris', 'lunch'] });
    expect(res.status).toBe(204);
    const after = await get(ids.cafe);
    expect(after).toEqual({
      ...before,
      category_id: 'RESTAURANT',
      user_note: 'lunch with Ana',
      tags: ['work', 'paris', 'lunch'],
      category_source: 'USER',
    });
    expect(await listed(ids.cafe)).toEqual(after);
  });

  it('replaces only the fields given; null / "" clears the note, [] clears the tags', async () => {
    expect((await put(ids.cafe, { user_note: 'dinner' })).status).toBe(204);
    let t = await get(ids.cafe);
    expect(t.user_note).toBe('dinner');
    expect(t.tags).toEqual(['work', 'paris', 'lunch']);
    expect(t.category_id).toBe('RESTAURANT');
    expect((await put(ids.cafe, { user_note: null, tags: [] })).status).toBe(204);
    t = await get(ids.cafe);
    expect(t).not.toHaveProperty('user_note');
    expect(t).not.toHaveProperty('tags');
    expect(t.category_source).toBe('USER');
    expect((await put(ids.cafe, { user_note: 'x' })).status).toBe(204);
    expect((await put(ids.cafe, { user_note: '   ' })).status).toBe(204);
    expect(await get(ids.cafe)).not.toHaveProperty('user_note');
  });

  it.each([
    [{}, /at least/],
    [{ category_id: 'NOT_A_CATEGORY' }, /category_id/],
    [{ colour: 'red' }, /.+/],
    [{ tags: 'work' }, /tags/],
    [{ tags: [''] }, /tag/],
    [{ tags: ['x'.repeat(41)] }, /tag/],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /20 tags/],
    [{ user_note: 'x'.repeat(1001) }, /1000/],
    [{ user_note: 5 }, /user_note/],
    [{ category_id: 5 }, /category_id/],
  ])('answers 400 invalid_request to %j', async (body, description) => {
    const res = await put(ids.other, body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as any;
    expect(error.error).toBe('invalid_request');
    expect(error.error_description).toMatch(description);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await engine.http(`/v2/transactions/${ids.other}`, {
      method: 'PUT',
      token: manage,
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toBe('invalid_request');
  });

  it("answers 404 for another user's transaction and for an unknown id, and changes nothing", async () => {
    for (const id of [ids.foreign, 999999, 'abc']) {
      const res = await put(id, { user_note: 'mine' });
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error).toBe('not_found');
    }
    expect(await get(ids.foreign, otherManage)).not.toHaveProperty('user_note');
  });

  it('answers 403 insufficient_scope without transactions_manage, 401 without a token', async () => {
    const res = await put(ids.other, { user_note: 'x' }, readOnly);
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error).toBe('insufficient_scope');
    expect((await engine.http(`/v2/transactions/${ids.other}`, { method: 'PUT', json: { user_note: 'x' } })).status).toBe(401);
  });
});

describe('categorization rules', () => {
  const rule = async (id: string, token = manage) => (await (await api(`/categorization_rules/${id}`, 'GET', undefined, token)).json()) as any;
  const list = async (token = manage) => {
    const res = await api('/categorization_rules', 'GET', undefined, token);
    return { res, body: (await res.json()) as any[] };
  };

  let carrefour: string;
  let gare: string;
  let bakery: string;

  it('creates rules (201, Location, record) and lists them by position with X-Total-Count', async () => {
    const res = await api('/categorization_rules', 'POST', { pattern: '  carrefour ', category_id: 'SUPERMARKET' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as any;
    expect(created).toEqual({ id: expect.any(String), pattern: 'carrefour', category_id: 'SUPERMARKET', position: 1, creation_date: expect.any(Number) });
    expect(res.headers.get('location')).toBe(`/categorization_rules/${created.id}`);
    carrefour = created.id;
    gare = ((await (await api('/categorization_rules', 'POST', { pattern: 'GARE', category_id: 'TRAIN' })).json()) as any).id;
    // Inserted first: the others shift down.
    const first = await api('/categorization_rules', 'POST', { pattern: 'Boulangerie', category_id: 'BAKERY', position: 1 });
    bakery = ((await first.json()) as any).id;
    const { res: listed, body } = await list(readOnly);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-total-count')).toBe('3');
    expect(body.map((r) => [r.id, r.position])).toEqual([[bakery, 1], [carrefour, 2], [gare, 3]]);
    expect(await rule(gare, readOnly)).toMatchObject({ pattern: 'GARE', category_id: 'TRAIN', position: 3 });
    const paged = await api('/categorization_rules?page=2&limit=2', 'GET');
    expect(((await paged.json()) as any[]).map((r) => r.id)).toEqual([gare]);
  });

  it('answers 409 conflict to a pattern another rule has (case, accents and spaces ignored)', async () => {
    const res = await api('/categorization_rules', 'POST', { pattern: 'CARREFÓUR', category_id: 'RESTAURANT' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', id: carrefour });
    const put = await api(`/categorization_rules/${gare}`, 'PUT', { pattern: 'carrefour', category_id: 'TRAIN', position: 3 });
    expect(put.status).toBe(409);
  });

  it.each([
    [{ pattern: 'x', category_id: 'SUPERMARKET' }, /pattern/],
    [{ pattern: 'x'.repeat(101), category_id: 'SUPERMARKET' }, /pattern/],
    [{ pattern: 'lidl', category_id: 'NOPE' }, /category_id/],
    [{ pattern: 'lidl' }, /category_id/],
    [{ pattern: 'lidl', category_id: 'SUPERMARKET', position: 0 }, /position/],
    [{ pattern: 'lidl', category_id: 'SUPERMARKET', extra: 1 }, /.+/],
    [{ pattern: 12, category_id: 'SUPERMARKET' }, /pattern/],
  ])('answers 400 invalid_request to the rule %j', async (body, description) => {
    const res = await api('/categorization_rules', 'POST', body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as any;
    expect(error.error).toBe('invalid_request');
    expect(error.error_description).toMatch(description);
  });

  it('moves a rule with PUT (the others shift) and closes up positions on DELETE', async () => {
    expect((await api(`/categorization_rules/${gare}`, 'PUT', { pattern: 'gare', category_id: 'TRAIN', position: 1 })).status).toBe(204);
    expect((await list()).body.map((r) => [r.id, r.position])).toEqual([[gare, 1], [bakery, 2], [carrefour, 3]]);
    expect((await api(`/categorization_rules/${gare}`, 'PUT', { pattern: 'gare', category_id: 'TRAIN', position: 99 })).status).toBe(204);
    expect((await list()).body.map((r) => [r.id, r.position])).toEqual([[bakery, 1], [carrefour, 2], [gare, 3]]);
    expect((await api(`/categorization_rules/${bakery}`, 'DELETE')).status).toBe(204);
    expect((await list()).body.map((r) => [r.id, r.position])).toEqual([[carrefour, 1], [gare, 2]]);
    expect((await api(`/categorization_rules/${bakery}`, 'GET')).status).toBe(404);
  });

  it('applies the rules to past transactions, never to those the person filed (category_source USER)', async () => {
    // cafe was filed by the person (RESTAURANT, USER) and its counterparty «SAS Gare» matches the gare rule.
    const res = await api('/categorization_rules/apply', 'POST', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ updated: 2, operation: { kind: 'RULE_APPLIED', transaction_count: 2 } });
    expect(await get(ids.carrefour)).toMatchObject({ category_id: 'SUPERMARKET', category_source: 'RULE', category_rule_id: carrefour });
    expect(await get(ids.carrefour2)).toMatchObject({ category_id: 'SUPERMARKET', category_source: 'RULE', category_rule_id: carrefour });
    expect(await get(ids.cafe)).toMatchObject({ category_id: 'RESTAURANT', category_source: 'USER' });
    expect(await get(ids.cafe)).not.toHaveProperty('category_rule_id');
    expect(await get(ids.foreign, otherManage)).not.toHaveProperty('category_source');
    // Nothing left to change; no body at all is the same as {}.
    expect(await (await api('/categorization_rules/apply', 'POST', {})).json()).toEqual({ updated: 0 });
    const bare = await engine.http('/v2/categorization_rules/apply', { method: 'POST', token: manage });
    expect(bare.status).toBe(200);
    expect(await bare.json()).toEqual({ updated: 0 });
  });

  it('applies one rule by rule_id; a rule change is reflected by the next apply', async () => {
    expect((await api(`/categorization_rules/${carrefour}`, 'PUT', { pattern: 'carrefour', category_id: 'FOOD', position: 1 })).status).toBe(204);
    expect(await (await api('/categorization_rules/apply', 'POST', { rule_id: gare })).json()).toEqual({ updated: 0 });
    expect(await (await api('/categorization_rules/apply', 'POST', { rule_id: carrefour })).json()).toMatchObject({ updated: 2 });
    expect((await get(ids.carrefour)).category_id).toBe('FOOD');
    const unknown = await api('/categorization_rules/apply', 'POST', { rule_id: '999999' });
    expect(unknown.status).toBe(404);
  });

  it("hides another user's rules (404) and needs transactions_manage to change them (403)", async () => {
    for (const [method, body] of [['GET', undefined], ['PUT', { pattern: 'zz', category_id: 'FOOD', position: 1 }], ['DELETE', undefined]] as const) {
      const res = await api(`/categorization_rules/${carrefour}`, method, body, otherManage);
      expect(res.status).toBe(404);
    }
    expect((await list(otherManage)).body).toEqual([]);
    const res = await api('/categorization_rules', 'POST', { pattern: 'lidl', category_id: 'SUPERMARKET' }, readOnly);
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).error).toBe('insufficient_scope');
    expect((await api('/categorization_rules/apply', 'POST', {}, readOnly)).status).toBe(403);
  });
});

describe('PUT /accounts/{id}/preferences', () => {
  const account$ = async (token = manage) => (await (await engine.http(`/v2/accounts/${account}`, { token })).json()) as any;

  it('hides an account from totals and shows it again; nothing else changes', async () => {
    const before = await account$();
    expect(before).not.toHaveProperty('hidden_from_totals');
    expect((await api(`/accounts/${account}/preferences`, 'PUT', { hidden_from_totals: true })).status).toBe(204);
    expect(await account$()).toEqual({ ...before, hidden_from_totals: true });
    const listed = (await (await engine.http('/v2/accounts', { token: manage })).json()) as any[];
    expect(listed.find((a) => a.id === String(account)).hidden_from_totals).toBe(true);
    expect((await api(`/accounts/${account}/preferences`, 'PUT', { hidden_from_totals: false })).status).toBe(204);
    expect(await account$()).toEqual(before);
  });

  it('answers 400, 403 and 404 as the contract says', async () => {
    for (const body of [{}, { hidden_from_totals: 'yes' }, { hidden_from_totals: true, name: 'x' }]) {
      const res = await api(`/accounts/${account}/preferences`, 'PUT', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error).toBe('invalid_request');
    }
    expect((await api(`/accounts/${otherAccount}/preferences`, 'PUT', { hidden_from_totals: true })).status).toBe(404);
    const res = await api(`/accounts/${account}/preferences`, 'PUT', { hidden_from_totals: true }, readOnly);
    expect(res.status).toBe(403);
  });
});
