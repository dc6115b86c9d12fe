import { CompactEncrypt, importJWK, importSPKI, generateKeyPair, exportJWK } from 'jose';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertConnection, memorySecrets, recordingSync, type RecordingSync } from '../../helpers/fixtures';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';

const PASSWORD = 'pass_ok-S3cr3t!';

let engine: TestEngine;
let sync: RecordingSync;
let secrets: ReturnType<typeof memorySecrets>;
let user: number;
let manage: string;
let otherManage: string;

beforeAll(async () => {
  secrets = memorySecrets();
  engine = await startTestEngine({ secrets });
  sync = recordingSync(engine.ctx.db);
  engine.ctx.services.sync = sync;
  user = engine.createUser();
  manage = engine.userToken(user, ['connections_manage', 'accounts_read']);
  otherManage = engine.userToken(engine.createUser(), ['connections_manage']);
});
afterAll(async () => engine?.stop());

async function newKey(token = manage) {
  const res = await engine.http('/v2/keys', { method: 'POST', token, json: {} });
  expect(res.status).toBe(201);
  return { res, key: (await res.json()) as any };
}

async function encrypt(value: string, key: { id: string; public_key: string }, header: Record<string, unknown> = {}) {
  const pub = await importSPKI(key.public_key, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(value)).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.id, ...header }).encrypt(pub);
}

