/**
 * Responsiveness of the API while a large synchronization result is written (issue 14, finding 11).
 *
 * One engine in a child process (as `npm run serve` runs it). A reader user with a small synchronized
 * connection (`user_ok`) sends GET /v2/accounts and GET /v2/transactions?limit=100, alternately, one new
 * request every INTERVAL_MS whether or not the previous ones were answered (open loop: a blocked event loop
 * delays every request that arrives meanwhile, and each of them is counted). Measured twice in the same run:
 * - idle: the engine does nothing else (the baseline);
 * - during the write: another user's first synchronization of `user_big` (100,000 transactions) runs; the
 *   requests sent while the results were being written (the window the engine's `channel synchronized` log
 *   line gives: its time minus writeMs) are "during the write"; every request sent during the whole
 *   synchronization is reported too (it includes the simulated bank generating the rows and the engine
 *   checking them, both on the engine's main thread).
 * Latency is measured by the client, from sending to the end of the body.
 *
 * The engine runs with its default results writer (small results on the main thread, large ones on the
 * results writer thread). COFFER_RESULTS_WRITER=inline makes it write every result on its main thread (the
 * behaviour before the writer thread), for a before/after comparison in the same checkout.
 */
import { openEngineDb } from './engine-db';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { percentile, type Report } from '../report';
import { caller, type Call } from './engine-calls';
import type { Scenario } from './index';
import { startChild } from './sync';

const SCOPES = 'accounts_read transactions_read connections_manage connections_sync';
const INTERVAL_MS = 10;
const IDLE_MS = 3_000;
const REPEAT = Number(process.env.COFFER_BENCH_RESPONSIVENESS_REPEAT ?? 2);
const TARGET_P99_MS = 50;

interface Sample {
  start: number;
  end: number;
  ms: number;
}

/** A user and an access token, written straight into the database (as the sync scenario does). */
function addUser(dataDir: string, email: string): string {
  const db = openEngineDb(join(dataDir, 'coffer.db'));
  try {
    const now = Math.floor(Date.now() / 1000);
    const userId = db
      .prepare(
        "INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES (?, 'x', ?, 1000000)",
      )
      .run(email, now).lastInsertRowid;
    const token = newTokenValue('cat');
    db.prepare(
      "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)",
    ).run(hashToken(token), userId, SCOPES, now, now + 3600);
    return token;
  } finally {
    db.close();
  }
}

/** POST /connections at the test bank with `login`; returns the connection id. */
async function connect(call: Call, login: string): Promise<string> {
  const keyRes = await call('/keys', { method: 'POST', json: {} });
  if (keyRes.status !== 201) throw new Error(`POST /keys: ${keyRes.status} ${await keyRes.text()}`);
  const keyId = keyRes.headers.get('location')!.split('/').pop()!;
  const key = (await (await call(`/keys/${keyId}`)).json()) as { jwk: Record<string, unknown> };
  const jwe = await new CompactEncrypt(new TextEncoder().encode('pass_ok'))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keyId })
    .encrypt(await importJWK(key.jwk as never, 'RSA-OAEP-256'));
  const created = await call('/connections', {
    method: 'POST',
    json: {
      provider_id: '9000',
      channel_definition_id: '900000',
      key_id: keyId,
      credentials: [
        { id: 'login', value: login },
        { id: 'password', value: jwe },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`POST /connections: ${created.status} ${await created.text()}`);
  return created.headers.get('location')!.split('/').pop()!;
}

async function waitDone(call: Call, id: string): Promise<void> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const { status } = (await (await call(`/connections/${id}`)).json()) as { status: string };
    if (status === 'RUNNING') continue;
    if (status !== 'SUCCESS') throw new Error(`the synchronization ended ${status}`);
    return;
  }
}

const READS = ['/accounts', '/transactions?limit=100'];

/** Sends a read every INTERVAL_MS until `until` resolves; returns every answered read's timing. */
async function sample(call: Call, until: Promise<unknown>): Promise<Sample[]> {
  let done = false;
  void until.finally(() => (done = true));
  const inFlight: Promise<Sample>[] = [];
  let i = 0;
  while (!done) {
    const path = READS[i++ % READS.length];
    const start = Date.now();
    const t0 = performance.now();
    inFlight.push(
      call(path).then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
        return { start, end: Date.now(), ms: performance.now() - t0 };
      }),
    );
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
  return Promise.all(inFlight);
}

