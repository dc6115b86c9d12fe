/**
 * Backups of an encrypted database, through real HTTP, real SQLite files and the real OS keychain: every
 * backup file is encrypted with the database's key (no label in clear, no clear SQLite header) and restores;
 * backups an earlier, clear version left in the folder are encrypted at start and still restore; the backup
 * made before an upgrade of an earlier version's clear database is encrypted too.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../../src/main/engine/db/database';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const dirs: string[] = [];
const engines: TestEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-enc-backup-'));
  dirs.push(dir);
  return dir;
}

async function engineIn(dataDir: string): Promise<TestEngine> {
  const engine = await startTestEngine({ dataDir });
  engines.push(engine);
  return engine;
}

/** A file's bytes hold neither the clear SQLite header nor `label` (ASCII or UTF-16, as SQLite may store it). */
function expectNothingInClear(file: string, label: string): void {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER), `${file} starts with a clear header`).toBe(false);
  expect(bytes.includes(Buffer.from(label, 'utf8')), `${file} holds ${label} in clear`).toBe(false);
  expect(bytes.includes(Buffer.from(label, 'utf16le')), `${file} holds ${label} in clear (UTF-16)`).toBe(false);
}

const emails = (engine: TestEngine) => engine.ctx.db.prepare('SELECT email FROM users ORDER BY id').pluck().all();

async function restore(engine: TestEngine, id: string): Promise<void> {
  const res = await engine.http(`/v2/admin/backups/${id}/restore`, { method: 'POST', token: engine.clientToken(['admin']) });
  expect(res.status, await res.clone().text()).toBe(202);
}

/** A clear database of the previous schema version (the last migration undone), as an earlier Coffer left it. */
function earlierClearDatabase(file: string, email: string): void {
  const db = openDatabase(file);
  db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES (?, 'x', 1)").run(email);
  db.exec('DROP TABLE recurring_payments');
  db.pragma(`user_version = ${(db.pragma('user_version', { simple: true }) as number) - 1}`);
  closeDatabase(db);
}

describe('backups of the encrypted database', () => {
  it('a backup file holds no label in clear, and restoring it brings its data back', async () => {
    const engine = await engineIn(newDir());
    engine.createUser('label-in-a-backup@example.com');
    const made = await engine.http('/v2/admin/backups', { method: 'POST', token: engine.clientToken(['admin']) });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    expectNothingInClear(join(engine.dataDir, 'backups', `coffer-backup-${id}.db`), 'label-in-a-backup@example.com');
    engine.createUser('after-the-backup@example.com');
    await restore(engine, id);
    expect(emails(engine)).toEqual(['label-in-a-backup@example.com']);
  });

  it('an earlier clear database: the backup made before its upgrade is encrypted and restores', async () => {
    const dir = newDir();
    earlierClearDatabase(join(dir, 'coffer.db'), 'before-the-upgrade@example.com');
    const engine = await engineIn(dir);
    const folder = join(dir, 'backups');
    const [name] = readdirSync(folder).filter((n) => n.includes('BEFORE_UPGRADE'));
    expect(name).toBeDefined();
    expectNothingInClear(join(folder, name!), 'before-the-upgrade@example.com');
    engine.createUser('after-the-upgrade@example.com');
    await restore(engine, name!.replace(/^coffer-backup-|\.db$/g, ''));
    expect(emails(engine)).toEqual(['before-the-upgrade@example.com']);
  });

  it('clear backups an earlier version left in the folder are encrypted at start, and still restore', async () => {
    const dir = newDir();
    const engine = await engineIn(dir);
    engine.createUser('in-a-clear-backup@example.com');
    await engine.stop();
    engines.length = 0;
    // What the earlier, clear version's backup of the same data looked like (same schema, no key).
    const folder = join(dir, 'backups');
    mkdirSync(folder, { recursive: true });
    const id = '20260101T000000Z-MANUAL-0000c1ea';
    const clear = openDatabase(join(folder, `coffer-backup-${id}.db`));
    clear.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('in-a-clear-backup@example.com', 'x', 1)").run();
    clear.pragma('journal_mode = DELETE');
    clear.close();
    expect(readFileSync(join(folder, `coffer-backup-${id}.db`)).includes(Buffer.from('in-a-clear-backup@example.com'))).toBe(true);

    const again = await engineIn(dir);
    expectNothingInClear(join(folder, `coffer-backup-${id}.db`), 'in-a-clear-backup@example.com');
    expect(readdirSync(folder).filter((n) => !/^coffer-backup-.+\.db$/.test(n))).toEqual([]);
    again.createUser('after-the-start@example.com');
    await restore(again, id);
    expect(emails(again)).toEqual(['in-a-clear-backup@example.com']);
  });
});
