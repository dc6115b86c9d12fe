import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * Issue 22 over real HTTP and SQLite: every change of the person's corrections is one operation that can be
 * undone as a whole (single edit, bulk edit, rule applied to the past, back to automatic); rules with
 * conditions and actions, and their preview.
 */
let engine: TestEngine;
let manage: string;
let readOnly: string;
let otherManage: string;
let account: number;
let savings: number;
const ids: Record<string, number> = {};
const T0 = 1_700_000_000;
const DAY = 86_400;

beforeAll(async () => {
  engine = await startTestEngine();
  const db = engine.ctx.db;
  const user = engine.createUser();
  const other = engine.createUser();
  manage = engine.userToken(user, ['transactions_manage', 'transactions_read', 'accounts_read']);
  readOnly = engine.userToken(user, ['transactions_read']);
  otherManage = engine.userToken(other, ['transactions_manage', 'transactions_read']);
  const c = insertConnection(db, user);
  account = insertAccount(db, user, c, { type: 'CHECKINGS' });
  savings = insertAccount(db, user, c, { type: 'SAVINGS' });
  const tx = (name: string, f: Parameters<typeof insertTransaction>[3], acc = account) => (ids[name] = insertTransaction(db, user, acc, f));
  tx('amazonSmall', { amount: -1500, date: T0, label: 'AMAZON MKTP', categoryId: 'SHOPPING' });
  tx('amazonBig', { amount: -25000, date: T0 + DAY, label: 'Amazon EU', categoryId: 'SHOPPING' });
  tx('amazonRefund', { amount: 4000, date: T0 + 2 * DAY, label: 'AMAZON refund', categoryId: 'SHOPPING' });
  tx('amazonSavings', { amount: -3000, date: T0 + 3 * DAY, label: 'AMAZON savings', categoryId: 'SHOPPING' }, savings);
  tx('cafe', { amount: -350, date: T0 + 4 * DAY, label: 'Café de la Gare', categoryId: 'CAFE_BAR' });
  tx('rent', { amount: -90000, date: T0 + 5 * DAY, label: 'VIR LOYER', categoryId: 'RENT' });
  const oc = insertConnection(db, other);
  ids.foreign = insertTransaction(db, other, insertAccount(db, other, oc, { type: 'CHECKINGS' }), { label: 'AMAZON', amount: -100 });
});
afterAll(async () => engine?.stop());

const api = (path: string, method = 'GET', json?: unknown, token = manage) =>
  engine.http(`/v2${path}`, { method, token, ...(json === undefined ? {} : { json }) });
const get = async (id: number) => (await (await api(`/transactions/${id}`)).json()) as any;
const body = async (res: Response) => (await res.json()) as any;
const corrections = async (id: number) => {
  const t = await get(id);
  return { category_id: t.category_id, category_source: t.category_source, category_rule_id: t.category_rule_id, user_note: t.user_note, tags: t.tags };
};

describe('a single edit is an operation', () => {
  it('is listed newest first and undone back to what the row was, as a whole', async () => {
    const before = await corrections(ids.cafe);
    expect((await api(`/transactions/${ids.cafe}`, 'PUT', { category_id: 'RESTAURANT', user_note: 'lunch', tags: ['work'] })).status).toBe(204);
    const [op] = await body(await api('/ledger_operations?limit=1'));
    expect(op).toMatchObject({ kind: 'EDIT', transaction_count: 1, details: { transaction_id: String(ids.cafe) } });
    expect(op).not.toHaveProperty('undone_date');
    const res = await api(`/ledger_operations/${op.id}/undo`, 'POST');
    expect(res.status).toBe(200);
    expect((await body(res)).undone_date).toEqual(expect.any(Number));
    expect(await corrections(ids.cafe)).toEqual(before);
    // Twice: a clear refusal, nothing changed.
    const again = await api(`/ledger_operations/${op.id}/undo`, 'POST');
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ error: 'conflict', id: op.id, error_description: expect.stringMatching(/already undone/) });
  });

  it('refuses to undo a change whose row was changed again since (undo the later one first)', async () => {
    await api(`/transactions/${ids.rent}`, 'PUT', { user_note: 'march' });
    await api(`/transactions/${ids.rent}`, 'PUT', { user_note: 'april' });
    const [later, earlier] = await body(await api('/ledger_operations?limit=2'));
    const refused = await api(`/ledger_operations/${earlier.id}/undo`, 'POST');
    expect(refused.status).toBe(409);
    expect((await body(refused)).error_description).toMatch(/changed again since.*undo the later change first/);
    expect((await get(ids.rent)).user_note).toBe('april');
    expect((await api(`/ledger_operations/${later.id}/undo`, 'POST')).status).toBe(200);
    expect((await api(`/ledger_operations/${earlier.id}/undo`, 'POST')).status).toBe(200);
    expect(await get(ids.rent)).not.toHaveProperty('user_note');
  });
});

