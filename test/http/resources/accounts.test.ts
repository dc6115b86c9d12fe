import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import {
  insertAccount,
  insertConnection,
  insertListedAccount,
  insertTransaction,
  memorySecrets,
  recordingSync,
  type RecordingSync,
} from '../../helpers/fixtures';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';

let engine: TestEngine;
let sync: RecordingSync;
let secrets: ReturnType<typeof memorySecrets>;
let user: number;
let other: number;
let read: string;
let manage: string;
let otherManage: string;
let conn: number;
let conn2: number;
const acc: Record<string, number> = {};

beforeAll(async () => {
  secrets = memorySecrets();
  engine = await startTestEngine({ secrets });
  sync = recordingSync(engine.ctx.db);
  engine.ctx.services.sync = sync;
  const db = engine.ctx.db;
  user = engine.createUser();
  other = engine.createUser();
  read = engine.userToken(user, ['accounts_read']);
  manage = engine.userToken(user, ['accounts_manage']);
  otherManage = engine.userToken(other, ['accounts_manage', 'accounts_read']);
  conn = insertConnection(db, user, { name: 'Main bank' });
  conn2 = insertConnection(db, user, { name: 'Second' });
  acc.checking = insertAccount(db, user, conn, { name: 'Compte Courant Joint', type: 'CHECKINGS', balance: 123456, iban: 'FR76 3000 6000 0112 3456 7890 189', ownerName: 'Élodie Martin', creationDate: 1_700_000_010 });
  acc.card = insertAccount(db, user, conn, { name: 'Visa Premier', type: 'CREDIT_CARD', balance: -4250, creationDate: 1_700_000_020, accountNumber: '4970-XXXX-1234' });
  acc.livret = insertAccount(db, user, conn, {
    name: 'Livret A',
    type: 'SAVINGS',
    balance: 1000000,
    creationDate: 1_700_000_030,
    savings: { type: 'LIVA', savings_type: 'LIQUID', yield_rate: 3, capital_gain: { amount: '12.50', percent: 1.25 }, effect_date: 1_600_000_000, invested_raw: '9987.50' },
  });
  acc.pro = insertAccount(db, user, conn2, { name: 'Pro account 100%', type: 'CHECKINGS', usage: 'PROFESSIONAL', status: 'SUSPENDED', creationDate: 1_700_000_005 });
  acc.loan = insertAccount(db, user, conn2, { name: 'alpha loan', type: 'LOAN', status: 'ERROR', balance: -15000000, creationDate: 1_700_000_040 });
  const oc = insertConnection(db, other);
  acc.foreign = insertAccount(db, other, oc, { name: 'Livret A' });
});
afterAll(async () => engine?.stop());

async function get(path: string, token = read) {
  const res = await engine.http(`/v2${path}`, { token });
  return { res, body: (await res.json()) as any };
}
const names = (body: any[]) => body.map((a) => a.name);