async function post(json: unknown, token = manage) {
  const res = await engine.http('/v2/connections', { method: 'POST', token, json });
  const text = await res.text();
  return { res, status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

describe('POST /keys and GET /keys/{id}', () => {
  it('makes an RSA-2048 key (RSA-OAEP-256) that lives 15 minutes, with PEM and JWK', async () => {
    const { res, key } = await newKey();
    expect(res.headers.get('location')).toBe(`/keys/${key.id}`);
    expect(key).toEqual({
      id: expect.any(String),
      algorithm: 'RSA-OAEP-256',
      public_key: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/),
      jwk: expect.objectContaining({ kty: 'RSA', e: 'AQAB', kid: key.id, alg: 'RSA-OAEP-256', use: 'enc' }),
      creation_date: expect.any(Number),
      expires: key.creation_date + 900,
    });
    expect(Buffer.from(key.jwk.n, 'base64url').length).toBe(256);
    expect(key.jwk).not.toHaveProperty('d');
    // The JWK works as well as the PEM.
    const viaJwk = await importJWK(key.jwk, 'RSA-OAEP-256');
    expect(viaJwk).toBeTruthy();
    const got = await engine.http(`/v2/keys/${key.id}`, { token: manage });
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(key);
    // No private half anywhere in the database.
    const row = engine.ctx.db.prepare('SELECT * FROM encryption_keys WHERE id = ?').get(key.id) as any;
    expect(JSON.stringify(row)).not.toMatch(/PRIVATE|"d":/);
  });

  it("another user's or an unknown key is 404; needs connections_manage", async () => {
    const { key } = await newKey();
    expect((await engine.http(`/v2/keys/${key.id}`, { token: otherManage })).status).toBe(404);
    expect((await engine.http('/v2/keys/nope', { token: manage })).status).toBe(404);
    const readOnly = engine.userToken(user, ['accounts_read']);
    expect((await engine.http('/v2/keys', { method: 'POST', token: readOnly, json: {} })).status).toBe(403);
    expect((await engine.http(`/v2/keys/${key.id}`, { token: readOnly })).status).toBe(403);
    expect((await engine.http('/v2/keys', { method: 'POST' })).status).toBe(401);
  });
});

describe('POST /connections', () => {
  it('201 with Location; RUNNING at once; values in the keychain only, masked on the channel', async () => {
    sync.starts.length = 0;
    const { key } = await newKey();
    const r = await post({
      provider_id: '9000',
      channel_definition_id: '900000',
      key_id: key.id,
      credentials: [
        { id: 'login', value: 'user_ok' },
        { id: 'password', value: await encrypt(PASSWORD, key) },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.res.headers.get('location')).toBe(`/connections/${r.body.id}`);
    expect(r.body).toMatchObject({
      provider_id: '9000',
      name: 'Coffer Test Bank',
      status: 'RUNNING',
      auto_sync: true,
      consent_per_account: false,
      user_id: String(user),
      channels: [
        { channel_definition_id: '900000', mode: 'EMBEDDED', status: 'NEVER', credentials: [{ id: 'login', masked_value: 'us****ok' }, { id: 'password', masked_value: '********' }] },
        { channel_definition_id: '900001', mode: 'REDIRECT', status: 'EMPTY', credentials: [] },
      ],
    });
    const id = Number(r.body.id);
    expect(sync.starts).toEqual([{ connectionId: id, request: { type: 'ALL', channelDefinitionIds: ['900000'] } }]);
    const channelId = engine.ctx.db.prepare("SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = '900000'").pluck().get(id) as number;
    expect(JSON.parse(secrets.entries.get(channelSecretName(channelId))!)).toEqual({ login: 'user_ok', password: PASSWORD });
    expect((await engine.http(`/v2/connections/${id}`, { token: manage }).then((x) => x.json()) as any).status).toBe('RUNNING');
  });

  it('takes name, auto_sync and consent_per_account; with consent per account the first run lists accounts', async () => {
    sync.starts.length = 0;
    const { key } = await newKey();
    const r = await post({
      provider_id: '9000',
      channel_definition_id: '900000',
      credentials: [
        { id: 'login', value: 'user_ok' },
        { id: 'password', value: await encrypt('pass_ok', key) },
      ],
      name: 'My bank',
      auto_sync: false,
      consent_per_account: true,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'My bank', auto_sync: false, consent_per_account: true });
    expect(sync.starts[0].request).toEqual({ type: 'LIST_ACCOUNTS', channelDefinitionIds: ['900000'] });
  });

  it('defaults to the REDIRECT channel definition; its AUTHORIZATION_CODE and STATE go to the keychain', async () => {
    sync.starts.length = 0;
    const r = await post({ provider_id: '9000', credentials: [{ id: 'AUTHORIZATION_CODE', value: 'code-123' }, { id: 'STATE', value: 'st' }] });
    expect(r.status).toBe(201);
    expect(r.body.channels).toEqual([
      expect.objectContaining({ channel_definition_id: '900000', status: 'EMPTY', credentials: [] }),
      expect.objectContaining({ channel_definition_id: '900001', mode: 'REDIRECT', status: 'NEVER', credentials: [] }),
    ]);
    const channelId = engine.ctx.db.prepare("SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = '900001'").pluck().get(Number(r.body.id)) as number;
    expect(JSON.parse(secrets.entries.get(channelSecretName(channelId))!)).toEqual({ AUTHORIZATION_CODE: 'code-123', STATE: 'st' });
    expect(sync.starts[0].request).toEqual({ type: 'ALL', channelDefinitionIds: ['900001'] });
  });

  it('without channel_definition_id, login and password select the EMBEDDED definition', async () => {
    sync.starts.length = 0;
    const { key } = await newKey();
    const r = await post({ provider_id: '9000', credentials: [{ id: 'login', value: 'user_ok' }, { id: 'password', value: await encrypt('pass_ok', key) }] });
    expect(r.status).toBe(201);
    expect(r.body.channels.map((c: any) => [c.channel_definition_id, c.status])).toEqual([['900000', 'NEVER'], ['900001', 'EMPTY']]);
    expect(sync.starts[0].request).toEqual({ type: 'ALL', channelDefinitionIds: ['900000'] });
    // A credential no definition knows: the default (REDIRECT) definition explains what it expects.
    const unknown = await post({ provider_id: '9000', credentials: [{ id: 'pin', value: '1' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_description).toContain('900001');
    expect((await post({ provider_id: '9000', credentials: [{ id: 'login', value: 'user_ok' }] })).status).toBe(400);
  });

  it('refuses values flagged encrypt that are not a JWE of a live key of the caller', async () => {
    const { key } = await newKey();
    const { key: theirs } = await newKey(otherManage);
    const base = (password: string, extra: Record<string, unknown> = {}) => ({
      provider_id: '9000',
      channel_definition_id: '900000',
      credentials: [{ id: 'login', value: 'user_ok' }, { id: 'password', value: password }],
      ...extra,
    });
    const cases: Array<[string, unknown]> = [
      ['plain text', base(PASSWORD)],
      ['another user\'s key', base(await encrypt(PASSWORD, theirs))],
      ['an unknown kid', base(await encrypt(PASSWORD, key, { kid: 'nope' }))],
      ['kid other than key_id', base(await encrypt(PASSWORD, key), { key_id: theirs.id })],
      ['a garbled JWE', base((await encrypt(PASSWORD, key)).replace(/\.[^.]+$/, '.AAAA'))],
      ['a JWE of another key pair', base(await (async () => {
        const { publicKey } = await generateKeyPair('RSA-OAEP-256');
        const jwk = await exportJWK(publicKey);
        return new CompactEncrypt(new TextEncoder().encode(PASSWORD)).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.id }).encrypt(await importJWK(jwk, 'RSA-OAEP-256'));
      })())],
      ['another algorithm', base(await (async () => {
        const pub = await importSPKI(key.public_key, 'RSA-OAEP');
        return new CompactEncrypt(new TextEncoder().encode(PASSWORD)).setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A256GCM', kid: key.id }).encrypt(pub);
      })())],
    ];
    for (const [name, json] of cases) {
      const r = await post(json);
      expect(r.status, name).toBe(400);
      expect(r.body.error, name).toBe('invalid_credentials_encryption');
      expect(r.body.error_description, name).toContain('password');
      expect(r.text, name).not.toContain(PASSWORD);
    }
  });

  it('an expired key is 400 key_expired', async () => {
    const { key } = await newKey();
    const jwe = await encrypt(PASSWORD, key);
    const realNow = engine.ctx.now;
    engine.ctx.now = () => realNow() + 15 * 60 + 1;
    try {
      const r = await post({ provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'user_ok' }, { id: 'password', value: jwe }] });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('key_expired');
      const got = (await (await engine.http(`/v2/keys/${key.id}`, { token: manage })).json()) as any;
      expect(got.expires).toBeLessThan(engine.ctx.now());
    } finally {
      engine.ctx.now = realNow;
    }
  });

  it('checks every value against its regexp (naming the credential, never echoing the value) and the credential ids', async () => {
    const { key } = await newKey();
    const pw = await encrypt(PASSWORD, key);
    const longLogin = `secret-login-${'x'.repeat(80)}`;
    const cases: Array<[string, unknown]> = [
      ['login too long', { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: longLogin }, { id: 'password', value: pw }] }],
      ['password empty', { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'u' }, { id: 'password', value: await encrypt('', key) }] }],
      ['missing password', { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'u' }] }],
      ['unknown credential', { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'u' }, { id: 'password', value: pw }, { id: 'pin', value: '1' }] }],
      ['twice', { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'u' }, { id: 'login', value: 'v' }, { id: 'password', value: pw }] }],
      ['unknown provider', { provider_id: '1234', credentials: [] }],
      ['unknown channel definition', { provider_id: '9000', channel_definition_id: '123400', credentials: [] }],
      ['no credentials', { provider_id: '9000', channel_definition_id: '900000' }],
      ['wrong types', { provider_id: 9000, channel_definition_id: '900000', credentials: [] }],
      ['value not a string', { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 5 }, { id: 'password', value: pw }] }],
    ];
    for (const [name, json] of cases) {
      const r = await post(json);
      expect(r.status, name).toBe(400);
      expect(r.body.error, name).toBe('invalid_request');
      expect(r.text, name).not.toContain(longLogin);
    }
    expect((await post(cases[0][1])).body.error_description).toContain('login');
  });

  it('never writes a credential value to the database or the logs', async () => {
    const { key } = await newKey();
    const marker = 'Zq9-unique-password-marker';
    const r = await post({ provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'marker_login_77' }, { id: 'password', value: await encrypt(marker, key) }] });
    expect(r.status).toBe(201);
    const db = engine.ctx.db;
    db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of readdirSync(engine.dataDir, { recursive: true }) as string[]) {
      const full = join(engine.dataDir, file);
      let content: Buffer;
      try {
        content = readFileSync(full);
      } catch {
        continue;
      }
      expect(content.includes(marker), file).toBe(false);
      expect(content.includes('marker_login_77'), file).toBe(false);
    }
  });

  it('needs connections_manage', async () => {
    const readOnly = engine.userToken(user, ['accounts_read']);
    expect((await post({ provider_id: '9000', credentials: [] }, readOnly)).status).toBe(403);
  });
});

