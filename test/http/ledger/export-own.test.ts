import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';

/**
 * "Export my data" carries the person's own categories and payees, and an import into a fresh user gives
 * the transactions, rules and corrections the same categories and payees (under new ids) — over real HTTP.
 */
const SCOPES = ['accounts_read', 'transactions_read', 'transactions_manage', 'profile', 'profile_edit'] as const;
let engine: TestEngine;
let source: string;
let target: string;
let tx: number;

beforeAll(async () => {
  engine = await startTestEngine();
  const user = engine.createUser();
  source = engine.userToken(user, SCOPES);
  target = engine.userToken(engine.createUser(), SCOPES);
  const account = insertAccount(engine.ctx.db, user, insertConnection(engine.ctx.db, user), { type: 'CHECKINGS' });
  tx = insertTransaction(engine.ctx.db, user, account, { label: 'CB LUDO 12/11', importDate: 1_700_000_000 });
});
afterAll(async () => engine?.stop());

const api = (token: string, path: string, method = 'GET', json?: unknown) =>
  engine.http(`/v2${path}`, { method, token, headers: { 'accept-language': 'en' }, ...(json === undefined ? {} : { json }) });
const body = async (res: Response) => (await res.json()) as any;

describe('export and import with own categories and payees', () => {
  it('keeps them, linked to the same rows', async () => {
    const games = await body(await api(source, '/categories', 'POST', { label: 'Board games', parent_id: 'LEISURE' }));
    expect((await api(source, `/transactions/${tx}`, 'PUT', { category_id: games.id, payee_name: 'Dice & Co' })).status).toBe(204);
    expect((await api(source, '/categorization_rules', 'POST', { pattern: 'ludo', category_id: games.id })).status).toBe(201);
    const exported = await (await api(source, '/users/me/export')).text();
    const imported = await engine.http('/v2/users/me/import', { method: 'POST', token: target, body: exported, headers: { 'content-type': 'application/json' } });
    expect(imported.status, await imported.clone().text()).toBe(201);

    const mine = ((await body(await api(target, '/categories'))) as any[]).filter((c) => c.custom);
    expect(mine).toMatchObject([{ label: 'Board games', parent: { id: 'LEISURE' }, custom: true }]);
    const [row] = (await body(await api(target, '/transactions'))) as any[];
    expect(row).toMatchObject({ label: 'CB LUDO 12/11', category_id: mine[0].id, payee: { name: 'Dice & Co' } });
    expect(((await body(await api(target, '/categorization_rules'))) as any[])[0].category_id).toBe(mine[0].id);
    expect(((await body(await api(target, '/payees'))) as any[]).map((p) => [p.name, p.transaction_count])).toEqual([['Dice & Co', 1]]);
  });
});
