import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngineDb } from '../../helpers/data-dir-db';
import { startTestEngine } from '../../helpers/engine';
import { spawnServe, type ServeProcess } from '../../helpers/serve-process';

const dirs: string[] = [];
const processes: ServeProcess[] = [];
afterEach(async () => {
  for (const p of processes.splice(0)) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A data folder a real engine made and stopped cleanly (the WAL checkpointed into coffer.db). */
async function usedDataDir(): Promise<{ dir: string; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-damage-'));
  dirs.push(dir);
  const engine = await startTestEngine({ dataDir: dir });
  engine.createUser('someone@example.com');
  await engine.stop();
  return { dir, file: join(dir, 'coffer.db') };
}

const pageSize = (file: string) => {
  const db = openEngineDb(file, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true }) as number;
  } finally {
    db.close();
  }
};

/** Overwrites one whole page with bytes no b-tree page can hold (what a failing disk sector leaves). */
function damagePage(file: string, page: number): void {
  const size = pageSize(file);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (page - 1) * size);
  } finally {
    closeSync(fd);
  }
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function serve(dir: string, env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const p = await spawnServe(['--data-dir', dir, '--port', '0'], env);
  processes.push(p);
  return p;
}

/** What a refusing engine answers: /health names the problem, data paths and the token endpoint answer 503. */
async function expectRefusal(hostUrl: string, code: string, sentence: RegExp): Promise<void> {
  const health = await fetch(`${hostUrl}/health`);
  expect(health.status).toBe(200);
  const healthBody = (await health.json()) as { status: string; error_description: string };
  expect(healthBody.status).toBe(code);
  expect(healthBody.error_description).toMatch(sentence);
  for (const [path, init] of [
    ['/v2/users/me', {}],
    ['/v2/app/status', {}],
    ['/auth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"client_credentials"}' }],
  ] as const) {
    const res = await fetch(`${hostUrl}${path}`, init);
    expect(res.status, path).toBe(503);
    const body = (await res.json()) as { error: string; error_description: string };
    // The API's code for data that is not opened; /health names the problem.
    expect(body.error, path).toBe('secret_store_unavailable');
    expect(body.error_description, path).toMatch(sentence);
  }
}

describe('a damaged database at start', () => {
  it('damaged pages in the middle of the file: the engine stays up, says so, and changes nothing in the file', async () => {
    const { dir, file } = await usedDataDir();
    const pages = statSync(file).size / pageSize(file);
    damagePage(file, Math.floor(pages / 2));
    const before = sha(file);
    const p = await serve(dir);
    await expectRefusal(p.hostUrl, 'database_damaged', new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged.*Restore a backup`));
    // The app's page still loads (it shows the sentence).
    const page = await fetch(`${p.hostUrl}/`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(p.output()).toMatch(/is damaged/);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    processes.length = 0;
    expect(sha(file)).toBe(before);
  });

  it('a truncated file: the engine stays up and says the database is damaged (no stack trace)', async () => {
    const { dir, file } = await usedDataDir();
    truncateSync(file, Math.floor(statSync(file).size / 3));
    const p = await serve(dir);
    await expectRefusal(p.hostUrl, 'database_damaged', /is damaged/);
    expect(p.output()).not.toMatch(/\n\s+at /);
  });

  it('a file that is not a database at all: damaged too', async () => {
    const { dir, file } = await usedDataDir();
    writeFileSync(file, Buffer.alloc(64 * 1024, 0x42));
    const p = await serve(dir);
    await expectRefusal(p.hostUrl, 'database_damaged', /is damaged/);
  });
});

describe('a damaged page met while serving', () => {
  it('becomes the same refusal, not 500s, and every other path refuses from then on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-damage-'));
    dirs.push(dir);
    const engine = await startTestEngine({ dataDir: dir });
    try {
      const userId = engine.createUser('reader@example.com');
      const token = engine.userToken(userId, ['transactions_read', 'profile']);
      const roots = engine.ctx.db
        .prepare("SELECT rootpage FROM sqlite_schema WHERE tbl_name = 'transactions' AND rootpage > 0")
        .pluck()
        .all() as number[];
      engine.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
      // The engine has not read these pages since it started: the next read finds the damage on disk.
      engine.ctx.db.exec('PRAGMA cache_size = 0');
      for (const root of roots) damagePage(join(dir, 'coffer.db'), root);
      const first = await engine.http('/v2/transactions', { token });
      expect(first.status).toBe(503);
      expect(((await first.json()) as { error: string }).error).toBe('secret_store_unavailable');
      // From now on every data path refuses, even those that would not touch the damaged page.
      const me = await engine.http('/v2/users/me', { token });
      expect(me.status).toBe(503);
      expect(((await me.json()) as { error: string }).error).toBe('secret_store_unavailable');
      const health = (await (await engine.http('/health')).json()) as { status: string };
      expect(health.status).toBe('database_damaged');
    } finally {
      await engine.stop();
    }
  });
});

describe('a missing or empty database in a folder used before', () => {
  it('an empty coffer.db beside integrator.json: refuses to start a new installation, says how to proceed', async () => {
    const { dir, file } = await usedDataDir();
    writeFileSync(file, '');
    rmSync(`${file}-wal`, { force: true });
    const p = await serve(dir);
    await expectRefusal(p.hostUrl, 'database_missing', /missing or empty.*installation\.json.*integrator\.json.*COFFER_START_FRESH=1/);
    expect(statSync(file).size).toBe(0);
  });

  it('a missing coffer.db: the same', async () => {
    const { dir, file } = await usedDataDir();
    rmSync(file);
    const p = await serve(dir);
    await expectRefusal(p.hostUrl, 'database_missing', /missing or empty/);
  });

  it('COFFER_START_FRESH=1 starts a new installation there on purpose', async () => {
    const { dir, file } = await usedDataDir();
    writeFileSync(file, '');
    const p = await serve(dir, { COFFER_START_FRESH: '1' });
    const health = (await (await fetch(`${p.hostUrl}/health`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    const status = await fetch(`${p.hostUrl}/v2/app/status`);
    expect(status.status).toBe(200);
  });

  it('a first start in an empty folder is a first start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-damage-'));
    dirs.push(dir);
    const p = await serve(dir);
    expect(((await (await fetch(`${p.hostUrl}/health`)).json()) as { status: string }).status).toBe('ok');
    expect(readFileSync(join(dir, 'installation.json'), 'utf8')).toMatch(/install_id/);
  });
});