describe('GET /accounts', () => {
  it('lists the caller\'s accounts by creation date, with X-Total-Count', async () => {
    const { res, body } = await get('/accounts');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(names(body)).toEqual(['Pro account 100%', 'Compte Courant Joint', 'Visa Premier', 'Livret A', 'alpha loan']);
  });

  it('serves the Account record (balance from minor units, owner, usage, link, savings)', async () => {
    const { body } = await get(`/accounts/${acc.checking}`);
    expect(body).toEqual({
      id: String(acc.checking),
      connection_id: String(conn),
      name: 'Compte Courant Joint',
      currency: 'EUR',
      balance: 1234.56,
      balance_date: 1_700_000_000,
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      reference: expect.any(String),
      status: 'ACTIVE',
      type: 'CHECKINGS',
      creation_date: 1_700_000_010,
      owner: { name: 'Élodie Martin' },
      usage: 'PERSONAL',
      last_channel_definition_id: '900000',
    });
    const livret = (await get(`/accounts/${acc.livret}`)).body;
    expect(livret.savings).toEqual({ type: 'LIVA', savings_type: 'LIQUID', yield_rate: 3, capital_gain: { amount: 12.5, percent: 1.25 }, effect_date: 1_600_000_000, invested_raw: 9987.5 });
    expect(livret.balance).toBe(10000);
    expect((await get(`/accounts/${acc.card}`)).body.balance).toBe(-42.5);
    expect(JSON.stringify(livret)).not.toContain('null');
  });

  it('sort: name, creation_date, "-" for descending, comma lists; unknown field → 400', async () => {
    expect(names((await get('/accounts?sort=name')).body)).toEqual(['alpha loan', 'Compte Courant Joint', 'Livret A', 'Pro account 100%', 'Visa Premier']);
    expect(names((await get('/accounts?sort=-name')).body)).toEqual(['Visa Premier', 'Pro account 100%', 'Livret A', 'Compte Courant Joint', 'alpha loan']);
    expect(names((await get('/accounts?sort=-creation_date')).body)[0]).toBe('alpha loan');
    expect(names((await get('/accounts?sort=name,-creation_date')).body)[0]).toBe('alpha loan');
    for (const s of ['balance', 'name,', '-', 'name,name', 'NAME']) {
      const { res, body } = await get(`/accounts?sort=${s}`);
      expect(res.status, s).toBe(400);
      expect(body.error).toBe('invalid_request');
    }
  });

  it('type (comma list), status (one), usage, connection_id', async () => {
    expect(names((await get('/accounts?type=SAVINGS,LOAN')).body)).toEqual(['Livret A', 'alpha loan']);
    expect(names((await get('/accounts?type=CREDIT_CARD')).body)).toEqual(['Visa Premier']);
    expect(names((await get('/accounts?status=ERROR')).body)).toEqual(['alpha loan']);
    expect(names((await get('/accounts?usage=PROFESSIONAL')).body)).toEqual(['Pro account 100%']);
    expect((await get('/accounts?usage=PERSONAL')).res.headers.get('x-total-count')).toBe('4');
    expect(names((await get(`/accounts?connection_id=${conn2}`)).body)).toEqual(['Pro account 100%', 'alpha loan']);
    expect((await get('/accounts?connection_id=999999')).body).toEqual([]);
    expect((await get('/accounts?connection_id=abc')).body).toEqual([]);
    for (const q of ['type=CHECKING', 'type=SAVINGS,', 'status=OPEN', 'status=ACTIVE,ERROR', 'usage=BUSINESS', 'type=']) {
      expect((await get(`/accounts?${q}`)).res.status, q).toBe(400);
    }
  });

  it('q searches every text field, every word, ignoring case and accents', async () => {
    expect(names((await get('/accounts?q=livret')).body)).toEqual(['Livret A']);
    expect(names((await get('/accounts?q=elodie')).body)).toEqual(['Compte Courant Joint']);
    expect(names((await get('/accounts?q=FR7630006000')).body)).toEqual(['Compte Courant Joint']);
    expect(names((await get('/accounts?q=3000%206000')).body)).toEqual(['Compte Courant Joint']);
    expect(names((await get('/accounts?q=4970')).body)).toEqual(['Visa Premier']);
    expect(names((await get('/accounts?q=compte%20joint')).body)).toEqual(['Compte Courant Joint']);
    expect(names((await get('/accounts?q=compte%20visa')).body)).toEqual([]);
    expect(names((await get('/accounts?q=100%25')).body)).toEqual(['Pro account 100%']);
    expect(names((await get('/accounts?q=%25')).body)).toEqual(['Pro account 100%']);
    // "_" is not a LIKE wildcard here: only the card (type CREDIT_CARD) has one.
    expect(names((await get('/accounts?q=_')).body)).toEqual(['Visa Premier']);
    expect(names((await get('/accounts?q=loan&type=LOAN')).body)).toEqual(['alpha loan']);
  });

  it('page and limit', async () => {
    const p2 = await get('/accounts?limit=2&page=2');
    expect(names(p2.body)).toEqual(['Visa Premier', 'Livret A']);
    expect(p2.res.headers.get('x-total-count')).toBe('5');
    for (const q of ['page=0', 'limit=501', 'limit=0', 'page=x', 'limit=2.5']) expect((await get(`/accounts?${q}`)).res.status, q).toBe(400);
  });

  it('accepts accounts_read, transactions_read or accounts_manage; 403 otherwise, 401 without a token', async () => {
    for (const scope of ['accounts_read', 'transactions_read', 'accounts_manage'] as const) {
      expect((await get('/accounts', engine.userToken(user, [scope]))).res.status, scope).toBe(200);
    }
    expect((await get('/accounts', engine.userToken(user, ['connections_manage']))).res.status).toBe(403);
    expect((await engine.http('/v2/accounts')).status).toBe(401);
  });

  it("another user's accounts are never listed, and their ids are 404", async () => {
    const { body } = await get('/accounts?q=livret');
    expect(body.map((a: any) => a.id)).not.toContain(String(acc.foreign));
    expect((await get(`/accounts/${acc.foreign}`)).res.status).toBe(404);
    for (const id of ['999999', 'abc']) expect((await get(`/accounts/${id}`)).res.status).toBe(404);
  });
});

