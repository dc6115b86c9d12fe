/**
 * Encryption at rest, through real HTTP, real SQLite files and the real OS keychain: a new data folder is
 * encrypted from its first byte, a clear database of an earlier version is encrypted in place with nothing
 * lost, and without the key (no keychain, a locked one, another key) the data is not opened: /health
 * answers, every other path says why with 503, and nothing is written.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../src/main/engine/db/database';
import { startEngineOrRefusal, type ServedEngine } from '../../../src/main/engine/engine-refusal';
import { ROOT, startTestEngine, type TestEngine } from '../../helpers/engine';
import { memorySecrets } from '../../helpers/fixtures';
import { openEngineDb } from '../../helpers/data-dir-db';

const SQLITE_HEADER = 'SQLite format 3\0';
const dirs: string[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-enc-'));
  dirs.push(dir);
  return dir;
}

async function engineIn(dataDir: string, extra: Partial<Parameters<typeof startTestEngine>[0]> = {}): Promise<TestEngine> {
  const engine = await startTestEngine({ dataDir, ...extra });
  stops.push(() => engine.stop());
  return engine;
}

/** The engine the entry points start, which must not have opened the data. */
async function lockedIn(dataDir: string, databaseKeys: ReturnType<typeof memorySecrets>): Promise<ServedEngine> {
  const engine = await startEngineOrRefusal({ dataDir, port: 0, resourcesDir: join(ROOT, 'resources'), logLevel: 'warn', databaseKeys });
  stops.push(() => engine.close());
  expect(engine.running, 'the engine opened data it had no key for').toBeNull();
  return engine;
}

const header = (file: string) => readFileSync(file).subarray(0, SQLITE_HEADER.length).toString('latin1');

describe('encryption at rest', () => {
  it('creates a new database encrypted, its key in the keychain only', async () => {
    const dir = newDir();
    const engine = await engineIn(dir);
    const userId = engine.createUser('owner-at-rest@example.com');
    expect(userId).toBeGreaterThan(0);
    await engine.stop();
    stops.length = 0;
    expect(header(join(dir, 'coffer.db'))).not.toBe(SQLITE_HEADER);
    // The same data comes back through the key in the keychain.
    const db = openEngineDb(join(dir, 'coffer.db'), { readonly: true });
    expect(db.prepare('SELECT email FROM users WHERE id = ?').pluck().get(userId)).toBe('owner-at-rest@example.com');
    db.close();
  });

  it('encrypts a clear database of an earlier version in place, losing nothing', async () => {
    const dir = newDir();
    const clear = openDatabase(join(dir, 'coffer.db'));
    clear
      .prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('earlier@example.com', 'x', 1)")
      .run();
    clear.close(); // no checkpoint: the row may still be in the clear WAL
    expect(header(join(dir, 'coffer.db'))).toBe(SQLITE_HEADER);
    const engine = await engineIn(dir);
    expect(engine.ctx.db.prepare("SELECT count(*) FROM users WHERE email = 'earlier@example.com'").pluck().get()).toBe(1);
    expect(header(join(dir, 'coffer.db'))).not.toBe(SQLITE_HEADER);
    expect(readdirSync(dir).filter((f) => f.includes('.encrypt'))).toEqual([]);
  });

  it('without a keychain: /health answers, every data path and the token endpoint say why with 503, nothing is written', async () => {
    const dir = newDir();
    const engine = await lockedIn(dir, memorySecrets(false));
    expect((await fetch(`${engine.urls.host_url}/health`)).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/v2/users/me'],
      ['GET', '/v2/accounts'],
      ['POST', '/auth/token'],
      ['GET', '/v2/providers'],
    ] as const) {
      const res = await fetch(`${engine.urls.host_url}${path}`, { method });
      expect(res.status, path).toBe(503);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe('secret_store_unavailable');
      expect(body.error_description).toMatch(/keychain/);
    }
    const file = join(dir, 'coffer.db');
    expect(!existsSync(file) || statSync(file).size === 0).toBe(true);
  });

  it('with a key that does not open the database: not opened, not changed', async () => {
    const dir = newDir();
    const first = memorySecrets();
    const engine = await engineIn(dir, { databaseKeys: first });
    engine.createUser('keyed@example.com');
    await engine.stop();
    stops.length = 0;
    const before = readFileSync(join(dir, 'coffer.db'));
    const other = memorySecrets();
    for (const [name, value] of first.entries) other.entries.set(name, value.replace(/^./, (c) => (c === '0' ? '1' : '0')));
    const locked = await lockedIn(dir, other);
    const res = await fetch(`${locked.urls.host_url}/v2/users/me`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error_description: string }).error_description).toMatch(/keychain does not open it/);
    expect(readFileSync(join(dir, 'coffer.db')).equals(before)).toBe(true);
  });

  it('with no key for an encrypted database (a new keychain): not opened', async () => {
    const dir = newDir();
    const engine = await engineIn(dir, { databaseKeys: memorySecrets() });
    await engine.stop();
    stops.length = 0;
    const locked = await lockedIn(dir, memorySecrets());
    const res = await fetch(`${locked.urls.host_url}/v2/accounts`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error_description: string }).error_description).toMatch(/recovery key/);
  });

  it('never opens a clear database in clear when the keychain is missing', async () => {
    const dir = newDir();
    const clear = openDatabase(join(dir, 'coffer.db'));
    closeDatabase(clear);
    const before = readFileSync(join(dir, 'coffer.db'));
    await lockedIn(dir, memorySecrets(false));
    expect(readFileSync(join(dir, 'coffer.db')).equals(before)).toBe(true);
  });
});
