import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';
import { accountsOf, api, connectEmbedded, getJson, transactionsOf, waitSettled, type Caller } from '../sync/sync-helpers';

/**
 * Export and import of one user's data over real HTTP and SQLite: a Test Bank user with notes, tags, rules,
 * learnt categories, a renamed and a hidden account is exported, imported into a fresh user and every list
 * answers the same except ids and dates; what is refused is refused whole.
 */
const SCOPES = ['accounts_read', 'accounts_manage', 'transactions_read', 'transactions_manage', 'connections_manage', 'connections_sync', 'profile', 'profile_edit'] as const;
const OTHER_SECRET_NOTE = 'other-user-private-note-7731';

let engine: TestEngine;
let source: Caller;
let exported: any;
let exportText: string;

const caller = (): Caller => {
  const userId = engine.createUser();
  return { engine, userId, token: engine.userToken(userId, SCOPES) };
};
const post = (c: Caller, path: string, json: unknown) => api(c, path, { method: 'POST', json });
const ok = async (res: Promise<Response>, status = 204) => {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
};
const importText = (c: Caller, body: string) =>
  api(c, '/users/me/import', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  engine = await startTestEngine({ resultsWriter: 'inline' });
  source = caller();
  const connection = await connectEmbedded(source, 'user_ok');
  expect((await waitSettled(source, connection)).status).toBe('SUCCESS');
  const [first, second] = await accountsOf(source, connection);
  await ok(api(source, `/accounts/${first.id}`, { method: 'PUT', json: { name: 'My everyday account', status: 'ACTIVE' } }));
  await ok(api(source, `/accounts/${second.id}/preferences`, { method: 'PUT', json: { hidden_from_totals: true } }));
  const rows = await transactionsOf(source, first.id);
  const rule = await post(source, '/categorization_rules', { pattern: rows[0].label.slice(0, 20), category_id: 'RESTAURANT' });
  expect(rule.status, await rule.clone().text()).toBe(201);
  expect((await post(source, '/categorization_rules/apply', {})).status).toBeLessThan(300);
  for (const [i, t] of rows.slice(1, 4).entries()) {
    const res = await api(source, `/transactions/${t.id}`, { method: 'PUT', json: { category_id: 'CAFE_BAR', user_note: `note ${i}`, tags: ['work', `t${i}`] } });
    expect(res.status).toBe(204);
  }
  // A split, a confirmed transfer and an unlinked pair, which travel with the export.
  const cents = Math.round(rows[5].amount * 100);
  const parts = [{ amount: Math.trunc(cents / 2) / 100, category_id: 'HEALTH', note: 'half' }, { amount: (cents - Math.trunc(cents / 2)) / 100, category_id: 'RESTAURANT' }];
  expect((await api(source, `/transactions/${rows[5].id}/splits`, { method: 'PUT', json: { splits: parts } })).status).toBe(204);
  const [confirmed, unlinked] = await getJson<any[]>(source, '/transfers?limit=2');
  expect((await api(source, `/transfers/${confirmed.id}`, { method: 'PUT', json: { confirmed: true } })).status).toBe(204);
  expect((await api(source, `/transfers/${unlinked.id}`, { method: 'DELETE' })).status).toBe(204);
  // Another user's data, which must never travel with this user's export.
  const other = engine.createUser();
  const oc = insertConnection(engine.ctx.db, other);
  insertTransaction(engine.ctx.db, other, insertAccount(engine.ctx.db, other, oc), { label: OTHER_SECRET_NOTE, notes: OTHER_SECRET_NOTE });

  const res = await api(source, '/users/me/export');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="coffer-export-\d{4}-\d{2}-\d{2}\.json"/);
  exportText = await res.text();
  exported = JSON.parse(exportText);
}, 60_000);
afterAll(async () => engine?.stop());

/** Every list a person reads, with ids replaced by what they point at and dates of the copy left out. */
async function answers(c: Caller) {
  const accounts = await getJson<any[]>(c, '/accounts?limit=500');
  const connections = await getJson<any[]>(c, '/connections?limit=500');
  const rules = await getJson<any[]>(c, '/categorization_rules?limit=500');
  const accountRef = new Map(accounts.map((a) => [a.id, a.reference]));
  const connectionName = new Map(connections.map((x) => [x.id, x.name]));
  const rulePattern = new Map(rules.map((r) => [r.id, r.pattern]));
  const strip = (r: any) => {
    const { id: _id, user_id: _u, creation_date: _c, import_date: _i, ...rest } = r;
    for (const [k, names] of [['account_id', accountRef], ['connection_id', connectionName], ['category_rule_id', rulePattern]] as const) {
      if (rest[k] !== undefined && rest[k] !== null) rest[k] = (names as Map<unknown, unknown>).get(rest[k]) ?? `?${rest[k]}`;
    }
    return rest;
  };
  const transactions = (await Promise.all(accounts.map((a) => transactionsOf(c, a.id)))).flat();
  // A transfer link names the other side by its id, new in the other profile: compared by what that row is.
  const rowName = new Map(transactions.map((t) => [t.id, `${accountRef.get(t.account_id)}|${t.date}|${t.amount}|${t.label}`]));
  const withLink = (t: any) => (t.transfer ? { ...t, transfer: { other: rowName.get(t.transfer.transaction_id), confirmed: t.transfer.confirmed } } : t);
  const byKey = (a: any, b: any) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    accounts: accounts.map(strip).sort(byKey),
    transactions: transactions.map(withLink).map(strip).sort(byKey),
    rules: rules.map(strip),
    connections: connections.map((x) => {
      const { status: _s, channels: _ch, ...rest } = strip(x);
      return rest;
    }),
  };
}