describe('back to automatic', () => {
  it('drops the person\'s category: the automatic categorizer files it again; undoable', async () => {
    await api(`/transactions/${ids.rent}`, 'PUT', { category_id: 'GIFTS', tags: ['flat'] });
    expect(await get(ids.rent)).toMatchObject({ category_id: 'GIFTS', category_source: 'USER' });
    const res = await api(`/transactions/${ids.rent}/back_to_automatic`, 'POST');
    expect(res.status).toBe(200);
    const { updated, operation } = await body(res);
    expect(updated).toBe(1);
    expect(operation.kind).toBe('AUTOMATIC');
    const t = await get(ids.rent);
    expect(t.category_id).toBe('RENT');
    expect(t).not.toHaveProperty('category_source');
    expect(t.tags).toEqual(['flat']); // the note and tags are not a filing: they stay
    expect((await api(`/ledger_operations/${operation.id}/undo`, 'POST')).status).toBe(200);
    expect(await get(ids.rent)).toMatchObject({ category_id: 'GIFTS', category_source: 'USER' });
  });

  it('answers 404 for another user\'s transaction and for an unknown id', async () => {
    for (const id of [ids.foreign, 999999, 'abc']) {
      const res = await api(`/transactions/${id}/back_to_automatic`, 'POST');
      expect(res.status).toBe(404);
      expect((await body(res)).error).toBe('not_found');
    }
  });
});

describe('bulk edit', () => {
  it('sets the category, the tags and adds a note on every row given, as one operation undone as a whole', async () => {
    const rows = [ids.amazonSmall, ids.amazonBig, ids.cafe];
    const before = await Promise.all(rows.map(corrections));
    const res = await api('/transactions/bulk_edit', 'POST', { transaction_ids: rows.map(String), category_id: 'GIFTS', tags: ['xmas'], add_note: 'presents' });
    expect(res.status).toBe(200);
    const { updated, operation } = await body(res);
    expect(updated).toBe(3);
    expect(operation).toMatchObject({ kind: 'BULK_EDIT', transaction_count: 3, details: { category_id: 'GIFTS', tags: ['xmas'], add_note: 'presents' } });
    for (const id of rows) expect(await get(id)).toMatchObject({ category_id: 'GIFTS', category_source: 'USER', tags: ['xmas'], user_note: 'presents' });
    expect((await api(`/ledger_operations/${operation.id}/undo`, 'POST')).status).toBe(200);
    expect(await Promise.all(rows.map(corrections))).toEqual(before);
  });

  it('refuses the whole edit when one id is not the caller\'s, nothing changed', async () => {
    const before = await corrections(ids.amazonSmall);
    for (const bad of [String(ids.foreign), '999999', 'abc']) {
      const res = await api('/transactions/bulk_edit', 'POST', { transaction_ids: [String(ids.amazonSmall), bad], category_id: 'GIFTS' });
      expect(res.status).toBe(404);
      expect(await body(res)).toMatchObject({ error: 'not_found', id: bad });
    }
    expect(await corrections(ids.amazonSmall)).toEqual(before);
  });

  it.each([
    [{ transaction_ids: [] }, /transaction_ids/],
    [{ transaction_ids: ['1'] }, /at least one/],
    [{ transaction_ids: ['1'], category_id: 'NOPE' }, /category_id/],
    [{ transaction_ids: ['1'], colour: 'red' }, /.+/],
    [{ transaction_ids: ['1'], add_note: '   ' }, /blank/],
    [{ transaction_ids: '1', category_id: 'GIFTS' }, /transaction_ids/],
  ])('answers 400 invalid_request to %j', async (json, description) => {
    const res = await api('/transactions/bulk_edit', 'POST', json);
    expect(res.status).toBe(400);
    expect(await body(res)).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(description) });
  });

  it('needs transactions_manage', async () => {
    const res = await api('/transactions/bulk_edit', 'POST', { transaction_ids: [String(ids.cafe)], category_id: 'GIFTS' }, readOnly);
    expect(res.status).toBe(403);
  });
});