describe('PUT /connections/{id}/credentials', () => {
  it('updates a channel (values not given are kept) and starts a run of that channel', async () => {
    const { key } = await newKey();
    const created = await post({ provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'user_ok' }, { id: 'password', value: await encrypt('old-password', key) }] });
    const id = Number(created.body.id);
    sync.starts.length = 0;
    sync.running.clear();
    const res = await engine.http(`/v2/connections/${id}/credentials`, {
      method: 'PUT',
      token: manage,
      json: { channel_definition_id: '900000', key_id: key.id, credentials: [{ id: 'password', value: await encrypt('new-password', key) }] },
    });
    expect(res.status).toBe(204);
    const channelId = engine.ctx.db.prepare("SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = '900000'").pluck().get(id) as number;
    expect(JSON.parse(secrets.entries.get(channelSecretName(channelId))!)).toEqual({ login: 'user_ok', password: 'new-password' });
    expect(sync.starts).toEqual([{ connectionId: id, request: { type: 'ALL', channelDefinitionIds: ['900000'] } }]);

    // Adding the REDIRECT channel (EMPTY until now).
    sync.starts.length = 0;
    sync.running.clear();
    const add = await engine.http(`/v2/connections/${id}/credentials`, {
      method: 'PUT',
      token: manage,
      json: { channel_definition_id: '900001', credentials: [{ id: 'AUTHORIZATION_CODE', value: 'abc' }, { id: 'STATE', value: 's' }] },
    });
    expect(add.status).toBe(204);
    const record = (await (await engine.http(`/v2/connections/${id}`, { token: manage })).json()) as any;
    expect(record.channels.find((c: any) => c.channel_definition_id === '900001')).toMatchObject({ status: 'NEVER', credentials: [] });
    expect(sync.starts).toEqual([{ connectionId: id, request: { type: 'ALL', channelDefinitionIds: ['900001'] } }]);
  });

  it('adds a channel that the connection does not list yet', async () => {
    const c = insertConnection(engine.ctx.db, user, { channels: [{ id: '900000', status: 'SUCCESS' }] });
    const res = await engine.http(`/v2/connections/${c}/credentials`, {
      method: 'PUT',
      token: manage,
      json: { channel_definition_id: '900001', credentials: [{ id: 'AUTHORIZATION_CODE', value: 'abc' }, { id: 'STATE', value: 's' }] },
    });
    expect(res.status).toBe(204);
    const record = (await (await engine.http(`/v2/connections/${c}`, { token: manage })).json()) as any;
    expect(record.channels.map((x: any) => [x.channel_definition_id, x.status])).toEqual([['900000', 'SUCCESS'], ['900001', 'NEVER']]);
  });

  it('400 for a definition of another provider, bad values or a closed connection; 404 for another user\'s', async () => {
    const c = insertConnection(engine.ctx.db, user, { channels: [{ id: '900000', status: 'SUCCESS' }] });
    const put = (id: number, json: unknown, token = manage) => engine.http(`/v2/connections/${id}/credentials`, { method: 'PUT', token, json });
    expect((await put(c, { channel_definition_id: '123400', credentials: [] })).status).toBe(400);
    expect((await put(c, { channel_definition_id: '900000', credentials: [{ id: 'login', value: 'u' }] })).status).toBe(400);
    expect((await put(c, { credentials: [] })).status).toBe(400);
    const closed = insertConnection(engine.ctx.db, user, { status: 'CLOSED', channels: [{ id: '900001', status: 'CLOSED' }] });
    expect((await put(closed, { channel_definition_id: '900001', credentials: [{ id: 'AUTHORIZATION_CODE', value: 'a' }, { id: 'STATE', value: 's' }] })).status).toBe(400);
    const theirs = insertConnection(engine.ctx.db, engine.createUser());
    expect((await put(theirs, { channel_definition_id: '900001', credentials: [{ id: 'AUTHORIZATION_CODE', value: 'a' }, { id: 'STATE', value: 's' }] })).status).toBe(404);
  });
});

