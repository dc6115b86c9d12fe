import { statSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import { percentile, type Report } from '../report';
import type { Scenario } from './index';

/**
 * GET /v2/transactions over 1,000,000 transactions of one user in 20 accounts.
 *
 * Latency is measured on the server: a 'request' listener prepended on the engine's node:http server (before
 * Fastify's) notes the time, and the response's 'finish' ends it — routing, access control, query and
 * serialization included, network and client excluded. startEngine listens at once, so a Fastify hook
 * cannot be added afterwards; the node-level listener needs no engine option. Client-side times (keep-alive
 * loopback) are reported beside it.
 *
 * Throughput: a load generator in a worker thread (its own core) with keep-alive connections, against the
 * engine, then against a bare node:http server answering the very bytes the engine returned, in the same run.
 */

const TOTAL = 1_000_000;
const ACCOUNTS = 20;
const DAY = 86_400;
const END = 1_750_000_000; // data ends here (import dates up to END)
const START = END - 3 * 365 * DAY;
const FIRST_SYNC = END - 365 * DAY; // everything dated before was imported by the first synchronization

const TYPES = ['CHECKINGS', 'CHECKINGS', 'CHECKINGS', 'CHECKINGS', 'CHECKINGS', 'CHECKINGS', 'CHECKINGS', 'CHECKINGS',
  'CREDIT_CARD', 'CREDIT_CARD', 'CREDIT_CARD', 'CREDIT_CARD', 'SAVINGS', 'SAVINGS', 'SAVINGS', 'SAVINGS', 'SAVINGS',
  'LOAN', 'LOAN', 'LOAN'] as const;
const MERCHANTS = ['Carrefour', 'Monoprix', 'SNCF', 'Amazon', 'Boulangerie Paul', 'Total Energies', 'EDF', 'Orange',
  'Free Mobile', 'Uber', 'Fnac', 'Decathlon', 'Ikea', 'Leroy Merlin', 'Pharmacie', 'Cinema UGC', 'Spotify', 'Netflix',
  'Picard', 'Lidl', 'Auchan', 'Franprix', 'Air France', 'Booking.com', 'Airbnb', 'La Poste', 'Darty', 'Zara', 'H&M', 'McDonalds'];

/** Small deterministic PRNG (mulberry32) so every run measures the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generate(engine: RunningEngine, userId: number): number[] {
  const db = engine.ctx.db;
  const categories = db.prepare('SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY position').pluck().all() as string[];
  const connectionId = Number(
    db
      .prepare(
        "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, '9000', 'Bench bank', 'SUCCESS', ?)",
      )
      .run(userId, START).lastInsertRowid,
  );
  db.prepare(
    "INSERT INTO channels (connection_id, channel_definition_id, mode, status, has_secret) VALUES (?, '900000', 'EMBEDDED', 'SUCCESS', 1)",
  ).run(connectionId);
  const insertAccount = db.prepare(
    `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, status, type, last_channel_definition_id, search_text, creation_date)
     VALUES (?, ?, ?, ?, 'EUR', 0, 'ACTIVE', ?, '900000', '', ?)`,
  );
  const accountIds = TYPES.map((type, i) =>
    Number(insertAccount.run(connectionId, userId, `bench-${i}`, `${type} ${i}`, type, START + i).lastInsertRowid),
  );
  const insert = db.prepare(
    `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, booking_date, value_date, import_date,
       last_update_date, label, notes, remittance_information, source_label, type, origin, category_id, status)
     VALUES (?, ?, ?, ?, 'EUR', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'TRANSACTION', ?, ?)`,
  );
  const rnd = prng(42);
  db.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      const a = i % ACCOUNTS;
      const date = START + Math.floor(((END - START) * i) / TOTAL) - Math.floor(rnd() * DAY);
      // First synchronization: one import date per account for all older history; then daily runs.
      const importDate = date < FIRST_SYNC ? FIRST_SYNC + a : date + DAY - (date % DAY) + 6 * 3600 + a;
      const r = rnd();
      const status = r < 0.95 ? 'BOOKED' : r < 0.98 ? 'PENDING' : r < 0.99 ? 'CANCELLED' : r < 0.995 ? 'REJECTED' : 'OTHER';
      const credit = rnd() < 0.12;
      const amount = credit ? Math.floor(rnd() * 300_000) + 100 : -(Math.floor(rnd() * 20_000) + 50);
      const merchant = MERCHANTS[Math.floor(rnd() * MERCHANTS.length)];
      const category = categories[Math.floor(Math.pow(rnd(), 2) * categories.length)];
      insert.run(
        accountIds[a], userId, `k${i}`, amount, date, date, date + (rnd() < 0.5 ? DAY : 0), importDate, importDate,
        credit ? `VIR ${merchant}` : `CB ${merchant}`,
        `${credit ? 'VIR SEPA' : 'PAIEMENT CB'} ${merchant.toUpperCase()} ${i % 9973}`,
        rnd() < 0.2 ? JSON.stringify([`REF ${i}`, merchant]) : null,
        rnd() < 0.5 ? merchant : null,
        credit ? 'CREDIT' : 'POINT_OF_SALE',
        category,
        status,
      );
    }
  })();
  return accountIds;
}

function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolveGet, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolveGet({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
  });
}

const LOAD_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, connections, durationMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
let done = 0, errors = 0, running = connections, started = Date.now();
const end = started + durationMs;
function one() {
  if (Date.now() >= end) { if (--running === 0) parentPort.postMessage({ done, errors, seconds: (Date.now() - started) / 1000 }); return; }
  const req = http.get(url, { agent, headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => { if (res.statusCode === 200) done++; else errors++; one(); });
  });
  req.on('error', () => { errors++; one(); });
}
for (let i = 0; i < connections; i++) one();
`;

function load(url: string, headers: Record<string, string>, durationMs: number, connections = 16): Promise<number> {
  return new Promise((resolveLoad, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url, headers, connections, durationMs } });
    worker.once('message', (m: { done: number; errors: number; seconds: number }) => {
      void worker.terminate();
      if (m.errors > 0) reject(new Error(`${m.errors} failed requests during the load test`));
      else resolveLoad(m.done / m.seconds);
    });
    worker.once('error', reject);
  });
}

export const transactionsScenario: Scenario = {
  name: 'transactions',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-tx-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn' });
    const bare = http.createServer();
    try {
      const db = engine.ctx.db;
      const now = Math.floor(Date.now() / 1000);
      const userId = Number(
        db
          .prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench@example.com', 'x', ?, 1000000)")
          .run(now).lastInsertRowid,
      );
      const token = newTokenValue('cat');
      db.prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, 'transactions_read', ?, ?)").run(
        hashToken(token),
        userId,
        now,
        now + 86_400,
      );
      const loadAtStart = loadavg()[0];
      const t0 = performance.now();
      const accountIds = generate(engine, userId);
      db.pragma('wal_checkpoint(TRUNCATE)');
      const genSeconds = (performance.now() - t0) / 1000;
      process.stderr.write(`  generated ${TOTAL.toLocaleString('en-US')} transactions in ${genSeconds.toFixed(1)} s\n`);
      const dbBytes = statSync(join(dataDir, 'coffer.db')).size;
      report.row({ scenario: 'transactions', metric: 'database size per transaction', value: dbBytes / TOTAL, unit: 'bytes' });
      // Where those bytes are: the table and each of its indexes (SQLite's dbstat).
      const sizes = db
        .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name = 'transactions' OR name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'transactions' AND type = 'index') GROUP BY name ORDER BY bytes DESC")
        .all() as Array<{ name: string; bytes: number }>;
      for (const { name, bytes } of sizes) {
        report.row({ scenario: 'transactions', metric: `  of which ${name}`, value: bytes / TOTAL, unit: 'bytes' });
      }

      // Server-side timing of each request, at the node:http level.
      const serverTimes = new Map<string, number[]>();
      engine.app.server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        const start = process.hrtime.bigint();
        const key = req.headers['x-bench-key'];
        if (typeof key !== 'string') return;
        res.once('finish', () => {
          const list = serverTimes.get(key) ?? [];
          list.push(Number(process.hrtime.bigint() - start) / 1e6);
          serverTimes.set(key, list);
        });
      });

      const base = `${engine.urls.base_url}/transactions?limit=500`;
      const auth = { authorization: `Bearer ${token}` };
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const cases: Array<[string, string]> = [
        ['no filter (BOOKED)', ''],
        ['origin', 'origin=TRANSACTION'],
        ['included_statuses', 'included_statuses=PENDING'],
        ['excluded_statuses', 'excluded_statuses=CANCELLED,REJECTED'],
        ['min_amount', 'min_amount=1000.00'],
        ['max_amount', 'max_amount=-150.00'],
        ['amount', 'amount=-42.50'],
        ['account_type', 'account_type=SAVINGS'],
        ['start_date', `start_date=${END - 90 * DAY}`],
        ['end_date', `end_date=${START + 365 * DAY}`],
        ['account_id', `account_id=${accountIds[3]}`],
        ['category_id (parent)', 'category_id=FOOD'],
        ['category_id (leaf)', 'category_id=SUPERMARKET'],
        ['start_import_date', `start_import_date=${END - 30 * DAY}`],
        ['account_id+start_import_date', `account_id=${accountIds[3]}&start_import_date=${END - 30 * DAY}`],
      ];
      // The query path: page bodies are not cached (counts are: they are per filter, not per page).
      const queries = engine.ctx.store.transactionQueries;
      const ROUNDS = 300;
      for (const [name, query] of cases) {
        const url = query ? `${base}&${query}` : base;
        queries.pageCache = false;
        const coldStart = performance.now();
        const first = await get(url, { ...auth, 'x-bench-key': `${name}:cold` }, agent);
        const cold = performance.now() - coldStart;
        if (first.status !== 200) throw new Error(`${name}: HTTP ${first.status} ${first.body.toString().slice(0, 200)}`);
        const matches = Number(first.headers['x-total-count']);
        const client: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          // Pages 1..3 in turn: a different page each time, the count reused.
          const page = (i % 3) + 1;
          const s = performance.now();
          const r = await get(`${url}&page=${page}`, { ...auth, 'x-bench-key': name }, agent);
          client.push(performance.now() - s);
          if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status}`);
        }
        queries.pageCache = true;
        for (let i = 0; i < ROUNDS; i++) await get(url, { ...auth, 'x-bench-key': `${name}:cached` }, agent);
        const server = serverTimes.get(name)!;
        const p50 = percentile(server, 50);
        const p99 = percentile(server, 99);
        const label = `${name} [${matches.toLocaleString('en-US')}]`;
        report.row({ scenario: 'transactions', metric: `${label} server p50`, value: p50, unit: 'ms', target: '≤ 5 ms', pass: p50 <= 5 });
        report.row({ scenario: 'transactions', metric: `${label} server p99`, value: p99, unit: 'ms', target: '≤ 20 ms', pass: p99 <= 20 });
        report.row({
          scenario: 'transactions',
          metric: `${label} client p50 (baseline: 1st request, count included)`,
          value: percentile(client, 50),
          unit: 'ms',
          baseline: cold,
        });
        report.row({ scenario: 'transactions', metric: `${label} server p50, page cached`, value: percentile(serverTimes.get(`${name}:cached`)!, 50), unit: 'ms' });
      }
      agent.destroy();

      // Throughput of limit=100 against a bare node:http server sending the same bytes.
      const url100 = `${engine.urls.base_url}/transactions?limit=100`;
      const sample = await get(url100, auth, new http.Agent({ keepAlive: false }));
      const bytes = sample.body;
      bare.on('request', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, 'x-total-count': String(sample.headers['x-total-count']) });
        res.end(bytes);
      });
      await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
      const barePort = (bare.address() as { port: number }).port;
      await load(url100, auth, 1000); // warm-up
      // Alternating rounds, median of each: other work on the machine hits both sides alike.
      const engineRuns: number[] = [];
      const bareRuns: number[] = [];
      const uncachedRuns: number[] = [];
      for (let round = 0; round < 3; round++) {
        engineRuns.push(await load(url100, auth, 3000));
        bareRuns.push(await load(`http://127.0.0.1:${barePort}/`, auth, 3000));
        queries.pageCache = false;
        uncachedRuns.push(await load(url100, auth, 2000));
        queries.pageCache = true;
      }
      const engineRps = percentile(engineRuns, 50);
      const bareRps = percentile(bareRuns, 50);
      const uncachedRps = percentile(uncachedRuns, 50);
      const ratio = engineRps / bareRps;
      report.row({ scenario: 'transactions', metric: 'machine load average, 1 min, 2 cores (baseline: before generating)', value: loadavg()[0], unit: '', baseline: loadAtStart });
      report.row({
        scenario: 'transactions',
        metric: 'GET /v2/transactions?limit=100 throughput, page cache off',
        value: uncachedRps,
        unit: 'req/s',
        baseline: bareRps,
        ratio: uncachedRps / bareRps,
      });
      report.row({
        scenario: 'transactions',
        metric: 'GET /v2/transactions?limit=100 throughput',
        value: engineRps,
        unit: 'req/s',
        baseline: bareRps,
        ratio,
        target: 'ratio ≥ 0.5',
        pass: ratio >= 0.5,
      });
    } finally {
      bare.close();
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
