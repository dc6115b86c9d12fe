import { CompactEncrypt, importSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { channelSecretName } from '../../../src/main/engine/secrets/secret-names';

// The real OS keychain (Secret Service): run under dbus-run-session with an unlocked gnome-keyring, as
// `npm test` does (it sets COFFER_TEST_KEYCHAIN=1).
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

let engine: TestEngine;
let token: string;

beforeAll(async () => {
  if (!hasKeychain) return;
  engine = await startTestEngine();
  token = engine.userToken(engine.createUser(), ['connections_manage', 'connections_sync', 'accounts_read', 'transactions_read', 'accounts_manage']);
});
afterAll(async () => engine?.stop());

async function api(path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await engine.http(`/v2${path}`, { method: init.method ?? 'GET', token, json: init.json });
  const text = await res.text();
  return { res, status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function encrypted(value: string) {
  const key = (await api('/keys', { method: 'POST', json: {} })).body;
  const pub = await importSPKI(key.public_key, 'RSA-OAEP-256');
  return { keyId: key.id as string, jwe: await new CompactEncrypt(new TextEncoder().encode(value)).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.id }).encrypt(pub) };
}

async function settled(id: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const c = (await api(`/connections/${id}`)).body;
    if (c.status !== 'RUNNING') return c;
    if (Date.now() > end) throw new Error(`connection ${id} still RUNNING`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasKeychain)('credentials in the OS keychain, with the real synchronization', () => {
  it('POST /connections keeps the decrypted values in the keychain; the first run uses them; DELETE removes them', async () => {
    const { keyId, jwe } = await encrypted('pass_ok');
    const created = await api('/connections', {
      method: 'POST',
      json: { provider_id: '9000', channel_definition_id: '900000', key_id: keyId, credentials: [{ id: 'login', value: 'user_ok' }, { id: 'password', value: jwe }] },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('RUNNING');
    const id = created.body.id as string;
    const channelId = engine.ctx.db.prepare("SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = '900000'").pluck().get(Number(id)) as number;
    expect(JSON.parse(engine.ctx.secrets.get(channelSecretName(channelId))!)).toEqual({ login: 'user_ok', password: 'pass_ok' });

    const done = await settled(id);
    expect(done.status).toBe('SUCCESS');
    const accounts = (await api(`/accounts?connection_id=${id}`)).body as any[];
    expect(accounts.map((a) => a.type).sort()).toEqual(['CHECKINGS', 'CREDIT_CARD', 'LOAN', 'SAVINGS']);
    expect(accounts.every((a) => a.status === 'ACTIVE' && a.last_channel_definition_id === '900000')).toBe(true);
    const savings = accounts.find((a) => a.type === 'SAVINGS');
    expect(savings.savings).toBeTypeOf('object');
    const checking = accounts.find((a) => a.type === 'CHECKINGS');
    const page = await api(`/transactions?account_id=${checking.id}&limit=500`);
    expect(page.status).toBe(200);
    expect(Number(page.res.headers.get('x-total-count'))).toBeGreaterThan(50);
    expect(page.body.every((t: any) => t.account_id === checking.id && t.status === 'BOOKED')).toBe(true);
    const imports = page.body.map((t: any) => t.import_date);
    expect([...imports].sort((a: number, b: number) => a - b)).toEqual(imports);
    // Searching the account list finds the bank's names.
    expect(((await api(`/accounts?q=${encodeURIComponent(checking.name.split(' ')[0])}`)).body as any[]).map((a) => a.id)).toContain(checking.id);

    expect((await api(`/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(engine.ctx.secrets.get(channelSecretName(channelId))).toBeNull();
    expect((await api(`/accounts?connection_id=${id}`)).body).toEqual([]);
  }, 60_000);

  it('a challenge is answered through user_input and the run resumes', async () => {
    const { keyId, jwe } = await encrypted('pass_ok');
    const created = await api('/connections', {
      method: 'POST',
      json: { provider_id: '9000', channel_definition_id: '900000', key_id: keyId, credentials: [{ id: 'login', value: 'user_challenge' }, { id: 'password', value: jwe }] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const end = Date.now() + 20_000;
    while ((await api(`/connections/${id}`)).body.status !== 'CHALLENGE_REQUIRED') {
      if (Date.now() > end) throw new Error('no challenge');
      await new Promise((r) => setTimeout(r, 100));
    }
    const bad = await api(`/connections/${id}/user_input`, { method: 'POST', json: { credentials: [{ id: 'sms_code', value: 'abc' }] } });
    expect(bad.status).toBe(400);
    const ok = await api(`/connections/${id}/user_input`, { method: 'POST', json: { credentials: [{ id: 'sms_code', value: '123456' }] } });
    expect(ok.status).toBe(204);
    expect((await settled(id)).status).toBe('SUCCESS');
    expect((await api(`/connections/${id}/user_input`, { method: 'POST', json: { cancel: true } })).status).toBe(404);
  }, 60_000);
});
