/** The rolling backups through real HTTP and real SQLite files: list, back up, delete, restore. */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { ALL_SCOPES, accountsOf, api, connectEmbedded, getJson, newCaller, transactionsOf, waitSettled, type Caller } from '../sync/sync-helpers';

let engine: TestEngine;
let admin: string;
beforeAll(async () => {
  engine = await startTestEngine();
  admin = engine.clientToken(['admin']);
});
afterAll(async () => engine?.stop());

const backups = (token = admin) => engine.http('/v2/admin/backups', { token });
const backUp = () => engine.http('/v2/admin/backups', { method: 'POST', token: admin });
const restore = (id: string) => engine.http(`/v2/admin/backups/${encodeURIComponent(id)}/restore`, { method: 'POST', token: admin });
/** A JSON answer, untyped: the assertions say what it must hold. */
const json = async (res: Response): Promise<any> => res.json();
const folder = () => join(engine.dataDir, 'backups');

async function made(): Promise<{ id: string; creation_date: number; size: number; reason: string }> {
  const res = await backUp();
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

/** Everything a person sees of one connection: the connection, its accounts and every transaction. */
async function snapshot(c: Caller, connectionId: string) {
  const accounts = await accountsOf(c, connectionId);
  const transactions = [];
  for (const a of accounts) transactions.push(await transactionsOf(c, a.id));
  const connection = await getJson(c, `/connections/${connectionId}`);
  return { connection, accounts, transactions, connections: await getJson(c, '/connections') };
}

describe('backups', () => {
  it('POST makes a MANUAL backup file (0600 in a 0700 folder), listed newest first', async () => {
    const first = await made();
    const second = await made();
    expect(first.reason).toBe('MANUAL');
    expect(first.size).toBeGreaterThan(0);
    expect(Math.abs(first.creation_date - Math.floor(Date.now() / 1000))).toBeLessThan(120);
    const list = await json(await backups());
    expect(list.map((b: { id: string }) => b.id).slice(0, 2)).toEqual([second.id, first.id]);
    const file = join(folder(), `coffer-backup-${first.id}.db`);
    expect(statSync(file).size).toBe(first.size);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder()).mode & 0o777).toBe(0o700);
  });

  it('DELETE removes the file (204); an unknown or foreign id is 404', async () => {
    const b = await made();
    const del = await engine.http(`/v2/admin/backups/${b.id}`, { method: 'DELETE', token: admin });
    expect(del.status).toBe(204);
    expect(readdirSync(folder()).some((n) => n.includes(b.id))).toBe(false);
    for (const id of [b.id, 'nope', '..%2Fcoffer.db']) {
      const res = await engine.http(`/v2/admin/backups/${id}`, { method: 'DELETE', token: admin });
      expect(res.status).toBe(404);
      expect((await json(res)).error).toBe('not_found');
    }
    expect((await restore('20260101T000000Z-MANUAL-00000000')).status).toBe(404);
  });

  it('needs the admin scope', async () => {
    const user = engine.createUser();
    expect((await backups(engine.userToken(user, ['profile']))).status).toBe(403);
    expect((await backups(engine.clientToken(['professional_accounts_read' as never]))).status).toBe(403);
    expect((await engine.http('/v2/admin/backups', { method: 'POST' })).status).toBe(401);
  });

  it('a backup cut short leaves no listed file, and the next start removes what it left', async () => {
    const partial = join(folder(), 'coffer-backup-20260101T000000Z-MANUAL-0000abcd.db.1234abcd.partial');
    writeFileSync(partial, 'half a database');
    const list = await json(await backups());
    expect(list.some((b: { id: string }) => b.id.includes('0000abcd'))).toBe(false);
    engine.ctx.services.backups.cleanUp();
    expect(readdirSync(folder()).some((n) => n.endsWith('.partial'))).toBe(false);
  });

  it('restore: answers are those of the backup; a BEFORE_RESTORE backup is made; credentials still work', async () => {
    const userId = engine.createUser();
    const c: Caller = { engine, userId, token: engine.userToken(userId, [...ALL_SCOPES, 'transactions_manage' as never]) };
    const id = await connectEmbedded(c, 'user_ok');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const before = await snapshot(c, id);
    expect(before.transactions.flat().length).toBeGreaterThan(0);
    const b = await made();

    // Change data: a note on a transaction, an account renamed, a second connection.
    const tx = before.transactions.flat()[0];
    expect((await api(c, `/transactions/${tx.id}`, { method: 'PUT', json: { user_note: 'after the backup' } })).status).toBe(204);
    const other = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, other);
    expect(await snapshot(c, id)).not.toEqual(before);

    const res = await restore(b.id);
    expect(res.status, await res.clone().text()).toBe(202);
    expect((await json(res)).id).toBe(b.id);
    expect(await snapshot(c, id)).toEqual(before);
    expect((await api(c, `/connections/${other}`)).status).toBe(404);
    expect(engine.ctx.db.pragma('journal_mode', { simple: true })).toBe('wal');

    const list = await json(await backups());
    expect(list.some((x: { id: string }) => x.id === b.id)).toBe(true);
    expect(list[0].reason).toBe('BEFORE_RESTORE');

    // The keychain was not touched: the restored connection synchronizes with its stored credentials.
    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
  });

  it('a damaged or truncated backup is refused (400, in words) and the data stays as it was', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, id);
    const before = await snapshot(c, id);
    const garbage = await made();
    writeFileSync(join(folder(), `coffer-backup-${garbage.id}.db`), Buffer.alloc(garbage.size, 0x5a));
    const truncated = await made();
    truncateSync(join(folder(), `coffer-backup-${truncated.id}.db`), Math.floor(truncated.size / 3));
    for (const bad of [garbage, truncated]) {
      const res = await restore(bad.id);
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toMatch(/damaged.*your data is as it was/);
    }
    expect(await snapshot(c, id)).toEqual(before);
  });

  it('automatic: one when none exists, none again within the hour, one after an hour once data changed; old ones pruned', async () => {
    const service = engine.ctx.services.backups;
    const realNow = engine.ctx.now;
    try {
      const start = realNow();
      // The newest backup (a manual one above) is less than an hour old: nothing yet, data changed or not.
      engine.createUser();
      expect(service.automatic()).toBeNull();
      engine.ctx.now = () => start + 2 * 3600;
      const first = service.automatic();
      expect(first?.reason).toBe('AUTOMATIC');
      // Nothing changed since: none, even hours later.
      engine.ctx.now = () => start + 5 * 3600;
      expect(service.automatic()).toBeNull();
      await new Promise((r) => setTimeout(r, 20));
      engine.createUser();
      expect(service.automatic()?.reason).toBe('AUTOMATIC');
      engine.ctx.now = () => start + 400 * 86_400;
      await new Promise((r) => setTimeout(r, 20));
      engine.createUser();
      expect(service.automatic()?.reason).toBe('AUTOMATIC');
      const automatic = service.list().filter((b) => b.reason === 'AUTOMATIC');
      expect(automatic.map((b) => b.id)).not.toContain(first!.id);
      expect(service.list().some((b) => b.reason === 'MANUAL')).toBe(true);
    } finally {
      engine.ctx.now = realNow;
    }
  });
});