describe('POST /connections/{id}/user_input with a field flagged encrypt', () => {
  it('decrypts the answer before handing it to the synchronization', async () => {
    const c = insertConnection(engine.ctx.db, user, { status: 'CHALLENGE_REQUIRED', channels: [{ id: '900000', status: 'CHALLENGE_REQUIRED' }] });
    engine.ctx.db
      .prepare('INSERT INTO challenges (connection_id, channel_definition_id, fields, message, expires) VALUES (?, ?, ?, ?, ?)')
      .run(c, '900000', JSON.stringify([{ id: 'pin', label: 'PIN', type: 'PWD', encrypt: true, regexp: '^\\d{4}$' }]), 'PIN?', engine.ctx.now() + 300);
    const syncToken = engine.userToken(user, ['connections_sync']);
    sync.challengePending = true;
    sync.answers.length = 0;
    const { key } = await newKey();
    const send = (json: unknown) => engine.http(`/v2/connections/${c}/user_input`, { method: 'POST', token: syncToken, json });
    const plain = await send({ credentials: [{ id: 'pin', value: '1234' }] });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as any).error).toBe('invalid_credentials_encryption');
    const wrong = await send({ credentials: [{ id: 'pin', value: await encrypt('12345', key) }] });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as any).error).toBe('invalid_request');
    expect(sync.answers).toEqual([]);
    expect((await send({ key_id: key.id, credentials: [{ id: 'pin', value: await encrypt('1234', key) }] })).status).toBe(204);
    expect(sync.answers).toEqual([{ connectionId: c, answer: { channelDefinitionId: '900000', values: { pin: '1234' } } }]);
    sync.challengePending = false;
  });
});

