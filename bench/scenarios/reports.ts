/**
 * Each report's data over 100,000 transactions in three currencies (EUR, USD, GBP accounts; two years of
 * rows; ECB rates for every working day; a payee on one row in five, a tag on one in ten): GET
 * /v2/reports/{kind} for the last twelve months, in euros, through Fastify (inject: routing, access control,
 * the query, the conversion at each day's rate, the sums and serialization). Baseline in the same run: the
 * single SQL sum of the same period's booked rows. Target (the issue's, at 1M rows): p99 ≤ 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import { percentile, type Report } from '../report';
import type { Scenario } from './index';
import { prng } from './transactions';

const TOTAL = 100_000;
const DAY = 86_400;
const END = 1_750_000_000; // June 2025
const START = END - 2 * 365 * DAY;
const RUNS = 50;
const KINDS = [
  'income_expense',
  'cash_flow',
  'net_worth',
  'spending_by_category',
  'spending_by_tag',
  'top_payees',
] as const;
const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The rows, their accounts, payees and tags, and the ECB's rates of every working day. */
export function generate(engine: RunningEngine, userId: number): void {
  const db = engine.ctx.db;
  const categories = db
    .prepare('SELECT id FROM categories WHERE parent_id IS NOT NULL ORDER BY position')
    .pluck()
    .all() as string[];
  const connectionId = Number(
    db
      .prepare(
        "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, '9000', 'Bench bank', 'SUCCESS', ?)",
      )
      .run(userId, START).lastInsertRowid,
  );
  const accountIds = CURRENCIES.map((currency, i) =>
    Number(
      db
        .prepare(
          `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, status, type, last_channel_definition_id, search_text, creation_date)
           VALUES (?, ?, ?, ?, ?, 500000, 'ACTIVE', 'CHECKINGS', '900000', '', ?)`,
        )
        .run(connectionId, userId, `bench-${i}`, `${currency} account`, currency, START).lastInsertRowid,
    ),
  );
  const payee = db.prepare('INSERT INTO payees (user_id, name, folded, creation_date) VALUES (?, ?, ?, ?)');
  const payees = Array.from({ length: 50 }, (_, i) =>
    Number(payee.run(userId, `Payee ${i}`, `payee ${i}`, START).lastInsertRowid),
  );
  const insert = db.prepare(
    `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, origin,
       category_id, status, payee_id, tags)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'TRANSACTION', ?, 'BOOKED', ?, ?)`,
  );
  const rnd = prng(23);
  db.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      const a = i % CURRENCIES.length;
      const date = START + Math.floor(((END - START) * i) / TOTAL);
      const credit = rnd() < 0.12;
      const amount = credit ? Math.floor(rnd() * 300_000) + 100 : -(Math.floor(rnd() * 20_000) + 50);
      const category = credit ? 'SALARY' : categories[Math.floor(Math.pow(rnd(), 2) * categories.length)];
      const payeeId = rnd() < 0.2 ? payees[Math.floor(rnd() * payees.length)] : null;
      const tags = rnd() < 0.1 ? JSON.stringify([`tag ${Math.floor(rnd() * 10)}`]) : null;
      insert.run(
        accountIds[a],
        userId,
        `k${i}`,
        amount,
        CURRENCIES[a],
        date,
        date,
        date,
        `Row ${i}`,
        credit ? 'CREDIT' : 'DEBIT',
        category,
        payeeId,
        tags,
      );
    }
  })();
  const rates = [];
  for (let t = START - 7 * DAY; t <= END; t += DAY) {
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    rates.push(
      { currency: 'USD', date: iso(t), rate: 1.05 + rnd() * 0.1 },
      { currency: 'GBP', date: iso(t), rate: 0.83 + rnd() * 0.05 },
    );
  }
  engine.ctx.store.fxRates.putEcb(rates);
}

export const reportsScenario: Scenario = {
  name: 'reports',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-reports-'));
    const engine = await startEngine({
      dataDir,
      port: 0,
      resourcesDir: join(projectRoot(), 'resources'),
      logLevel: 'warn',
    });
    try {
      const db = engine.ctx.db;
      const now = Math.floor(Date.now() / 1000);
      const userId = Number(
        db
          .prepare(
            "INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench@example.com', 'x', ?, 1000000)",
          )
          .run(now).lastInsertRowid,
      );
      const token = newTokenValue('cat');
      db.prepare(
        "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, 'transactions_read', ?, ?)",
      ).run(hashToken(token), userId, now, now + 86_400);
      generate(engine, userId);
      db.pragma('wal_checkpoint(TRUNCATE)');
      process.stderr.write('  generated\n');
      const headers = { authorization: `Bearer ${token}`, host: new URL(engine.urls.host_url).host };
      const from = iso(END - 365 * DAY);
      const to = iso(END);
      const sum = db
        .prepare(
          "SELECT sum(amount) FROM transactions WHERE user_id = ? AND date >= ? AND date < ? AND status = 'BOOKED'",
        )
        .pluck();
      const base: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        sum.get(userId, END - 365 * DAY, END);
        base.push(performance.now() - t0);
      }
      const base99 = percentile(base, 99);
      for (const kind of KINDS) {
        const times: number[] = [];
        for (let i = 0; i < RUNS + 3; i++) {
          const t0 = performance.now();
          const res = await engine.app.inject({
            method: 'GET',
            url: `/v2/reports/${kind}?from=${from}&to=${to}&currency=EUR`,
            headers,
          });
          const ms = performance.now() - t0;
          if (res.statusCode !== 200) throw new Error(`GET /reports/${kind}: ${res.statusCode} ${res.body}`);
          if (i >= 3) times.push(ms);
        }
        const p99 = percentile(times, 99);
        report.row({
          scenario: 'reports',
          metric: `GET /reports/${kind}, 12 months of 100k rows in 3 currencies, p99`,
          value: p99,
          unit: 'ms',
          baseline: base99,
          ratio: p99 / base99,
          target: '≤ 100 ms',
          pass: p99 <= 100,
        });
      }
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