describe('PUT /accounts/{id}', () => {
  it('renames (and the new name is searchable)', async () => {
    const res = await engine.http(`/v2/accounts/${acc.card}`, { method: 'PUT', token: manage, json: { name: 'Gold card', status: 'ACTIVE' } });
    expect(res.status).toBe(204);
    expect((await get(`/accounts/${acc.card}`)).body).toMatchObject({ name: 'Gold card', status: 'ACTIVE', balance: -42.5 });
    expect(names((await get('/accounts?q=gold')).body)).toEqual(['Gold card']);
    expect(sync.starts).toEqual([]);
  });

  it('CLOSED archives: data kept, balance 0; ACTIVE reopens and schedules a synchronization', async () => {
    const db = engine.ctx.db;
    insertTransaction(db, user, acc.livret, { amount: 100 });
    const before = (await get(`/accounts/${acc.livret}`)).body;
    expect(before.closing_balance).toBeUndefined();
    const t0 = engine.ctx.now();
    const closed = await engine.http(`/v2/accounts/${acc.livret}`, { method: 'PUT', token: manage, json: { name: 'Livret A', status: 'CLOSED' } });
    expect(closed.status).toBe(204);
    const t1 = engine.ctx.now();
    // Extension: the balance it had and when it was closed, so its history can still be drawn.
    expect((await get(`/accounts/${acc.livret}`)).body).toMatchObject({
      status: 'CLOSED',
      balance: 0,
      closing_balance: before.balance,
    });
    const closingDate = (await get(`/accounts/${acc.livret}`)).body.closing_date;
    expect(closingDate).toBeGreaterThanOrEqual(t0);
    expect(closingDate).toBeLessThanOrEqual(t1);
    // A rename while closed keeps them.
    await engine.http(`/v2/accounts/${acc.livret}`, { method: 'PUT', token: manage, json: { name: 'Old savings', status: 'CLOSED' } });
    expect((await get(`/accounts/${acc.livret}`)).body).toMatchObject({ name: 'Old savings', closing_balance: before.balance });
    expect(db.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(acc.livret)).toBe(1);
    expect(sync.starts).toEqual([]);

    const reopened = await engine.http(`/v2/accounts/${acc.livret}`, { method: 'PUT', token: manage, json: { name: 'Livret A', status: 'ACTIVE' } });
    expect(reopened.status).toBe(204);
    expect((await get(`/accounts/${acc.livret}`)).body.status).toBe('ACTIVE');
    expect((await get(`/accounts/${acc.livret}`)).body).not.toHaveProperty('closing_balance');
    expect((await get(`/accounts/${acc.livret}`)).body).not.toHaveProperty('closing_date');
    expect(sync.starts).toEqual([{ connectionId: conn, request: { type: 'ALL', accountIds: [acc.livret] } }]);
    sync.starts.length = 0;
    sync.running.clear();
  });

  it('validates the body: name and status both required, status ACTIVE or CLOSED', async () => {
    for (const json of [{ name: 'x' }, { status: 'CLOSED' }, { name: 'x', status: 'ERROR' }, { name: '', status: 'ACTIVE' }, { name: 5, status: 'ACTIVE' }, []]) {
      const res = await engine.http(`/v2/accounts/${acc.card}`, { method: 'PUT', token: manage, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as any).error).toBe('invalid_request');
    }
  });

  it('needs accounts_manage; another user\'s account is 404', async () => {
    expect((await engine.http(`/v2/accounts/${acc.card}`, { method: 'PUT', token: read, json: { name: 'x', status: 'ACTIVE' } })).status).toBe(403);
    expect((await engine.http(`/v2/accounts/${acc.foreign}`, { method: 'PUT', token: manage, json: { name: 'x', status: 'CLOSED' } })).status).toBe(404);
    expect((await engine.http(`/v2/accounts/${acc.card}`, { method: 'PUT', token: otherManage, json: { name: 'x', status: 'CLOSED' } })).status).toBe(404);
    expect((await get(`/accounts/${acc.card}`)).body.name).toBe('Gold card');
  });
});

