/**
 * A budget month's figures over 1,000,000 transactions (the transactions scenario's data: 3 years, 20
 * accounts): GET /v2/budget/months/{month} for the last month of the data, with twelve months of amounts
 * assigned to 20 categories, through Fastify (inject: routing, access control, queries, computation and
 * serialization). Baseline in the same run: the single SQL sum of that month's booked rows, the least any
 * month figure costs. Target: p99 ≤ 50 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import { percentile, type Report } from '../report';
import { benchUser } from './bench-user';
import type { Scenario } from './index';
import { generate } from './transactions';

const END = 1_750_000_000; // the transactions scenario's data ends here (June 2025)
const RUNS = 200;

const monthText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 7);

export const budgetScenario: Scenario = {
  name: 'budget',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-budget-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn' });
    try {
      const db = engine.ctx.db;
      const { userId, headers } = benchUser(engine, ['transactions_read', 'transactions_manage']);
      generate(engine, userId);
      db.pragma('wal_checkpoint(TRUNCATE)');
      const month = monthText(END - 86_400);
      const start = monthText(END - 365 * 86_400);
      const put = (url: string, payload: unknown) => engine.app.inject({ method: 'PUT', url, headers, payload: JSON.stringify(payload) });
      const started = await put('/v2/budget', { style: 'ENVELOPE', start_month: start });
      if (started.statusCode !== 200) throw new Error(`PUT /budget: ${started.statusCode} ${started.body}`);
      const categories = db.prepare("SELECT id FROM categories WHERE type = 'EXPENSE' AND parent_id IS NOT NULL ORDER BY position LIMIT 20").pluck().all() as string[];
      for (let m = 0; m < 12; m++) {
        const text = monthText(END - (11 - m) * 30 * 86_400);
        for (const c of categories) await put(`/v2/budget/months/${text}/categories/${c}`, { amount: 150 });
      }

      const times: number[] = [];
      for (let i = 0; i < RUNS + 10; i++) {
        const t0 = performance.now();
        const res = await engine.app.inject({ method: 'GET', url: `/v2/budget/months/${month}`, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`GET budget month: ${res.statusCode} ${res.body}`);
        if (i >= 10) times.push(ms);
      }
      const from = Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 1) / 1000;
      const sum = db.prepare("SELECT sum(amount) FROM transactions WHERE user_id = ? AND date >= ? AND date < ? AND status = 'BOOKED'").pluck();
      const base: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        sum.get(userId, from, from + 31 * 86_400);
        base.push(performance.now() - t0);
      }
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      const base50 = percentile(base, 50);
      report.row({ scenario: 'budget', metric: 'GET /budget/months/{month} at 1M transactions, p50', value: p50, unit: 'ms', baseline: base50, ratio: p50 / base50 });
      report.row({ scenario: 'budget', metric: 'GET /budget/months/{month} at 1M transactions, p99', value: p99, unit: 'ms', baseline: percentile(base, 99), target: '≤ 50 ms', pass: p99 <= 50 });
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
