/**
 * First synchronization of `user_big` (1 account, 100,000 transactions), end to end through real HTTP:
 * POST /connections (password sent as a JWE made with a key from POST /keys beforehand), then
 * GET /connections/{id} every 20 ms until the status leaves RUNNING; timed from the POST to SUCCESS. The engine runs as a child process (`serve.ts`, as `npm run serve` does) so that its
 * peak RSS (VmHWM of /proc) is its own. The child runs in its own `dbus-run-session` with an unlocked
 * gnome-keyring (the keychain recipe of the tests) when those exist; COFFER_BENCH_OWN_KEYCHAIN=1 uses the
 * session's keychain instead.
 *
 * Figures:
 * - end to end: from the POST to SUCCESS seen by the client (the simulated bank generating 100,000 rows
 *   included), in transactions/s;
 * - engine ingest: the engine's own work on the rows (checking and converting them, then the one results
 *   transaction), from its `channel synchronized` log line, in transactions/s;
 * - baseline (same run): the same rows bulk-inserted straight into better-sqlite3 — one prepared INSERT in
 *   one transaction — into a fresh database with the identical schema and settings.
 */
import { openEngineDb } from './engine-db';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { openDatabase, closeDatabase } from '../../src/main/engine/db/database';
import { projectRoot } from '../../src/main/engine/paths';
import type { Report } from '../report';
import { caller, lastSyncLog, waitWhileRunning } from './engine-calls';
import type { Scenario } from './index';

const EXPECTED = 100_000;
const SCOPES = 'accounts_read transactions_read connections_manage connections_sync';

export interface Child {
  hostUrl: string;
  enginePid: number;
  stop(): Promise<void>;
}