describe('DELETE /accounts/{id}', () => {
  it('removes the account and its history, and remembers it so that synchronizations do not bring it back', async () => {
    const db = engine.ctx.db;
    const c = insertConnection(db, user, { channels: [{ id: '900000', status: 'SUCCESS' }] });
    const a1 = insertAccount(db, user, c, { reference: 'keep-me' });
    const a2 = insertAccount(db, user, c, { reference: 'drop-me' });
    insertTransaction(db, user, a2, {});
    insertTransaction(db, user, a2, {});
    const res = await engine.http(`/v2/accounts/${a2}`, { method: 'DELETE', token: manage });
    expect(res.status).toBe(204);
    expect((await get(`/accounts/${a2}`)).res.status).toBe(404);
    expect(db.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(a2)).toBe(0);
    expect(db.prepare('SELECT reference FROM deleted_accounts WHERE connection_id = ?').pluck().all(c)).toEqual(['drop-me']);
    expect((await get(`/accounts/${a1}`)).res.status).toBe(200);
    expect((await engine.http(`/v2/accounts/${a2}`, { method: 'DELETE', token: manage })).status).toBe(404);
  });

  it('the last account of a channel leaves the channel EMPTY (credentials gone); of the last channel, removes the connection', async () => {
    const db = engine.ctx.db;
    const connections = engine.userToken(user, ['connections_manage']);
    const c = insertConnection(db, user, {
      status: 'FAILED',
      channels: [
        { id: '900000', status: 'FAILED', masked: [{ id: 'login', masked_value: 'us****ok' }] },
        { id: '900001', status: 'SUCCESS' },
      ],
    });
    const channelIds = db.prepare('SELECT id FROM channels WHERE connection_id = ? ORDER BY channel_definition_id').pluck().all(c) as number[];
    for (const id of channelIds) secrets.entries.set(channelSecretName(id), '{"x":"y"}');
    const embedded = insertAccount(db, user, c, { type: 'SAVINGS', channelDefinitionId: '900000' });
    const redirect = insertAccount(db, user, c, { type: 'CHECKINGS', channelDefinitionId: '900001' });

    expect((await engine.http(`/v2/accounts/${embedded}`, { method: 'DELETE', token: manage })).status).toBe(204);
    const afterFirst = (await (await engine.http(`/v2/connections/${c}`, { token: connections })).json()) as any;
    const ch = afterFirst.channels.find((x: any) => x.channel_definition_id === '900000');
    expect(ch).toMatchObject({ status: 'EMPTY', credentials: [] });
    // The connection status no longer counts the emptied (failed) channel.
    expect(afterFirst.status).toBe('SUCCESS');
    expect(secrets.entries.has(channelSecretName(channelIds[0]))).toBe(false);
    expect(secrets.entries.has(channelSecretName(channelIds[1]))).toBe(true);

    expect((await engine.http(`/v2/accounts/${redirect}`, { method: 'DELETE', token: manage })).status).toBe(204);
    expect((await engine.http(`/v2/connections/${c}`, { token: connections })).status).toBe(404);
    expect(secrets.entries.has(channelSecretName(channelIds[1]))).toBe(false);
    expect(sync.cancels).toContain(c);
    const deleted = db.prepare("SELECT count(*) FROM events WHERE connection_id = ? AND event_type = 'DELETED'").pluck().get(c);
    expect(deleted).toBe(1);
  });

  it("needs accounts_manage; another user's account is 404 and stays", async () => {
    expect((await engine.http(`/v2/accounts/${acc.card}`, { method: 'DELETE', token: read })).status).toBe(403);
    expect((await engine.http(`/v2/accounts/${acc.foreign}`, { method: 'DELETE', token: manage })).status).toBe(404);
    expect((await get(`/accounts/${acc.foreign}`, otherManage)).res.status).toBe(200);
  });
});