describe('rules with conditions, preview and apply as one operation', () => {
  let ruleId: string;
  const rule = {
    pattern: 'amazon',
    category_id: 'GIFTS',
    conditions: { sign: 'DEBIT', amount_min: -100, account_ids: [] as string[] },
    actions: { tags: ['online'], user_note: 'from a rule' },
  };

  it('previews a draft rule: count and the rows as they are now, nothing written', async () => {
    rule.conditions.account_ids = [String(account)];
    const res = await api('/categorization_rules/preview', 'POST', rule, readOnly);
    expect(res.status).toBe(200);
    const p = await body(res);
    // Debits of at most 100 on the checking account: not the 250 one, not the refund, not the savings one.
    expect(p).toMatchObject({ count: 1, applicable: true, limit: 250000 });
    expect(p.transactions.map((t: any) => t.id)).toEqual([String(ids.amazonSmall)]);
    expect((await get(ids.amazonSmall)).category_id).toBe('SHOPPING');
  });

  it('keeps its conditions and actions; old clients\' rules have neither', async () => {
    const res = await api('/categorization_rules', 'POST', rule);
    expect(res.status).toBe(201);
    const created = await body(res);
    ruleId = created.id;
    expect(created).toMatchObject({ pattern: 'amazon', conditions: { sign: 'DEBIT', amount_min: -100, account_ids: [String(account)] }, actions: { tags: ['online'], user_note: 'from a rule' } });
    const plain = await body(await api('/categorization_rules', 'POST', { pattern: 'loyer', category_id: 'RENT' }));
    expect(plain).not.toHaveProperty('conditions');
    expect(plain).not.toHaveProperty('actions');
    expect((await api(`/categorization_rules/${plain.id}`, 'DELETE')).status).toBe(204);
  });

  it('applies to the past as one operation, and its undo puts every row back', async () => {
    const before = await corrections(ids.amazonSmall);
    const preview = await body(await api('/categorization_rules/preview', 'POST', { rule_id: ruleId }));
    expect(preview.count).toBe(1);
    const res = await api('/categorization_rules/apply', 'POST', { rule_id: ruleId });
    const { updated, operation } = await body(res);
    expect(updated).toBe(preview.count);
    expect(operation).toMatchObject({ kind: 'RULE_APPLIED', details: { rule_id: ruleId } });
    expect(await get(ids.amazonSmall)).toMatchObject({ category_id: 'GIFTS', category_source: 'RULE', category_rule_id: ruleId, tags: ['online'], user_note: 'from a rule' });
    for (const id of [ids.amazonBig, ids.amazonRefund, ids.amazonSavings]) expect((await get(id)).category_id).toBe('SHOPPING');
    // Deleting the rule keeps what it filed; the undo brings it back.
    expect((await api(`/categorization_rules/${ruleId}`, 'DELETE')).status).toBe(204);
    expect((await api(`/ledger_operations/${operation.id}/undo`, 'POST')).status).toBe(200);
    expect(await corrections(ids.amazonSmall)).toEqual(before);
  });

  it.each([
    [{ pattern: 'amazon', category_id: 'GIFTS', conditions: { amount_min: 5, amount_max: 1 } }, /amount_min/],
    [{ pattern: 'amazon', category_id: 'GIFTS', conditions: { date_from: 10, date_to: 1 } }, /date_from/],
    [{ pattern: 'amazon', category_id: 'GIFTS', conditions: { sign: 'UP' } }, /sign/],
    [{ pattern: 'amazon', category_id: 'GIFTS', conditions: { colour: 1 } }, /.+/],
    [{ pattern: 'amazon', category_id: 'GIFTS', actions: { payee: 'x' } }, /.+/],
    [{ pattern: 'amazon', category_id: 'GIFTS', conditions: { amount_min: '5' } }, /amount_min/],
  ])('answers 400 invalid_request to the rule %j', async (json, description) => {
    for (const path of ['/categorization_rules', '/categorization_rules/preview']) {
      const res = await api(path, 'POST', json);
      expect(res.status).toBe(400);
      expect(await body(res)).toMatchObject({ error: 'invalid_request', error_description: expect.stringMatching(description) });
    }
  });

  it('refuses an account of another user in the conditions (400) and another user\'s rule in a preview (404)', async () => {
    const foreignAccount = (engine.ctx.db.prepare('SELECT account_id FROM transactions WHERE id = ?').pluck().get(ids.foreign) as number).toString();
    const res = await api('/categorization_rules', 'POST', { pattern: 'amazon', category_id: 'GIFTS', conditions: { account_ids: [foreignAccount] } });
    expect(res.status).toBe(400);
    expect((await body(res)).error_description).toMatch(/not yours/);
    const theirs = await body(await api('/categorization_rules', 'POST', { pattern: 'amazon', category_id: 'GIFTS' }, otherManage));
    const preview = await api('/categorization_rules/preview', 'POST', { rule_id: theirs.id });
    expect(preview.status).toBe(404);
  });
});