interface Measure {
  idle: Sample[];
  sync: Sample[];
  write: Sample[];
  writeMs: number;
}

async function measureOnce(): Promise<Measure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-resp-'));
  // The engine's default writer unless COFFER_RESULTS_WRITER says otherwise (inline: the main thread, the baseline).
  const child = await startChild(dataDir);
  try {
    const base = `${child.hostUrl}/v2`;
    const reader = caller(base, addUser(dataDir, 'reader@example.com'));
    const writer = caller(base, addUser(dataDir, 'writer@example.com'));
    await waitDone(reader, await connect(reader, 'user_ok'));
    // Warm up (JIT, statement caches), then the idle baseline.
    await sample(reader, new Promise((r) => setTimeout(r, 500)));
    const idle = await sample(reader, new Promise((r) => setTimeout(r, IDLE_MS)));

    const bigId = await connect(writer, 'user_big');
    const sync = await sample(reader, waitDone(writer, bigId));
    // The log line follows the commit (the status is visible first): wait for it a little.
    let line: { time: number; writeMs: number; connectionId: number } | undefined;
    for (let i = 0; i < 100 && !line; i++) {
      line = readFileSync(join(dataDir, 'logs', 'coffer.log'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('"channel synchronized"'))
        .map((l) => JSON.parse(l) as { time: number; writeMs: number; connectionId: number })
        .find((l) => String(l.connectionId) === bigId);
      if (!line) await new Promise((r) => setTimeout(r, 50));
    }
    if (!line) throw new Error('no "channel synchronized" line for user_big');
    const from = line.time - line.writeMs;
    // Sent while the results were being written. (Reads sent earlier and delayed by the run's earlier work —
    // the simulated bank building 100,000 rows, their checks — count in the whole synchronization's figures.)
    const write = sync.filter((s) => s.start >= from && s.start <= line.time);
    return { idle, sync, write, writeMs: line.writeMs };
  } finally {
    await child.stop();
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const responsivenessScenario: Scenario = {
  name: 'responsiveness',
  async run(report: Report) {
    const all: Measure[] = [];
    for (let i = 0; i < REPEAT; i++) all.push(await measureOnce());
    const idle = all.flatMap((m) => m.idle.map((s) => s.ms));
    const sync = all.flatMap((m) => m.sync.map((s) => s.ms));
    const write = all.flatMap((m) => m.write.map((s) => s.ms));
    const mode = process.env.COFFER_RESULTS_WRITER === 'inline' ? ' [inline writer]' : '';
    const idleP50 = percentile(idle, 50);
    const idleP99 = percentile(idle, 99);
    report.row({ scenario: 'responsiveness', metric: `idle reads p50 (${idle.length} reads)`, value: idleP50, unit: 'ms' });
    report.row({ scenario: 'responsiveness', metric: `idle reads p99`, value: idleP99, unit: 'ms' });
    if (write.length) {
      const p99 = percentile(write, 99);
      report.row({
        scenario: 'responsiveness',
        metric: `reads during the results write p50${mode} (${write.length} reads)`,
        value: percentile(write, 50),
        unit: 'ms',
        baseline: idleP50,
        ratio: percentile(write, 50) / idleP50,
      });
      report.row({
        scenario: 'responsiveness',
        metric: `reads during the results write p99${mode}`,
        value: p99,
        unit: 'ms',
        baseline: idleP99,
        ratio: p99 / idleP99,
        target: `≤ ${TARGET_P99_MS} ms`,
        pass: p99 <= TARGET_P99_MS,
      });
      report.row({
        scenario: 'responsiveness',
        metric: `reads during the results write, max${mode}`,
        value: Math.max(...write),
        unit: 'ms',
      });
    }
    report.row({
      scenario: 'responsiveness',
      metric: `reads during the whole user_big sync p50${mode} (${sync.length} reads)`,
      value: percentile(sync, 50),
      unit: 'ms',
      baseline: idleP50,
    });
    report.row({
      scenario: 'responsiveness',
      metric: `reads during the whole user_big sync p99${mode}`,
      value: percentile(sync, 99),
      unit: 'ms',
      baseline: idleP99,
    });
    report.row({
      scenario: 'responsiveness',
      metric: 'results write (engine log writeMs, longest)',
      value: Math.max(...all.map((m) => m.writeMs)),
      unit: 'ms',
    });
  },
};
