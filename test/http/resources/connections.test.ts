import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection, insertTransaction, memorySecrets, recordingSync, type RecordingSync } from '../../helpers/fixtures';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';

let engine: TestEngine;
let sync: RecordingSync;
let secrets: ReturnType<typeof memorySecrets>;
let user: number;
let other: number;
let read: string;
let manage: string;
let syncToken: string;
let otherAll: string;
let foreign: number;

beforeAll(async () => {
  secrets = memorySecrets();
  engine = await startTestEngine({ secrets });
  sync = recordingSync(engine.ctx.db);
  engine.ctx.services.sync = sync;
  user = engine.createUser();
  other = engine.createUser();
  read = engine.userToken(user, ['accounts_read']);
  manage = engine.userToken(user, ['connections_manage', 'accounts_manage']);
  syncToken = engine.userToken(user, ['connections_sync']);
  otherAll = engine.userToken(other, ['connections_manage', 'connections_sync', 'accounts_read']);
  foreign = insertConnection(engine.ctx.db, other, { name: 'Theirs' });
});
afterAll(async () => engine?.stop());

const reset = () => {
  sync.starts.length = 0;
  sync.cancels.length = 0;
  sync.answers.length = 0;
  sync.running.clear();
};
async function call(path: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const res = await engine.http(`/v2${path}`, { method: init.method ?? 'GET', token: init.token ?? read, json: init.json });
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('GET /connections', () => {
  let a: number;
  let b: number;
  beforeAll(() => {
    const db = engine.ctx.db;
    a = insertConnection(db, user, {
      name: 'Alpha',
      status: 'PARTIAL_SUCCESS',
      ownerName: 'Jean Dupont',
      creationDate: 1_700_000_100,
      channels: [
        { id: '900000', status: 'PARTIAL_SUCCESS', masked: [{ id: 'login', masked_value: 'us****ok' }, { id: 'password', masked_value: '********' }] },
        { id: '900001', status: 'SUCCESS', expires: 1_707_776_000, masked: [{ id: 'AUTHORIZATION_CODE', masked_value: '********' }] },
      ],
    });
    b = insertConnection(db, user, { name: 'Beta', status: 'AUTH_FAILED', autoSync: false, consentPerAccount: true, creationDate: 1_700_000_200, channels: [{ id: '900000', status: 'AUTH_FAILED' }, { id: '900001', status: 'EMPTY' }] });
  });

  it('lists the caller\'s connections by creation date with X-Total-Count and the Connection record', async () => {
    const { res, body } = await call('/connections');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(body.map((c: any) => c.name)).toEqual(['Alpha', 'Beta']);
    expect(body[0]).toEqual({
      id: String(a),
      user_id: String(user),
      provider_id: '9000',
      name: 'Alpha',
      status: 'PARTIAL_SUCCESS',
      creation_date: 1_700_000_100,
      auto_sync: true,
      logo_url: `${engine.urls.host_url}/logos/9000.svg`,
      owner: { name: 'Jean Dupont' },
      consent_per_account: false,
      channels: [
        {
          id: '900000',
          channel_definition_id: '900000',
          mode: 'EMBEDDED',
          status: 'PARTIAL_SUCCESS',
          credentials: [{ id: 'login', masked_value: 'us****ok' }, { id: 'password', masked_value: '********' }],
          account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
          channel_definition_unavailable: false,
        },
        {
          id: '900001',
          channel_definition_id: '900001',
          mode: 'REDIRECT',
          status: 'SUCCESS',
          expires: 1_707_776_000,
          credentials: [],
          account_types: ['CHECKINGS', 'CREDIT_CARD'],
          channel_definition_unavailable: false,
        },
      ],
    });
    expect(body[1]).toMatchObject({ auto_sync: false, consent_per_account: true });
    expect(body[1]).not.toHaveProperty('owner');
    expect(body[1].channels[1]).toMatchObject({ status: 'EMPTY', credentials: [] });
    const logo = await engine.http(new URL(body[0].logo_url).pathname);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('filters by status and provider_id; pages; 400 for bad values', async () => {
    expect((await call('/connections?status=AUTH_FAILED')).body.map((c: any) => c.name)).toEqual(['Beta']);
    expect((await call('/connections?status=SUCCESS')).body).toEqual([]);
    expect((await call('/connections?provider_id=9000')).res.headers.get('x-total-count')).toBe('2');
    expect((await call('/connections?provider_id=1234')).body).toEqual([]);
    expect((await call('/connections?limit=1&page=2')).body.map((c: any) => c.name)).toEqual(['Beta']);
    for (const q of ['status=NOPE', 'status=SUCCESS,FAILED', 'page=0', 'limit=501']) expect((await call(`/connections?${q}`)).status, q).toBe(400);
  });

  it('GET /connections/{id}; another user\'s is 404; scopes', async () => {
    expect((await call(`/connections/${a}`)).body.name).toBe('Alpha');
    expect((await call(`/connections/${foreign}`)).status).toBe(404);
    expect((await call('/connections/nope')).status).toBe(404);
    for (const scope of ['accounts_read', 'transactions_read', 'connections_manage'] as const) {
      expect((await call('/connections', { token: engine.userToken(user, [scope]) })).status, scope).toBe(200);
    }
    expect((await call('/connections', { token: syncToken })).status).toBe(403);
    expect((await call(`/connections/${a}`, { token: syncToken })).status).toBe(403);
  });

  it('PUT /connections/{id} renames', async () => {
    expect((await call(`/connections/${b}`, { method: 'PUT', token: manage, json: { name: 'Beta bank' } })).status).toBe(204);
    expect((await call(`/connections/${b}`)).body.name).toBe('Beta bank');
    for (const json of [{}, { name: '' }, { name: 3 }]) expect((await call(`/connections/${b}`, { method: 'PUT', token: manage, json })).status).toBe(400);
    expect((await call(`/connections/${foreign}`, { method: 'PUT', token: manage, json: { name: 'x' } })).status).toBe(404);
    expect((await call(`/connections/${b}`, { method: 'PUT', token: read, json: { name: 'x' } })).status).toBe(403);
  });
});

describe('DELETE /connections/{id}', () => {
  it('removes the connection, its accounts, their transactions and its keychain entries; stops its run', async () => {
    reset();
    const db = engine.ctx.db;
    const c = insertConnection(db, user, { channels: [{ id: '900000', status: 'SUCCESS' }, { id: '900001', status: 'SUCCESS' }] });
    const channels = db.prepare('SELECT id FROM channels WHERE connection_id = ?').pluck().all(c) as number[];
    for (const id of channels) secrets.entries.set(channelSecretName(id), '{}');
    const acc = insertAccount(db, user, c);
    insertTransaction(db, user, acc, {});
    expect((await call(`/connections/${c}`, { method: 'DELETE', token: manage })).status).toBe(204);
    expect((await call(`/connections/${c}`)).status).toBe(404);
    expect((await call(`/accounts/${acc}`)).status).toBe(404);
    expect(db.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(acc)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM channels WHERE connection_id = ?').pluck().get(c)).toBe(0);
    for (const id of channels) expect(secrets.entries.has(channelSecretName(id))).toBe(false);
    expect(sync.cancels).toEqual([c]);
    const event = db.prepare("SELECT payload FROM events WHERE connection_id = ? AND event_type = 'DELETED'").pluck().get(c) as string;
    expect(JSON.parse(event).resource.id).toBe(String(c));
  });

  it("another user's is 404 and stays; needs connections_manage", async () => {
    expect((await call(`/connections/${foreign}`, { method: 'DELETE', token: manage })).status).toBe(404);
    expect((await call(`/connections/${foreign}`, { token: otherAll })).status).toBe(200);
    expect((await call(`/connections/${foreign}`, { method: 'DELETE', token: read })).status).toBe(403);
  });
});

describe('POST /connections/{id}/close and /reopen', () => {
  it('close: every channel and account CLOSED, the run stopped; nothing synchronizes until reopened', async () => {
    reset();
    const db = engine.ctx.db;
    const c = insertConnection(db, user, {
      status: 'RUNNING',
      channels: [
        { id: '900000', status: 'AUTH_FAILED' },
        { id: '900001', status: 'RUNNING' },
      ],
    });
    const active = insertAccount(db, user, c, { status: 'ACTIVE', balance: 500 });
    const error = insertAccount(db, user, c, { status: 'ERROR' });
    const consent = insertAccount(db, user, c, { status: 'PENDING_CONSENT' });
    const closedBefore = insertAccount(db, user, c, { status: 'CLOSED' });
    insertTransaction(db, user, active, {});

    expect((await call(`/connections/${c}/close`, { method: 'POST', token: manage })).status).toBe(204);
    const closed = (await call(`/connections/${c}`)).body;
    expect(closed.status).toBe('CLOSED');
    expect(closed.channels.map((ch: any) => ch.status)).toEqual(['CLOSED', 'CLOSED']);
    const accounts = (await call(`/accounts?connection_id=${c}`)).body;
    expect(accounts.map((x: any) => x.status)).toEqual(['CLOSED', 'CLOSED', 'CLOSED', 'CLOSED']);
    expect(accounts[0].balance).toBe(5);
    expect(db.prepare('SELECT count(*) FROM transactions WHERE account_id = ?').pluck().get(active)).toBe(1);
    expect(sync.cancels).toEqual([c]);

    // A closed connection is not synchronized, and its accounts cannot be reopened one by one.
    expect((await call(`/connections/${c}/synchronize`, { method: 'POST', token: syncToken })).status).toBe(204);
    expect(sync.starts).toEqual([]);
    const put = await call(`/accounts/${active}`, { method: 'PUT', token: manage, json: { name: 'x', status: 'ACTIVE' } });
    expect(put.status).toBe(400);
    // Closing again changes nothing.
    expect((await call(`/connections/${c}/close`, { method: 'POST', token: manage })).status).toBe(204);

    expect((await call(`/connections/${c}/reopen`, { method: 'POST', token: manage })).status).toBe(204);
    const reopened = (await call(`/connections/${c}`)).body;
    expect(reopened.channels.map((ch: any) => ch.status)).toEqual(['AUTH_FAILED', 'NEVER']);
    expect(reopened.status).toBe('RUNNING');
    expect(sync.starts).toEqual([{ connectionId: c, request: { type: 'ALL' } }]);
    const statuses = Object.fromEntries(
      ((await call(`/accounts?connection_id=${c}`)).body as any[]).map((x) => [Number(x.id), x.status]),
    );
    expect(statuses).toEqual({ [active]: 'ACTIVE', [error]: 'ACTIVE', [consent]: 'PENDING_CONSENT', [closedBefore]: 'CLOSED' });
    // Reopening an open connection does nothing.
    reset();
    expect((await call(`/connections/${c}/reopen`, { method: 'POST', token: manage })).status).toBe(204);
    expect(sync.starts).toEqual([]);
  });

  it('an EMPTY channel comes back EMPTY', async () => {
    reset();
    const db = engine.ctx.db;
    const c = insertConnection(db, user, { channels: [{ id: '900000', status: 'SUCCESS' }, { id: '900001', status: 'EMPTY' }] });
    await call(`/connections/${c}/close`, { method: 'POST', token: manage });
    await call(`/connections/${c}/reopen`, { method: 'POST', token: manage });
    expect((await call(`/connections/${c}`)).body.channels.map((ch: any) => ch.status)).toEqual(['SUCCESS', 'EMPTY']);
  });

  it("another user's is 404; needs connections_manage", async () => {
    for (const op of ['close', 'reopen']) {
      expect((await call(`/connections/${foreign}/${op}`, { method: 'POST', token: manage })).status).toBe(404);
      expect((await call(`/connections/${foreign}/${op}`, { method: 'POST', token: syncToken })).status).toBe(403);
    }
    expect((await call(`/connections/${foreign}`, { token: otherAll })).body.status).not.toBe('CLOSED');
  });
});

describe('synchronization endpoints', () => {
  it('POST /connections/{id}/synchronize starts a run of type ALL or LIST_ACCOUNTS', async () => {
    reset();
    const db = engine.ctx.db;
    const c = insertConnection(db, user);
    expect((await call(`/connections/${c}/synchronize`, { method: 'POST', token: syncToken })).status).toBe(204);
    expect((await call(`/connections/${c}`)).body.status).toBe('RUNNING');
    sync.running.clear();
    expect((await call(`/connections/${c}/synchronize?type=LIST_ACCOUNTS`, { method: 'POST', token: syncToken })).status).toBe(204);
    expect(sync.starts).toEqual([
      { connectionId: c, request: { type: 'ALL' } },
      { connectionId: c, request: { type: 'LIST_ACCOUNTS' } },
    ]);
    for (const q of ['type=BAD', 'type=all', 'type=']) expect((await call(`/connections/${c}/synchronize?${q}`, { method: 'POST', token: syncToken })).status, q).toBe(400);
    expect((await call(`/connections/${foreign}/synchronize`, { method: 'POST', token: syncToken })).status).toBe(404);
    expect((await call(`/connections/${c}/synchronize`, { method: 'POST', token: manage })).status).toBe(403);
    expect(sync.starts).toHaveLength(2);
  });

  it('POST /connections/synchronize: 200 with the auto_sync connections that are not closed, 206 when none', async () => {
    const db = engine.ctx.db;
    const u = engine.createUser();
    const t = engine.userToken(u, ['connections_sync']);
    const none = await engine.http('/v2/connections/synchronize', { method: 'POST', token: t });
    expect(none.status).toBe(206);
    expect(await none.text()).toBe('');
    insertConnection(db, u, { autoSync: false });
    insertConnection(db, u, { status: 'CLOSED', channels: [{ id: '900000', status: 'CLOSED' }] });
    insertConnection(db, u, { status: 'NONE', channels: [] });
    expect((await engine.http('/v2/connections/synchronize', { method: 'POST', token: t })).status).toBe(206);
    reset();
    const yes = insertConnection(db, u, { name: 'Auto' });
    const res = await engine.http('/v2/connections/synchronize', { method: 'POST', token: t });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any[];
    expect(body.map((c) => [c.id, c.name, c.status])).toEqual([[String(yes), 'Auto', 'RUNNING']]);
    expect(sync.starts).toEqual([{ connectionId: yes, request: { type: 'ALL' } }]);
    expect((await engine.http('/v2/connections/synchronize', { method: 'POST', token: engine.userToken(u, ['connections_manage']) })).status).toBe(403);
  });
});

describe('POST /connections/{id}/user_input', () => {
  let c: number;
  beforeAll(() => {
    c = insertConnection(engine.ctx.db, user, { status: 'CHALLENGE_REQUIRED', channels: [{ id: '900000', status: 'CHALLENGE_REQUIRED' }] });
  });

  it('404 when no challenge is pending', async () => {
    reset();
    sync.challengePending = false;
    const r = await call(`/connections/${c}/user_input`, { method: 'POST', token: syncToken, json: { credentials: [{ id: 'sms_code', value: '123456' }] } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });

  it('checks the answer against the challenge fields and hands it to the synchronization', async () => {
    reset();
    const db = engine.ctx.db;
    db.prepare('INSERT INTO challenges (connection_id, channel_definition_id, fields, message, expires) VALUES (?, ?, ?, ?, ?)').run(
      c,
      '900000',
      JSON.stringify([{ id: 'sms_code', label: 'Code', type: 'TEXT', encrypt: false, regexp: '^\\d{6}$' }]),
      'Enter the code',
      engine.ctx.now() + 300,
    );
    sync.challengePending = true;
    for (const json of [
      { credentials: [{ id: 'sms_code', value: '12' }] },
      { credentials: [{ id: 'other', value: '123456' }] },
      { credentials: [] },
      {},
      { credentials: [{ id: 'sms_code', value: 123456 }] },
    ]) {
      const r = await call(`/connections/${c}/user_input`, { method: 'POST', token: syncToken, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(r.body)).not.toContain('"12"');
    }
    expect(sync.answers).toEqual([]);
    expect((await call(`/connections/${c}/user_input`, { method: 'POST', token: syncToken, json: { credentials: [{ id: 'sms_code', value: '123456' }] } })).status).toBe(204);
    expect(sync.answers).toEqual([{ connectionId: c, answer: { channelDefinitionId: '900000', values: { sms_code: '123456' } } }]);
    expect((await call(`/connections/${c}/user_input`, { method: 'POST', token: syncToken, json: { cancel: true } })).status).toBe(204);
    expect(sync.answers[1]).toEqual({ connectionId: c, answer: { channelDefinitionId: '900000', cancel: true } });
    // Another channel's challenge is not pending.
    expect((await call(`/connections/${c}/user_input`, { method: 'POST', token: syncToken, json: { channel_definition_id: '900001', cancel: true } })).status).toBe(404);
    sync.challengePending = false;
    expect((await call(`/connections/${c}/user_input`, { method: 'POST', token: syncToken, json: { cancel: true } })).status).toBe(404);
  });

  it("another user's connection is 404; needs connections_sync", async () => {
    sync.challengePending = true;
    expect((await call(`/connections/${foreign}/user_input`, { method: 'POST', token: syncToken, json: { cancel: true } })).status).toBe(404);
    expect((await call(`/connections/${c}/user_input`, { method: 'POST', token: manage, json: { cancel: true } })).status).toBe(403);
    sync.challengePending = false;
  });
});