describe('an undo whose rows were deleted since', () => {
  it('is refused as a whole with a clear answer, nothing changed', async () => {
    const db = engine.ctx.db;
    const user = engine.createUser();
    const token = engine.userToken(user, ['transactions_manage', 'transactions_read']);
    const c = insertConnection(db, user);
    const a1 = insertAccount(db, user, c, { type: 'CHECKINGS' });
    const a2 = insertAccount(db, user, c, { type: 'SAVINGS' });
    const kept = insertTransaction(db, user, a1, { label: 'Kept', categoryId: 'SHOPPING' });
    const gone = insertTransaction(db, user, a2, { label: 'Gone', categoryId: 'SHOPPING' });
    const res = await api('/transactions/bulk_edit', 'POST', { transaction_ids: [String(kept), String(gone)], category_id: 'GIFTS' }, token);
    const { operation } = await body(res);
    db.prepare('DELETE FROM accounts WHERE id = ?').run(a2);
    const undo = await api(`/ledger_operations/${operation.id}/undo`, 'POST', undefined, token);
    expect(undo.status).toBe(409);
    expect(await body(undo)).toMatchObject({ error: 'conflict', id: operation.id, error_description: expect.stringMatching(/1 of the 2 transactions .* deleted since/) });
    expect((await (await api(`/transactions/${kept}`, 'GET', undefined, token)).json() as any).category_id).toBe('GIFTS');
    expect((await body(await api(`/ledger_operations/${operation.id}`, 'GET', undefined, token)))).not.toHaveProperty('undone_date');
  });
});

describe('operations of a person', () => {
  it('keeps the last 100 and hides others\' (404)', async () => {
    const db = engine.ctx.db;
    const user = engine.createUser();
    const token = engine.userToken(user, ['transactions_manage', 'transactions_read']);
    const t = insertTransaction(db, user, insertAccount(db, user, insertConnection(db, user), { type: 'CHECKINGS' }), { label: 'x' });
    for (let i = 0; i < 103; i++) await api(`/transactions/${t}`, 'PUT', { user_note: `note ${i}` }, token);
    const list = await body(await api('/ledger_operations', 'GET', undefined, token));
    expect(list).toHaveLength(100);
    expect(list[0].id > list[99].id || Number(list[0].id) > Number(list[99].id)).toBe(true);
    const count = db.prepare('SELECT count(*) FROM ledger_operations WHERE user_id = ?').pluck().get(user);
    expect(count).toBe(100);
    for (const path of [`/ledger_operations/${list[0].id}`]) {
      expect((await api(path)).status).toBe(404);
      expect((await api(`${path}/undo`, 'POST')).status).toBe(404);
    }
    expect((await api('/ledger_operations?limit=0', 'GET', undefined, token)).status).toBe(400);
  });
});

describe('export and import of a rule with conditions', () => {
  it('keeps its conditions and actions, its account given the new id', async () => {
    const db = engine.ctx.db;
    const scopes = ['transactions_manage', 'transactions_read', 'accounts_read', 'profile', 'profile_edit'] as const;
    const from = engine.createUser();
    const token = engine.userToken(from, scopes);
    const acc = insertAccount(db, from, insertConnection(db, from), { type: 'CHECKINGS' });
    insertTransaction(db, from, acc, { label: 'AMAZON' });
    const rule = { pattern: 'amazon', category_id: 'GIFTS', conditions: { sign: 'DEBIT', account_ids: [String(acc)] }, actions: { tags: ['online'] } };
    expect((await api('/categorization_rules', 'POST', rule, token)).status).toBe(201);
    const exported = await (await api('/users/me/export', 'GET', undefined, token)).text();
    const to = engine.createUser();
    const toToken = engine.userToken(to, scopes);
    const res = await engine.http('/v2/users/me/import', { method: 'POST', token: toToken, body: exported, headers: { 'content-type': 'application/json' } });
    expect(res.status, await res.clone().text()).toBe(201);
    const [account] = (await (await api('/accounts', 'GET', undefined, toToken)).json()) as any[];
    const [imported] = (await (await api('/categorization_rules', 'GET', undefined, toToken)).json()) as any[];
    expect(account.id).not.toBe(String(acc));
    expect(imported).toMatchObject({ pattern: 'amazon', conditions: { sign: 'DEBIT', account_ids: [account.id] }, actions: { tags: ['online'] } });
  });
});
