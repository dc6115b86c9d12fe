/**
 * Robustness: a clear database of an earlier Coffer (a user_big synchronization, 100,000 transactions) is
 * encrypted in place at the first start of this one; the engine process is killed with SIGKILL at many
 * moments of that (while the clear copy is written, while it is encrypted, between the renames, after), then
 * started again. Every time the restart finishes or restarts the work: the database is encrypted, intact,
 * and every transaction is there, the same as before. COFFER_ENCRYPT_KILL_RUNS sets the number of kills
 * (5 by default; 20 on demand).
 */
import Database from 'better-sqlite3-multiple-ciphers';
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/engine/db/database';
import { openEngineDb } from '../helpers/data-dir-db';
import { ROOT, startTestEngine } from '../helpers/engine';
import { memorySecrets } from '../helpers/fixtures';
import { spawnServe } from '../helpers/serve-process';
import { connectEmbedded, newCaller, waitSettled } from '../http/sync/sync-helpers';

const RUNS = Number(process.env.COFFER_ENCRYPT_KILL_RUNS ?? 5);
const work = mkdtempSync(join(tmpdir(), 'coffer-encrypt-kill-'));
const fixture = join(work, 'clear.db');
const SUMMARY = 'SELECT count(*) AS n, total(amount) AS amounts, max(id) AS last, group_concat(id % 997) AS ids FROM transactions';
let expected: unknown;

/** The clear database: a real synchronization written by the engine, then decrypted to what an earlier Coffer kept. */
beforeAll(async () => {
  const keys = memorySecrets();
  const engine = await startTestEngine({ dataDir: join(work, 'source'), databaseKeys: keys });
  const caller = newCaller(engine);
  await waitSettled(caller, await connectEmbedded(caller, 'user_big'), 120_000);
  await engine.stop();
  copyFileSync(join(work, 'source', 'coffer.db'), fixture);
  const key = keys.entries.get('database/key')!;
  const db = new Database(fixture);
  db.pragma(`cipher = 'chacha20'`);
  db.pragma(`hexkey = '${key}'`);
  db.pragma('journal_mode = DELETE');
  db.pragma(`hexrekey = ''`);
  db.close();
  expect(readFileSync(fixture).subarray(0, 15).toString()).toBe('SQLite format 3');
  const clear = openDatabase(fixture);
  expected = clear.prepare(SUMMARY).get();
  clear.close();
  expect((expected as { n: number }).n).toBe(100_000);
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Where the encryption was when the process died (the files it leaves say so). */
function phase(dir: string): string {
  const files = readdirSync(dir);
  if (files.includes('coffer.db.encrypted')) return 'copy complete, not yet renamed';
  if (files.includes('coffer.db.encrypting-journal')) return 'encrypting the copy';
  if (files.includes('coffer.db.encrypting')) return 'writing the copy';
  const file = join(dir, 'coffer.db');
  if (existsSync(file) && readFileSync(file).subarray(0, 15).toString() !== 'SQLite format 3') return 'after';
  return 'before';
}

describe('kill -9 during the encryption in place', () => {
  it(
    `${RUNS} kills at different moments: the restart ends encrypted with every transaction`,
    async () => {
      const phases: string[] = [];
      for (let i = 0; i < RUNS; i++) {
        const dir = join(work, `run-${i}`);
        mkdirSync(dir);
        copyFileSync(fixture, join(dir, 'coffer.db'));
        phases.push(await killDuringStart(dir, i));
        const left = readdirSync(dir).join(' ');
        const again = await spawnServe(['--data-dir', dir, '--port', '0'], {}, 120_000).catch((err: Error) => {
          cpSync(dir, join(tmpdir(), `coffer-encrypt-kill-failed-${i}`), { recursive: true });
          throw new Error(`run ${i}, killed ${phases[i]} (files: ${left}): ${err.message}`);
        });
        again.child.kill('SIGTERM');
        await again.exited;
        expect(readFileSync(join(dir, 'coffer.db')).subarray(0, 15).toString()).not.toBe('SQLite format 3');
        expect(readdirSync(dir).filter((f) => f.includes('.encrypt'))).toEqual([]);
        const db = openEngineDb(join(dir, 'coffer.db'), { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(db.prepare(SUMMARY).get(), `run ${i}, killed ${phases[i]}`).toEqual(expected);
        } finally {
          db.close();
        }
        rmSync(dir, { recursive: true, force: true });
      }
      console.log(`encryption in place, ${RUNS} kills: ${phases.join('; ')}`);
    },
    RUNS * 60_000,
  );
});

/**
 * Starts the engine on the clear copy and kills it: run i waits for a different moment, cycling through the
 * phases the files show (the copy being written, being encrypted, complete) and fixed delays after the start.
 */
async function killDuringStart(dir: string, i: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/engine/cli/serve.ts'), '--data-dir', dir, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, COFFER_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const targets = ['before', 'writing the copy', 'encrypting the copy', 'copy complete, not yet renamed', 'after'];
  const target = targets[i % targets.length];
  const copyFraction = ((i * 37) % 100) / 100;
  const started = Date.now();
  const deadline = started + 30_000;
  while (Date.now() < deadline) {
    const seen = phase(dir);
    const copy = join(dir, 'coffer.db.encrypting');
    const far = seen === 'writing the copy' && existsSync(copy) && statSync(copy).size >= copyFraction * statSync(fixture).size;
    const reached = seen === target && (target !== 'writing the copy' || far) && (target !== 'before' || Date.now() > started + 300 * i);
    if (reached || targets.indexOf(seen) > targets.indexOf(target)) break;
    await new Promise((r) => setImmediate(r));
  }
  child.kill('SIGKILL');
  await exited;
  return phase(dir);
}
