/**
 * Issue 14, findings 1–10: the attack cases, table-driven, against a real engine over real HTTP (and raw
 * sockets for what fetch cannot send). Each case failed before its fix.
 */
import { mkdirSync, mkdtempSync, statSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { apiCreateUser, integratorToken, passwordGrant, uniqueEmail } from '../identity/identity-helpers';
import { accountsOf, api, connectEmbedded, newCaller, subscribe, until, waitSettled } from '../sync/sync-helpers';
import { documents, hasKeychain, SAMPLES } from '../documents/documents-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
});

const isC3 = (body: any) =>
  body !== null && typeof body === 'object' && typeof body.error === 'string' && typeof body.error_description === 'string';

/** One raw HTTP/1.1 exchange (what fetch refuses to send); resolves with the status and the body. */
function rawHttp(port: number, request: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m) return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      resolve({ status: Number(m[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(request);
    setTimeout(() => socket.end(), 300);
  });
}
const port = () => Number(new URL(engine.urls.host_url).port);
const host = () => `127.0.0.1:${port()}`;

describe('1. the statement folder', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    ['a relative path', () => 'statements', /absolute|expected format/],
    ['the root', () => '/', /system folder|data folder/],
    ['/etc', () => '/etc', /system folder/],
    ['/proc/self', () => '/proc/self', /system folder/],
    ['/usr/share', () => '/usr/share', /system folder/],
    ['the data folder', () => engine.dataDir, /data folder/],
    ['inside the data folder', () => join(engine.dataDir, 'documents'), /data folder/],
    ['a parent of the data folder', () => join(engine.dataDir, '..'), /data folder/],
    ['~/.ssh', () => join(homedir(), '.ssh'), /hidden folder|system folder|does not exist/],
    ['a missing folder', () => join(tmpdir(), 'coffer-no-such-folder-xyz'), /does not exist/],
    ['a link to /etc', () => {
      const dir = mkdtempSync(join(tmpdir(), 'coffer-link-'));
      symlinkSync('/etc', join(dir, 'statements'));
      return join(dir, 'statements');
    }, /system folder/],
    ['a file', () => {
      const dir = mkdtempSync(join(tmpdir(), 'coffer-file-'));
      writeFileSync(join(dir, 'a.csv'), 'x');
      return join(dir, 'a.csv');
    }, /not a folder/],
  ];
  it.skipIf(!hasKeychain).each(cases)('refuses %s with 400 invalid_request saying why', async (_name, folder, why) => {
    const c = newCaller(engine);
    const res = await api(c, '/connections', {
      method: 'POST',
      json: { provider_id: '9500', credentials: [{ id: 'folder', value: folder() }] },
    });
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(why);
  });

  it.skipIf(!hasKeychain)('never follows a link out of the folder and quotes no cell in its errors', async () => {
    const c = newCaller(engine);
    const dir = mkdtempSync(join(tmpdir(), 'coffer-statements-'));
    writeFileSync(join(dir, 'secret.csv'), 'Date;Amount;Label\n01/02/2024;SECRET-CELL-VALUE;x\n');
    symlinkSync(join(engine.dataDir, 'integrator.json'), join(dir, 'integrator.ofx'));
    symlinkSync('/etc/passwd', join(dir, 'passwd.csv'));
    const res = await api(c, '/connections', {
      method: 'POST',
      json: { provider_id: '9500', credentials: [{ id: 'folder', value: dir }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const id = res.headers.get('location')!.split('/').pop()!;
    const connection = await waitSettled(c, id);
    expect(JSON.stringify(connection)).not.toContain('SECRET-CELL-VALUE');
    const files = await documents(c, id);
    const text = JSON.stringify(files);
    expect(text).not.toContain('SECRET-CELL-VALUE');
    expect(text).not.toContain('client_secret');
    expect(text).not.toContain('root:');
    for (const name of ['integrator.ofx', 'passwd.csv']) {
      const f = files.find((x: any) => x.name === name);
      expect(f?.status, name).toBe('SKIPPED');
    }
    expect(files.find((x: any) => x.name === 'secret.csv')?.error).toMatch(/^secret\.csv, line 2: /);
  });
});

describe('2. sign-in throttling', () => {
  it('ten wrong passwords for made-up e-mails do not lock the owner out', async () => {
    const owner = await apiCreateUser(engine);
    for (let i = 0; i < 12; i++) {
      const r = await passwordGrant(engine, uniqueEmail('nobody'), 'wrong-password-1');
      expect([400, 429]).toContain(r.status);
    }
    const ok = await passwordGrant(engine, owner.email, owner.password);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('3. an empty POST is no body, whatever its Content-Type', () => {
  it.each(['application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream', 'application/json'])(
    'POST /users/{id}/terms with %s and no body → 204',
    async (type) => {
      const userId = engine.createUser(undefined, { termsAccepted: false });
      const token = engine.userToken(userId, ['profile']);
      const res = await engine.http(`/v2/users/${userId}/terms`, {
        method: 'POST',
        token,
        headers: { 'content-type': type },
        body: '',
      });
      expect(res.status, await res.clone().text()).toBe(204);
    },
  );
  it('a non-empty form body where JSON is expected is still refused with the error body', async () => {
    const userId = engine.createUser(undefined, { termsAccepted: false });
    const res = await engine.http(`/v2/users/${userId}/terms`, {
      method: 'POST',
      token: engine.userToken(userId, ['profile']),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'version=1',
    });
    expect(res.status).toBe(400);
    expect(isC3(await res.json())).toBe(true);
  });
});

describe('4. ids are never reused', () => {
  it('delete the last user: the next one gets a new id', async () => {
    const first = await apiCreateUser(engine);
    engine.ctx.db.prepare('UPDATE users SET terms_accepted_version = 1000000 WHERE id = ?').run(Number(first.id));
    const token = engine.userToken(Number(first.id), ['profile_edit']);
    expect((await engine.http(`/v2/users/${first.id}`, { method: 'DELETE', token })).status).toBe(204);
    const next = await apiCreateUser(engine);
    expect(Number(next.id)).toBeGreaterThan(Number(first.id));
  });
  it.each(['users', 'connections', 'channels', 'accounts', 'transactions', 'sync_runs', 'queues', 'webhook_deliveries'])(
    '%s: deleting the newest row does not hand its id out again',
    (table) => {
      const sql = engine.ctx.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as string;
      expect(sql).toMatch(/AUTOINCREMENT/);
    },
  );
  it('connections: delete the last one, the next gets a new id', async () => {
    const c = newCaller(engine);
    const a = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, a);
    expect((await api(c, `/connections/${a}`, { method: 'DELETE' })).status).toBe(204);
    const b = await connectEmbedded(c, 'user_ok');
    expect(Number(b)).toBeGreaterThan(Number(a));
    await waitSettled(c, b);
  });
});

describe('5. POST /accounts with a reference LIST_ACCOUNTS already added', () => {
  it('answers 200 with the existing account and its Location', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, id);
    const card = (await accountsOf(c, id)).find((a) => a.type === 'CREDIT_CARD');
    expect((await api(c, `/accounts/${card.id}`, { method: 'DELETE' })).status).toBe(204);
    const read = await subscribe(c);
    expect((await api(c, `/connections/${id}/synchronize?type=LIST_ACCOUNTS`, { method: 'POST' })).status).toBe(204);
    await until('LIST_ACCOUNTS_SUCCESS', async () => ((await read()).some((e) => e.event_type === 'LIST_ACCOUNTS_SUCCESS') ? true : undefined));
    await waitSettled(c, id);
    const back = (await accountsOf(c, id)).find((a) => a.reference === card.reference);
    expect(back).toBeTruthy();
    const res = await api(c, '/accounts', { method: 'POST', json: { connection_id: id, reference: card.reference } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('location')).toBe(`/accounts/${back.id}`);
    expect(((await res.json()) as any).id).toBe(back.id);
  });
});

describe('6. uploads whose Content-Type names no format', () => {
  it.skipIf(!hasKeychain).each(['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded'])(
    '%s without filename: the format comes from the content',
    async (type) => {
      const c = newCaller(engine);
      const folder = mkdtempSync(join(tmpdir(), 'coffer-statements-'));
      const created = await api(c, '/connections', {
        method: 'POST',
        json: { provider_id: '9500', credentials: [{ id: 'folder', value: folder }] },
      });
      const id = created.headers.get('location')!.split('/').pop()!;
      await waitSettled(c, id);
      const { readFileSync } = await import('node:fs');
      const res = await api(c, `/connections/${id}/documents`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: readFileSync(join(SAMPLES, 'ofx2-bank-us.ofx')),
      });
      expect(res.status, await res.clone().text()).toBe(202);
      const connection = await waitSettled(c, id);
      expect(connection.status, JSON.stringify(connection)).toBe('SUCCESS');
      const files = await documents(c, id);
      expect(files.some((f: any) => f.status === 'IMPORTED')).toBe(true);
    },
  );
});

describe('7. one query parser for every list', () => {
  const lists: Array<[string, () => Promise<string>]> = [
    ['/v2/admin/webhook/deliveries', () => integratorToken(engine, 'admin')],
    ['/v2/admin/clients', () => integratorToken(engine, 'admin')],
    ['/sign-keys', async () => ''],
    ['/v2/users/me/tokens', async () => engine.userToken(engine.createUser(), ['profile', 'profile_edit'])],
    ['/v2/accounts', async () => engine.userToken(engine.createUser(), ['accounts_read'])],
  ];
  const bad = ['page=1e309', 'limit=1e309', 'page=0x10', 'limit=0x10', 'page=0', 'limit=501', 'page=-1', 'page=1.0', 'page=%201', 'page=1&page=2'];
  for (const [path, token] of lists) {
    it.each(bad)(`${path}?%s → 400 invalid_request`, async (query) => {
      const t = await token();
      const res = await engine.http(`${path}?${query}`, t ? { token: t } : {});
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error).toBe('invalid_request');
    });
  }
});

describe('8. error bodies from the HTTP layer', () => {
  const cases: Array<[string, () => string | Buffer, number]> = [
    ['bad percent-encoding in a path', () => `GET /v2/connections/%E0%A4%A HTTP/1.1\r\nHost: ${host()}\r\n\r\n`, 400],
    ['a path id over 100 characters', () => `GET /v2/connections/${'1'.repeat(150)} HTTP/1.1\r\nHost: ${host()}\r\n\r\n`, 414],
    ['headers over 16 KB', () => `GET /v2/providers HTTP/1.1\r\nHost: ${host()}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['malformed HTTP', () => 'HELLO WORLD\r\n\r\n', 400],
    ['no Host', () => 'GET /v2/providers HTTP/1.1\r\n\r\n', 400],
    ['an unknown Expect', () => `POST /v2/users HTTP/1.1\r\nHost: ${host()}\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`, 417],
  ];
  it.each(cases)('%s → error body', async (_name, request, status) => {
    const answer = await rawHttp(port(), request());
    expect(answer.status).toBe(status);
    expect(isC3(JSON.parse(answer.body)), answer.body).toBe(true);
  });
  it('a 1 MB connection_id is echoed at most in part', async () => {
    const userId = engine.createUser();
    const res = await engine.http(`/v2/accounts?connection_id=${'9'.repeat(1_000_000)}`, {
      token: engine.userToken(userId, ['accounts_read']),
    });
    const text = await res.text();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(text.length).toBeLessThan(2000);
    expect(isC3(JSON.parse(text))).toBe(true);
  });
});

describe('9. private data folder', () => {
  it('coffer.db, -wal, -shm and the log are 0600, the folder 0700, fixed at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-perm-'));
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'logs'), { mode: 0o755 });
    writeFileSync(join(dir, 'logs', 'coffer.log'), '');
    chmodSync(join(dir, 'logs', 'coffer.log'), 0o644);
    const e = await startTestEngine({ dataDir: dir, logLevel: 'info' });
    try {
      e.createUser();
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
      for (const name of ['coffer.db', 'coffer.db-wal', 'coffer.db-shm', 'logs/coffer.log']) {
        expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
      }
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(join(dir, 'logs', 'coffer.log'), 'utf8')).toMatch(/data folder permissions made private/);
    } finally {
      await e.stop();
    }
  });
});

describe('10. framing and the data folder path', () => {
  it('the app page may not be framed', async () => {
    const res = await engine.http('/', { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
  it('/v2/app/status without a token does not tell the data folder', async () => {
    const res = await engine.http('/v2/app/status');
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(engine.dataDir);
    expect(JSON.parse(text).data_dir).toBeUndefined();
    const userId = engine.createUser();
    const withToken = (await (await engine.http('/v2/app/status', { token: engine.userToken(userId, ['profile']) })).json()) as any;
    expect(withToken.data_dir).toBe(engine.dataDir);
  });
});


