/**
 * The recovery key through real HTTP, real SQLite files and the real OS keychain: the code is shown once after
 * setup, then only for the owner's password; with it, a backup opens in a fresh data folder (a new computer:
 * no keychain entry) and a data folder whose keychain entry is gone opens again. A wrong or mistyped code is
 * refused with a sentence, and nothing changes.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverCommand } from '../../../src/main/engine/cli/recover-command';
import { checkDatabaseFile } from '../../../src/main/engine/db/integrity-check';
import { keyOfRecoveryCode, recoveryCodeOf } from '../../../src/main/engine/domain/recovery-code';
import { KeychainSecretStore } from '../../../src/main/engine/secrets/secret-store';
import { recoverData } from '../../../src/main/engine/services/recovery-key/recover-data';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

const dirs: string[] = [];
const engines: TestEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-recovery-'));
  dirs.push(dir);
  return dir;
}

async function engineIn(dataDir: string): Promise<TestEngine> {
  // Everything logged, so that a test can look for the password and the code in the log.
  const engine = await startTestEngine({ dataDir, logLevel: 'trace' });
  engines.push(engine);
  return engine;
}

async function stop(engine: TestEngine): Promise<void> {
  engines.splice(engines.indexOf(engine), 1);
  await engine.stop();
}

const OWNER = { email: 'owner@example.com', password: 'correct horse battery' };

/** An engine with its owner (the password the code is asked with) and a user whose profile the test reads back. */
async function installation(dataDir: string) {
  const engine = await engineIn(dataDir);
  const made = await engine.http('/v2/app/owner', { method: 'POST', json: { ...OWNER, first_name: 'Ada' } });
  expect(made.status, await made.clone().text()).toBe(201);
  const userId = engine.createUser('kept-in-the-backup@example.com');
  const userToken = engine.userToken(userId, ['profile']);
  const admin = engine.clientToken(['admin']);
  return { engine, userToken, admin };
}

const profile = async (engine: TestEngine, token: string) => {
  const res = await engine.http('/v2/users/me', { token });
  expect(res.status).toBe(200);
  return res.json();
};