describe('without an OS keychain', () => {
  it('POST /connections answers 503 secret_store_unavailable and stores nothing', async () => {
    const bare = await startTestEngine({ secrets: memorySecrets(false) });
    try {
      bare.ctx.services.sync = recordingSync(bare.ctx.db);
      const u = bare.createUser();
      const t = bare.userToken(u, ['connections_manage']);
      const key = (await (await bare.http('/v2/keys', { method: 'POST', token: t, json: {} })).json()) as any;
      const res = await bare.http('/v2/connections', {
        method: 'POST',
        token: t,
        json: { provider_id: '9000', channel_definition_id: '900000', credentials: [{ id: 'login', value: 'user_ok' }, { id: 'password', value: await encrypt(PASSWORD, key) }] },
      });
      expect(res.status).toBe(503);
      const body = (await res.json()) as any;
      expect(body.error).toBe('secret_store_unavailable');
      expect(JSON.stringify(body)).not.toContain(PASSWORD);
      expect(bare.ctx.db.prepare('SELECT count(*) FROM connections').pluck().get()).toBe(0);
      expect(bare.ctx.db.prepare('SELECT count(*) FROM channels').pluck().get()).toBe(0);
      const c = insertConnection(bare.ctx.db, u, { channels: [{ id: '900000', status: 'SUCCESS' }] });
      const put = await bare.http(`/v2/connections/${c}/credentials`, {
        method: 'PUT',
        token: t,
        json: { channel_definition_id: '900001', credentials: [{ id: 'AUTHORIZATION_CODE', value: 'a' }, { id: 'STATE', value: 's' }] },
      });
      expect(put.status).toBe(503);
      expect(bare.ctx.db.prepare('SELECT count(*) FROM channels WHERE connection_id = ?').pluck().get(c)).toBe(1);
    } finally {
      await bare.stop();
    }
  });
});