describe('POST /accounts', () => {
  const listed = (reference: string, type = 'CHECKINGS') => ({
    reference,
    name: `Listed ${reference}`,
    type,
    currency: 'EUR',
    usage: 'PERSONAL',
    balance: '42.10',
    balance_date: 1_700_000_000,
    iban: 'FR76 1111',
    owner: { name: 'Jean Dupont' },
    payment_source: true,
  });

  it('adds an account listed NEW by the last LIST_ACCOUNTS: 201, Location, ACTIVE, linked, synchronized', async () => {
    const db = engine.ctx.db;
    const c = insertConnection(db, user, { channels: [{ id: '900000', status: 'SUCCESS' }, { id: '900001', status: 'SUCCESS' }] });
    db.prepare("INSERT INTO deleted_accounts (connection_id, reference, deleted_date) VALUES (?, 'new-1', 1)").run(c);
    insertListedAccount(db, c, listed('new-1'), 'NEW', '900000');
    const res = await engine.http('/v2/accounts', { method: 'POST', token: manage, json: { connection_id: String(c), reference: 'new-1' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    expect(res.headers.get('location')).toBe(`/accounts/${body.id}`);
    expect(body).toMatchObject({
      connection_id: String(c),
      reference: 'new-1',
      name: 'Listed new-1',
      status: 'ACTIVE',
      balance: 42.1,
      owner: { name: 'Jean Dupont' },
      payment_source: true,
      // A CHECKINGS account relinks to the REDIRECT channel (linking rule 2).
      last_channel_definition_id: '900001',
    });
    expect((await get(`/accounts/${body.id}`)).body).toEqual(body);
    expect(sync.starts.at(-1)).toEqual({ connectionId: c, request: { type: 'ALL', accountIds: [Number(body.id)] } });
    expect(db.prepare('SELECT count(*) FROM deleted_accounts WHERE connection_id = ?').pluck().get(c)).toBe(0);
    expect(db.prepare('SELECT status FROM listed_accounts WHERE connection_id = ?').pluck().get(c)).toBe('PRESENT');
    // Not NEW any more.
    expect((await engine.http('/v2/accounts', { method: 'POST', token: manage, json: { connection_id: String(c), reference: 'new-1' } })).status).toBe(404);
  });

  it('404 for an account that is not listed NEW for the connection, or a connection that is not the caller\'s', async () => {
    const db = engine.ctx.db;
    const c = insertConnection(db, user);
    insertListedAccount(db, c, listed('present'), 'PRESENT');
    insertListedAccount(db, c, listed('missing'), 'MISSING');
    insertListedAccount(db, c, listed('fresh'), 'NEW');
    const foreign = insertConnection(db, other);
    insertListedAccount(db, foreign, listed('theirs'), 'NEW');
    for (const json of [
      { connection_id: String(c), reference: 'present' },
      { connection_id: String(c), reference: 'missing' },
      { connection_id: String(c), reference: 'unknown' },
      { connection_id: String(conn), reference: 'fresh' },
      { connection_id: String(foreign), reference: 'theirs' },
      { connection_id: 'abc', reference: 'fresh' },
    ]) {
      const res = await engine.http('/v2/accounts', { method: 'POST', token: manage, json });
      expect(res.status, JSON.stringify(json)).toBe(404);
      expect(((await res.json()) as any).error).toBe('not_found');
    }
    for (const json of [{}, { connection_id: String(c) }, { reference: 'fresh' }, { connection_id: 5, reference: 'fresh' }]) {
      expect((await engine.http('/v2/accounts', { method: 'POST', token: manage, json })).status, JSON.stringify(json)).toBe(400);
    }
    expect((await engine.http('/v2/accounts', { method: 'POST', token: read, json: { connection_id: String(c), reference: 'fresh' } })).status).toBe(403);
  });
});