describe('a full disk', () => {
  it('a backup that does not fit leaves no file, says the disk is full (503), and the data is as it was', async (ctx) => {
    // A 32 KiB file system stands for a full disk; mounting one needs root: elsewhere the test is skipped.
    const tiny = mkdtempSync(join(tmpdir(), 'coffer-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32k', 'tmpfs', tiny], { stdio: 'ignore' });
    } catch {
      rmSync(tiny, { recursive: true, force: true });
      ctx.skip();
    }
    try {
      const put = await engine.http('/v2/admin/settings', { method: 'PUT', token: admin, json: { backup_folder: tiny } });
      expect(put.status, await put.clone().text()).toBe(200);
      const users = engine.ctx.db.prepare('SELECT count(*) FROM users').pluck().get();
      const res = await backUp();
      expect(res.status).toBe(503);
      const body = await json(res);
      expect(body.error).toBe('secret_store_unavailable');
      expect(body.error_description).toMatch(/the disk is full/);
      expect(readdirSync(tiny)).toEqual([]);
      expect((await json(await backups()))).toEqual([]);
      expect(engine.ctx.db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(users);
      expect((await engine.http('/v2/admin/settings', { token: admin })).status).toBe(200);
    } finally {
      await engine.http('/v2/admin/settings', { method: 'PUT', token: admin, json: { backup_folder: '' } });
      execFileSync('umount', [tiny]);
      rmSync(tiny, { recursive: true, force: true });
    }
  });
});

describe('before an upgrade', () => {
  it('an existing database whose migrations will run is backed up first (BEFORE_UPGRADE), and that backup restores', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-upgrade-'));
    try {
      const first = await startTestEngine({ dataDir });
      const userId = first.createUser('kept@example.com');
      await first.close();
      // Bring the data back to an earlier version's schema (the migrations from 10 on undone).
      const raw = new Database(join(dataDir, 'coffer.db'));
      raw.exec(
        'DROP INDEX transactions_user_payee; ALTER TABLE transactions DROP COLUMN payee_id; DROP TABLE payees; DROP TABLE user_categories; ' +
          'ALTER TABLE accounts DROP COLUMN consent_declined; PRAGMA user_version = 9;',
      );
      raw.close();
      const second = await startTestEngine({ dataDir });
      try {
        const token = second.clientToken(['admin']);
        const list = await json(await second.http('/v2/admin/backups', { token }));
        expect(list.map((b: { reason: string }) => b.reason)).toEqual(['BEFORE_UPGRADE']);
        second.createUser('after@example.com');
        const res = await second.http(`/v2/admin/backups/${list[0].id}/restore`, { method: 'POST', token });
        // The token above was made after that backup: the restore replaces it too.
        expect(res.status, await res.clone().text()).toBe(202);
        const emails = second.ctx.db.prepare('SELECT email FROM users ORDER BY id').pluck().all();
        expect(emails).toEqual(['kept@example.com']);
        expect(second.ctx.db.prepare('SELECT id FROM users').pluck().get()).toBe(userId);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