async function codeOf(engine: TestEngine, admin: string): Promise<string> {
  const res = await engine.http('/v2/admin/recovery_key', { method: 'POST', token: admin, json: { password: OWNER.password } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { recovery_code: string }).recovery_code;
}

async function backUp(engine: TestEngine, admin: string): Promise<string> {
  const res = await engine.http('/v2/admin/backups', { method: 'POST', token: admin });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return join(engine.dataDir, 'backups', `coffer-backup-${id}.db`);
}

const keyOf = (code: string) => (keyOfRecoveryCode(code) as { key: Uint8Array }).key;

describe('the recovery key in the API', () => {
  it('is shown once until written down, then only for the owner\'s password; it is the database key', async () => {
    const { engine, admin } = await installation(newDir());
    const first = await engine.http('/v2/admin/recovery_key', { token: admin });
    expect(first.status).toBe(200);
    const shown = (await first.json()) as { written_down: boolean; recovery_code: string };
    expect(shown.written_down).toBe(false);
    expect(shown.recovery_code).toMatch(/^([0-9A-Z]{4}-){13}[0-9A-Z]{4}$/);
    expect(checkDatabaseFile(join(engine.dataDir, 'coffer.db'), { key: keyOf(shown.recovery_code) })).toEqual({ state: 'sound' });

    const put = await engine.http('/v2/admin/recovery_key', { method: 'PUT', token: admin, json: { written_down: true } });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ written_down: true });
    const after = await engine.http('/v2/admin/recovery_key', { token: admin });
    expect(await after.json()).toEqual({ written_down: true });

    expect(await codeOf(engine, admin)).toBe(shown.recovery_code);
    const wrong = await engine.http('/v2/admin/recovery_key', { method: 'POST', token: admin, json: { password: 'wrong-password-logged?' } });
    expect(wrong.status).toBe(400);

    // Neither the password (right or wrong) nor the code is in any file of the logs folder.
    const logs = join(engine.dataDir, 'logs');
    const text = readdirSync(logs).map((name) => readFileSync(join(logs, name), 'utf8')).join('\n');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [OWNER.password, 'wrong-password-logged?', shown.recovery_code, shown.recovery_code.replace(/-/g, '')]) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses a wrong password, unknown fields, a step back and callers without admin, with the error body', async () => {
    const { engine, admin, userToken } = await installation(newDir());
    const wrong = await engine.http('/v2/admin/recovery_key', { method: 'POST', token: admin, json: { password: 'not the one' } });
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('the password is wrong');
    expect(JSON.stringify(body)).not.toMatch(/[0-9A-Z]{4}-[0-9A-Z]{4}-/);

    const extra = await engine.http('/v2/admin/recovery_key', { method: 'POST', token: admin, json: { password: OWNER.password, x: 1 } });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { error: string }).error).toBe('invalid_request');
    const back = await engine.http('/v2/admin/recovery_key', { method: 'PUT', token: admin, json: { written_down: false } });
    expect(back.status).toBe(400);
    for (const token of [userToken, undefined]) {
      const res = await engine.http('/v2/admin/recovery_key', { token });
      expect([401, 403]).toContain(res.status);
      expect(await res.text()).not.toMatch(/recovery_code/);
    }
  });

  it('gives repeated wrong passwords 429 with Retry-After', async () => {
    const { engine, admin } = await installation(newDir());
    let last: Response | undefined;
    for (let i = 0; i < 12; i++) {
      last = await engine.http('/v2/admin/recovery_key', { method: 'POST', token: admin, json: { password: `wrong ${i}` } });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('opening a backup on another computer with the recovery code', () => {
  it('a fresh data folder takes the backup with the code and answers the same; wrong codes change nothing', async () => {
    const { engine, admin, userToken } = await installation(newDir());
    const before = await profile(engine, userToken);
    const code = await codeOf(engine, admin);
    const backup = await backUp(engine, admin);
    await stop(engine);

    const fresh = newDir();
    const otherCode = recoveryCodeOf(randomBytes(32));
    expect(() => recoverData({ dataDir: fresh, code: otherCode, backupFile: backup })).toThrow(/does not open this backup/);
    const typo = code.replace(/^(.)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(() => recoverData({ dataDir: fresh, code: typo, backupFile: backup })).toThrow(/typing mistake/);
    expect(readdirSync(fresh)).toEqual([]);

    const lines: string[] = [];
    const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t) };
    expect(await recoverCommand(['--data-dir', fresh, '--backup', backup], io, { askCode: async () => otherCode })).toBe(1);
    expect(lines.join('\n')).toContain('this recovery code does not open this backup');
    expect(readdirSync(fresh)).toEqual([]);

    // The new computer's data folder does not exist yet: the command makes it.
    rmSync(fresh, { recursive: true });
    const loose = code.toLowerCase().replace(/-/g, ' ');
    expect(await recoverCommand(['--data-dir', fresh, '--backup', backup], io, { askCode: async () => loose })).toBe(0);
    expect(lines.at(-1)).toContain('is now the data of');
    const moved = await engineIn(fresh);
    expect(await profile(moved, userToken)).toEqual(before);
    expect(readFileSync(join(fresh, 'keychain-id'), 'utf8')).not.toBe(readFileSync(join(engine.dataDir, 'keychain-id'), 'utf8'));

    // A folder that holds a database already is not replaced.
    await stop(moved);
    expect(() => recoverData({ dataDir: fresh, code, backupFile: backup })).toThrow(/already holds a Coffer database/);
  });

  it('a data folder whose keychain entry is gone is locked, and opens again with the code', async () => {
    const dir = newDir();
    const { engine, admin, userToken } = await installation(dir);
    const before = await profile(engine, userToken);
    const code = await codeOf(engine, admin);
    await stop(engine);
    new KeychainSecretStore(readFileSync(join(dir, 'keychain-id'), 'utf8').trim()).delete('database/key');

    await expect(startTestEngine({ dataDir: dir })).rejects.toThrow(/not in this computer's keychain.*recovery key/);

    const dbBytes = readFileSync(join(dir, 'coffer.db'));
    expect(() => recoverData({ dataDir: dir, code: recoveryCodeOf(randomBytes(32)) })).toThrow(/does not open the database of this data folder/);
    expect(readFileSync(join(dir, 'coffer.db')).equals(dbBytes)).toBe(true);
    expect(recoverData({ dataDir: dir, code })).toBe('key_kept');
    const reopened = await engineIn(dir);
    expect(await profile(reopened, userToken)).toEqual(before);
  });

  it('in the app: a backup copied into a new installation\'s backups folder restores with the code', async () => {
    const { engine, admin, userToken } = await installation(newDir());
    const before = await profile(engine, userToken);
    const code = await codeOf(engine, admin);
    const backup = await backUp(engine, admin);
    await stop(engine);

    // The new computer: its own installation, its own key; the backup file copied into its backups folder.
    const other = await engineIn(newDir());
    const otherAdmin = other.clientToken(['admin']);
    other.createUser('only-on-the-new-computer@example.com');
    mkdirSync(join(other.dataDir, 'backups'), { recursive: true });
    cpSync(backup, join(other.dataDir, 'backups', basename(backup)));
    const id = basename(backup).replace(/^coffer-backup-|\.db$/g, '');
    const restore = (json?: unknown) =>
      other.http(`/v2/admin/backups/${id}/restore`, { method: 'POST', token: otherAdmin, ...(json === undefined ? {} : { json }) });
    const emails = () => other.ctx.db.prepare('SELECT email FROM users ORDER BY id').pluck().all();
    const emailsBefore = emails();

    const without = await restore();
    expect(without.status).toBe(400);
    expect(((await without.json()) as { error_description: string }).error_description).toContain("give that installation's recovery key");
    const wrong = await restore({ recovery_code: recoveryCodeOf(randomBytes(32)) });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error_description: string }).error_description).toContain('cannot be restored with this recovery code');
    const typo = await restore({ recovery_code: code.slice(0, -1) });
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { error_description: string }).error_description).toContain('has 56 letters and digits, and this one has 55');
    const extra = await restore({ recovery_code: code, other: 1 });
    expect(extra.status).toBe(400);
    expect(emails()).toEqual(emailsBefore);

    const done = await restore({ recovery_code: code });
    expect(done.status, await done.clone().text()).toBe(202);
    expect(await profile(other, userToken)).toEqual(before);
    expect(emails()).not.toContain('only-on-the-new-computer@example.com');
  });

  it('refuses a file that is no backup and a missing one, in words', () => {
    const dir = newDir();
    const code = recoveryCodeOf(randomBytes(32));
    const notABackup = join(newDir(), 'notes.txt');
    cpSync(join(import.meta.dirname, 'recovery-key.test.ts'), notABackup);
    expect(() => recoverData({ dataDir: dir, code, backupFile: notABackup })).toThrow(/does not open this backup/);
    expect(() => recoverData({ dataDir: dir, code, backupFile: join(dir, 'nothing.db') })).toThrow(/there is no file/);
    expect(existsSync(join(dir, 'coffer.db'))).toBe(false);
  });
});
