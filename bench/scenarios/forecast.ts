/**
 * The forecast of 20 accounts (target ≤ 100 ms): one person with 20 everyday and savings accounts, 10
 * confirmed recurring payments on each (weekly to yearly), 500 booked transactions per account over the last
 * 90 days (read to find the main everyday account) and an envelope budget with 20 categories assigned this
 * month and the next three. Measured through Fastify (inject: routing, access control, reads, the
 * computation, serialization of 20 × 90 points), GET /v2/forecast?days=90; baseline in the same run: the
 * domain computation alone on the same inputs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forecast, type ForecastPayment } from '../../src/main/engine/domain/forecast/forecast';
import { PERIODS } from '../../src/main/engine/domain/recurring/periods';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import { percentile, type Report } from '../report';
import { benchUser } from './bench-user';
import type { Scenario } from './index';

const DAY = 86_400;
const ACCOUNTS = 20;
const PAYMENTS_PER_ACCOUNT = 10;
const ROWS_PER_ACCOUNT = 500;
const RUNS = 100;

const monthText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 7);

function generate(engine: RunningEngine, userId: number, now: number): void {
  const db = engine.ctx.db;
  const connectionId = Number(
    db.prepare("INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, '9000', 'Bench bank', 'SUCCESS', ?)").run(userId, now).lastInsertRowid,
  );
  const insertAccount = db.prepare(
    `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, status, type, last_channel_definition_id, search_text, creation_date)
     VALUES (?, ?, ?, ?, 'EUR', ?, 'ACTIVE', ?, '900000', '', ?)`,
  );
  const insertTx = db.prepare(
    `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, origin, category_id, status)
     VALUES (?, ?, ?, ?, 'EUR', ?, ?, ?, 'Shop', 'DEBIT', 'TRANSACTION', 'UNCATEGORIZED', 'BOOKED')`,
  );
  const insertPayment = db.prepare(
    `INSERT INTO recurring_payments (user_id, account_id, series_key, counterpart, currency, status, state, name, period, typical_amount,
       amount_min, amount_max, day_of_month, first_date, last_date, next_date, occurrences, confidence, creation_date, update_date)
     VALUES (?, ?, ?, ?, 'EUR', 'CONFIRMED', 'ACTIVE', ?, ?, ?, ?, ?, ?, ?, ?, ?, 6, 0.9, ?, ?)`,
  );
  db.transaction(() => {
    for (let a = 0; a < ACCOUNTS; a++) {
      const id = Number(insertAccount.run(connectionId, userId, `bench-${a}`, `Account ${a}`, 100_000 + a * 1_000, a % 4 === 3 ? 'SAVINGS' : 'CHECKINGS', now).lastInsertRowid);
      for (let i = 0; i < ROWS_PER_ACCOUNT; i++) {
        const date = now - Math.floor((i / ROWS_PER_ACCOUNT) * 90 * DAY);
        insertTx.run(id, userId, `k${a}-${i}`, -(500 + ((a * 37 + i * 11) % 9_000)), date, date, date);
      }
      for (let p = 0; p < PAYMENTS_PER_ACCOUNT; p++) {
        const period = PERIODS[p % PERIODS.length]!;
        const amount = p === 0 ? 250_000 : -(1_000 + p * 1_500);
        const dayOfMonth = 1 + ((a + p * 3) % 28);
        const next = now + (1 + ((a + p) % 25)) * DAY;
        const key = `bench|${a}|${p}`;
        insertPayment.run(userId, id, key, `label:bench ${p}`, `Payee ${p}`, period, amount, amount, amount, dayOfMonth, now - 365 * DAY, now - 20 * DAY, next, now, now);
      }
    }
  })();
}

export const forecastScenario: Scenario = {
  name: 'forecast',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-forecast-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn' });
    try {
      const db = engine.ctx.db;
      const now = Math.floor(Date.now() / 1000);
      const { userId, headers } = benchUser(engine, ['accounts_read', 'transactions_read', 'transactions_manage'], now);
      generate(engine, userId, now);
      const put = (url: string, payload: unknown) => engine.app.inject({ method: 'PUT', url, headers, payload: JSON.stringify(payload) });
      const started = await put('/v2/budget', { style: 'ENVELOPE', start_month: monthText(now) });
      if (started.statusCode !== 200) throw new Error(`PUT /budget: ${started.statusCode} ${started.body}`);
      const categories = db.prepare("SELECT id FROM categories WHERE type = 'EXPENSE' AND parent_id IS NOT NULL ORDER BY position LIMIT 20").pluck().all() as string[];
      for (let m = 0; m < 4; m++) {
        for (const c of categories) await put(`/v2/budget/months/${monthText(now + m * 31 * DAY)}/categories/${c}`, { amount: 150 });
      }

      const times: number[] = [];
      let points = 0;
      for (let i = 0; i < RUNS + 10; i++) {
        const t0 = performance.now();
        const res = await engine.app.inject({ method: 'GET', url: '/v2/forecast?days=90', headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`GET /forecast: ${res.statusCode} ${res.body}`);
        if (i >= 10) times.push(ms);
        points = (JSON.parse(res.body) as { accounts: { points: unknown[] }[] }).accounts.reduce((n, a) => n + a.points.length, 0);
      }
      // Baseline: the computation alone on the same accounts and payments (no reads, no budget, no JSON).
      const accounts = engine.ctx.store.forecast.accounts(userId).map((a) => ({ id: a.id, currency: a.currency, balance: a.balance }));
      const payments: ForecastPayment[] = engine.ctx.store.forecast.confirmedPayments(userId).map((p) => ({
        accountId: p.account_id, amount: p.typical_amount, nextDay: Math.floor(p.next_date / DAY), period: p.period as ForecastPayment['period'], dayOfMonth: p.day_of_month,
      }));
      const base: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        forecast({ today: Math.floor(now / DAY), days: 90, accounts, payments });
        base.push(performance.now() - t0);
      }
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const base50 = percentile(base, 50);
      report.row({ scenario: 'forecast', metric: `GET /forecast?days=90, ${accounts.length} accounts (${points} points), p50`, value: p50, unit: 'ms', baseline: base50, ratio: p50 / base50 });
      report.row({ scenario: 'forecast', metric: `GET /forecast?days=90, ${accounts.length} accounts, p99`, value: p99, unit: 'ms', baseline: percentile(base, 99), target: '≤ 100 ms', pass: p99 <= 100 });
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