describe('GET /users/me/export', () => {
  it('is a versioned coffer-export document with the person\'s edits', () => {
    expect(exported).toMatchObject({ format: 'coffer-export', version: 1 });
    expect(typeof exported.exported_at).toBe('number');
    expect(exported.connections).toHaveLength(1);
    expect(exported.transactions.length).toBeGreaterThan(10);
    expect(exported.rules).toHaveLength(1);
    expect(exported.transactions.filter((t: any) => t.user_note?.startsWith('note '))).toHaveLength(3);
    expect(exported.accounts.map((a: any) => a.name)).toContain('My everyday account');
  });

  it('carries no credential, token or connector state, and nothing of another user', () => {
    for (const secret of ['pass_ok', 'user_ok', OTHER_SECRET_NOTE, 'test-only-no-password', source.token, 'masked_credentials', 'connector_state']) {
      expect(exportText, secret).not.toContain(secret);
    }
  });

  it('needs a token with the profile scope', async () => {
    const userId = engine.createUser();
    const token = engine.userToken(userId, ['accounts_read']);
    expect((await engine.http('/v2/users/me/export', { token })).status).toBe(403);
  });
});

describe('POST /users/me/import', () => {
  it('into an empty profile recreates the same answers; connections wait for their credentials', async () => {
    const target = caller();
    const res = await importText(target, exportText);
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as any;
    expect(body.imported).toMatchObject({ connections: 1, rules: 1, transactions: exported.transactions.length, accounts: exported.accounts.length });
    expect(await answers(target)).toEqual(await answers(source));
    expect(body.imported).toMatchObject({ transaction_splits: 2, transfer_refusals: 1 });
    expect(body.imported.transfer_links).toBe(exported.transfer_links.length);
    // The unlinked pair stays unlinked there too: a detection over the whole history does not link it again.
    const { ledgerAfterResults } = await import('../../../src/main/engine/sync/ledger-after-results');
    expect(ledgerAfterResults({ store: engine.ctx.store }, target.userId, 0, 0).linked).toBe(0);
    const [connection] = await getJson<any[]>(target, '/connections');
    expect(connection.status).toBe('NEEDS_SECRET');
  });

  it('into a profile with data answers 409 and changes nothing', async () => {
    const before = await answers(source);
    const res = await importText(source, exportText);
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).error).toBe('conflict');
    expect(await answers(source)).toEqual(before);
  });

  const refused = async (body: string) => {
    const target = caller();
    const res = await importText(target, body);
    const json = (await res.json()) as any;
    expect(await getJson<any[]>(target, '/connections')).toEqual([]);
    expect(await getJson<any[]>(target, '/accounts')).toEqual([]);
    expect(await getJson<any[]>(target, '/categorization_rules')).toEqual([]);
    return { status: res.status, ...json };
  };

  it('a malformed document: 400 naming the first bad place as a JSON path, nothing written', async () => {
    // Far enough in the list that the records before it were already written (in slices of 2,000): they go.
    const doc = JSON.parse(exportText);
    const bad = doc.transactions.length - 3;
    expect(bad).toBeGreaterThan(2_000);
    doc.transactions[bad].amount = '12.50';
    doc.transactions[bad + 1].label = null;
    const r = await refused(JSON.stringify(doc));
    expect(r).toMatchObject({ status: 400, error: 'invalid_request' });
    expect(r.error_description).toBe(`transactions[${bad}].amount must be a whole number`);
  });

  it('a link to nothing is refused like a wrong value', async () => {
    const doc = JSON.parse(exportText);
    doc.transactions[2].account_id = 999_999;
    const r = await refused(JSON.stringify(doc));
    expect(r.status).toBe(400);
    expect(r.error_description).toContain('transactions[2].account_id');
  });

  it('an export from a newer version: 400 saying so', async () => {
    const r = await refused(JSON.stringify({ ...exported, version: 2 }));
    expect(r.status).toBe(400);
    expect(r.error_description).toMatch(/newer version of Coffer/);
  });

  it('a truncated file and a foreign one: 400 in words', async () => {
    const cut = await refused(exportText.slice(0, Math.floor(exportText.length / 2)));
    expect(cut.status).toBe(400);
    expect(cut.error_description).toMatch(/cut short/);
    const csv = await refused('date,amount,label\n2024-01-01,12.00,Coffee\n');
    expect(csv.status).toBe(400);
    expect(csv.error_description).toMatch(/not a Coffer export/);
    const foreign = await refused(JSON.stringify({ budget: { name: 'Home' } }));
    expect(foreign.status).toBe(400);
    expect(foreign.error_description).toMatch(/not a Coffer export/);
  });

  it('an import the engine stopped in the middle of is replaced by the next one, not refused as data', async () => {
    const target = caller();
    // What an import cut by a stop of the engine leaves: a partial connection and the marker of the import.
    insertConnection(engine.ctx.db, target.userId, { name: 'Half imported' });
    engine.ctx.db.prepare("INSERT INTO settings (key, value) VALUES (?, 'true')").run(`import_under_way:${target.userId}`);
    const res = await importText(target, exportText);
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await getJson<any[]>(target, '/connections')).map((x) => x.name)).toEqual(['Coffer Test Bank']);
    // Done: a further import is refused as usual.
    expect((await importText(target, exportText)).status).toBe(409);
  });

  it('needs the profile_edit scope', async () => {
    const userId = engine.createUser();
    const token = engine.userToken(userId, ['profile']);
    const res = await engine.http('/v2/users/me/import', { method: 'POST', token, json: exported });
    expect(res.status).toBe(403);
  });
});