function hasCommand(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The engine as `npm run serve` runs it (TypeScript through tsx), in a child process (its own keychain session
 * when available). With COFFER_BENCH_ENGINE=built, the built engine the desktop app forks instead
 * (`out/main/engine.js` and its `results-thread.js`, from `npm run build`): no TypeScript loader in the
 * engine or its results writer thread, which is about 60 MB of peak memory under tsx.
 */
export async function startChild(dataDir: string, env: Record<string, string> = {}): Promise<Child> {
  const root = projectRoot();
  const node = JSON.stringify(process.execPath);
  // COFFER_BENCH_CPU_PROF=<folder>: the engine writes a V8 CPU profile there when it stops (node --cpu-prof).
  const prof = process.env.COFFER_BENCH_CPU_PROF
    ? `--cpu-prof --cpu-prof-dir=${JSON.stringify(process.env.COFFER_BENCH_CPU_PROF)} `
    : '';
  // The V8 flag the desktop app (shell/engine-process.ts) and `npm run serve` start the engine with;
  // COFFER_BENCH_SEMI_SPACE_MB=16 (V8's default) compares without it in the same session.
  const flags = `--max-semi-space-size=${Number(process.env.COFFER_BENCH_SEMI_SPACE_MB ?? 4)} ${prof}`;
  const serve =
    process.env.COFFER_BENCH_ENGINE === 'built'
      ? `${node} ${flags}${JSON.stringify(join(root, 'out/main/engine.js'))} --data-dir ${JSON.stringify(dataDir)} --resources-dir ${JSON.stringify(join(root, 'resources'))} --port 0`
      : `${node} ${flags}--import tsx ${JSON.stringify(join(root, 'src/main/engine/cli/serve.ts'))} --data-dir ${JSON.stringify(dataDir)} --port 0`;
  // `npm run bench` runs in a private keychain session of its own: the engine shares it, so that the
  // benchmark can read the database key the engine keeps there and open the encrypted database beside it.
  const wrap =
    !process.env.COFFER_BENCH_OWN_KEYCHAIN &&
    !process.env.DBUS_SESSION_BUS_ADDRESS &&
    hasCommand('dbus-run-session') &&
    hasCommand('gnome-keyring-daemon');
  const child = wrap
    ? spawn(
        'dbus-run-session',
        [
          '--',
          'sh',
          '-c',
          `eval $(echo -n bench | gnome-keyring-daemon --unlock --components=secrets) >/dev/null; exec ${serve}`,
        ],
        {
          cwd: root,
          // A keyring of its own (gnome-keyring keeps its files under XDG_DATA_HOME): the unlock password is ours.
          env: { ...process.env, ...env, COFFER_LOG_LEVEL: 'info', XDG_DATA_HOME: join(dataDir, 'xdg-data') },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
    : spawn('sh', ['-c', `exec ${serve}`], {
        cwd: root,
        env: { ...process.env, ...env, COFFER_LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const hostUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`engine not ready within 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /coffer ready (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`engine exited before ready:\n${out}`));
    });
  });
  const enginePid = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')).pid as number;
  return {
    hostUrl,
    enginePid,
    async stop() {
      process.kill(enginePid, 'SIGTERM');
      await exited;
    },
  };
}

/** Peak resident set of a process (VmHWM), in MB; undefined off Linux. */
export function peakRssMb(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const COLUMNS =
  'account_id, user_id, provider_key, amount, currency, date, booking_date, value_date, import_date, last_update_date, label, notes, remittance_information, source_label, type, origin, category_id, status';

/**
 * The baseline: the same rows, one prepared INSERT, one transaction, fresh identical schema, encrypted as
 * the engine's database is (`key`) or clear. Returns ms.
 */
function rawInsert(rows: unknown[][], userId: number, key?: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-raw-'));
  const db = openDatabase(join(dir, 'coffer.db'), { key });
  try {
    db.prepare("INSERT INTO users (id, email, password_hash, creation_date) VALUES (?, 'raw@example.com', 'x', 0)").run(
      userId,
    );
    db.prepare(
      "INSERT INTO providers (id, name, type, country_code, base_url, logo) VALUES ('9000', 'x', 'BANKING', 'FRA', 'x', 'x')",
    ).run();
    const connection = db
      .prepare(
        "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, '9000', 'x', 'SUCCESS', 0)",
      )
      .run(userId).lastInsertRowid;
    const accounts = new Map<unknown, number>();
    for (const r of rows) {
      if (accounts.has(r[0])) continue;
      const id = Number(
        db
          .prepare(
            "INSERT INTO accounts (connection_id, user_id, reference, name, currency, status, type, creation_date) VALUES (?, ?, ?, 'x', 'EUR', 'ACTIVE', 'CHECKINGS', 0)",
          )
          .run(connection, userId, `r${accounts.size}`).lastInsertRowid,
      );
      accounts.set(r[0], id);
    }
    const insert = db.prepare(
      `INSERT INTO transactions (${COLUMNS}) VALUES (${COLUMNS.split(',')
        .map(() => '?')
        .join(', ')})`,
    );
    const started = performance.now();
    db.transaction(() => {
      for (const r of rows) {
        r[0] = accounts.get(r[0]);
        insert.run(r);
      }
    })();
    return performance.now() - started;
  } finally {
    closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Measure {
  endToEndMs: number;
  rssMb?: number;
  /** From the engine's `channel synchronized` log line. */
  log?: { transactions: number; prepareMs: number; writeMs: number; totalMs: number };
  rows: unknown[][];
  userId: number;
}

/** One first synchronization of user_big on a fresh engine (its own data directory). */
async function measureOnce(): Promise<Measure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-sync-'));
  let child: Child | undefined;
  try {
    child = await startChild(dataDir);
    const base = `${child.hostUrl}/v2`;
    const setup = openEngineDb(join(dataDir, 'coffer.db'));
    const now = Math.floor(Date.now() / 1000);
    const userId = Number(
      setup
        .prepare(
          "INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench-sync@example.com', 'x', ?, 1000000)",
        )
        .run(now).lastInsertRowid,
    );
    const token = newTokenValue('cat');
    setup
      .prepare(
        "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)",
      )
      .run(hashToken(token), userId, SCOPES, now, now + 3600);
    setup.close();
    const call = caller(base, token);

    const keyRes = await call('/keys', { method: 'POST', json: {} });
    if (keyRes.status !== 201) throw new Error(`POST /keys: ${keyRes.status} ${await keyRes.text()}`);
    const keyId = keyRes.headers.get('location')!.split('/').pop()!;
    const key = (await (await call(`/keys/${keyId}`)).json()) as { jwk: Record<string, unknown> };
    const jwe = await new CompactEncrypt(new TextEncoder().encode('pass_ok'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keyId })
      .encrypt(await importJWK(key.jwk as never, 'RSA-OAEP-256'));
    const started = performance.now();
    const created = await call('/connections', {
      method: 'POST',
      json: {
        provider_id: '9000',
        channel_definition_id: '900000',
        key_id: keyId,
        credentials: [
          { id: 'login', value: 'user_big' },
          { id: 'password', value: jwe },
        ],
      },
    });
    if (created.status !== 201)
      throw new Error(`POST /connections: ${created.status} ${await created.text()} (is a Secret Service available?)`);
    const id = created.headers.get('location')!.split('/').pop()!;
    const status = await waitWhileRunning(call, id);
    const endToEndMs = performance.now() - started;
    if (status !== 'SUCCESS') throw new Error(`the synchronization ended ${status}`);
    const rssMb = peakRssMb(child.enginePid);

    const log = await lastSyncLog<Measure['log']>(dataDir);
    const read = openEngineDb(join(dataDir, 'coffer.db'), { readonly: true });
    const rows = read
      .prepare(`SELECT ${COLUMNS} FROM transactions WHERE user_id = ? ORDER BY id`)
      .raw()
      .all(userId) as unknown[][];
    read.close();
    if (rows.length !== EXPECTED) throw new Error(`expected ${EXPECTED} transactions, found ${rows.length}`);
    return { endToEndMs, rssMb, log, rows, userId };
  } finally {
    await child?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Repetitions (engine and baseline interleaved); the best of each is reported, the highest peak RSS. */
const REPEAT = Number(process.env.COFFER_BENCH_SYNC_REPEAT ?? 3);

export const syncScenario: Scenario = {
  name: 'sync',
  async run(report: Report) {
    const measures: Measure[] = [];
    const rawTimes: number[] = [];
    const clearTimes: number[] = [];
    const key = randomBytes(32);
    for (let i = 0; i < REPEAT; i++) {
      const m = await measureOnce();
      rawTimes.push(rawInsert(m.rows.map((r) => [...r]), m.userId, key));
      clearTimes.push(rawInsert(m.rows.map((r) => [...r]), m.userId));
      measures.push({ ...m, rows: [] });
    }
    const encryptedRate = EXPECTED / (Math.min(...rawTimes) / 1000);
    const clearRate = EXPECTED / (Math.min(...clearTimes) / 1000);
    report.row({
      scenario: 'sync',
      metric: `ingest of user_big's rows, encrypted database ÷ clear (one INSERT transaction, best of ${REPEAT})`,
      value: Math.round(encryptedRate),
      unit: 'tx/s',
      baseline: Math.round(clearRate),
      ratio: encryptedRate / clearRate,
      target: 'ratio ≥ 0.85',
      pass: encryptedRate / clearRate >= 0.85,
    });
    const best = measures.reduce((a, b) => (b.endToEndMs < a.endToEndMs ? b : a));
    const logs = measures.map((m) => m.log).filter((l): l is NonNullable<Measure['log']> => l !== undefined);
    const bestIngest = logs.length
      ? logs.reduce((a, b) => (b.prepareMs + b.writeMs < a.prepareMs + a.writeMs ? b : a))
      : undefined;
    const rawRate = EXPECTED / (Math.min(...rawTimes) / 1000);
    const rss = Math.max(...measures.map((m) => m.rssMb ?? 0));

    const e2eRate = EXPECTED / (best.endToEndMs / 1000);
    report.row({
      scenario: 'sync',
      metric: `user_big first sync, POST → SUCCESS (best of ${REPEAT})`,
      value: best.endToEndMs / 1000,
      unit: 's',
    });
    report.row({
      scenario: 'sync',
      metric: 'end-to-end throughput (bank simulation included)',
      value: Math.round(e2eRate),
      unit: 'tx/s',
      baseline: Math.round(rawRate),
      ratio: e2eRate / rawRate,
      target: '≥ 100,000 tx/s',
      pass: e2eRate >= 100_000,
    });
    if (bestIngest) {
      const ingestMs = bestIngest.prepareMs + bestIngest.writeMs;
      const ingestRate = bestIngest.transactions / (ingestMs / 1000);
      report.row({
        scenario: 'sync',
        metric: `engine ingest (check ${bestIngest.prepareMs} ms + write ${bestIngest.writeMs} ms)`,
        value: Math.round(ingestRate),
        unit: 'tx/s',
        baseline: Math.round(rawRate),
        ratio: ingestRate / rawRate,
        target: 'ratio ≥ 0.5, ≥ 100,000 tx/s',
        pass: ingestRate / rawRate >= 0.5 && ingestRate >= 100_000,
      });
      report.row({
        scenario: 'sync',
        metric: 'time at the simulated bank (not the engine)',
        value: (bestIngest.totalMs - ingestMs) / 1000,
        unit: 's',
      });
    }
    report.row({
      scenario: 'sync',
      metric: 'raw bulk insert of the same rows (baseline)',
      value: Math.round(rawRate),
      unit: 'tx/s',
    });
    if (rss > 0)
      report.row({
        scenario: 'sync',
        metric: 'engine peak RSS (VmHWM)',
        value: Math.round(rss),
        unit: 'MB',
        target: '≤ 300 MB',
        pass: rss <= 300,
      });
  },
};
