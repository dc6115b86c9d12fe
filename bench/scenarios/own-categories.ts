/**
 * The person's own ledger over 1,000,000 transactions of one user: merging an own category holding 100,000
 * of them into another (one database transaction: its transactions, corrections and rules follow), merging a
 * payee carried by 100,000 rows, and pages of GET /transactions (100 rows, page cache off, service call, no
 * HTTP) with a payee on one row in ten. Baseline of the merges, in the same run: the bare UPDATE of the same
 * rows' column.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import { percentile, type Report } from '../report';
import type { Scenario } from './index';
import { generate } from './transactions';

const MOVED = 100_000;

function timed(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Files MOVED of the user's rows under `category` and gives them `payee` (the first MOVED by id). */
function fileRows(engine: RunningEngine, userId: number, category: string, payee: number | null): void {
  engine.ctx.db
    .prepare(
      `UPDATE transactions SET category_id = ?, payee_id = coalesce(?, payee_id)
        WHERE id IN (SELECT id FROM transactions WHERE user_id = ? ORDER BY id LIMIT ?)`,
    )
    .run(category, payee, userId, MOVED);
}

function pageTimes(engine: RunningEngine, userId: number, query: string): number[] {
  const service = engine.ctx.services.transactions;
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const page = (i % 50) + 1;
    times.push(timed(() => service.list(userId, `${query}&page=${page}`, { ...Object.fromEntries(new URLSearchParams(query)), page, limit: 100 })));
  }
  return times;
}

export const ownCategoriesScenario: Scenario = {
  name: 'own-categories',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-own-categories-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn', resultsWriter: 'inline' });
    try {
      const db = engine.ctx.db;
      const userId = Number(
        db.prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('own-categories@example.com', 'x', ?, 1000000)").run(engine.ctx.now()).lastInsertRowid,
      );
      generate(engine, userId);
      const { ownCategories, payees, categorizationRules } = engine.ctx.services;
      const lang = 'en';
      const coffee = ownCategories.create(userId, { label: 'Coffee', parent_id: 'FOOD' }, lang);
      const tea = ownCategories.create(userId, { label: 'Tea', parent_id: 'FOOD' }, lang);
      categorizationRules.create(userId, { pattern: 'espresso', category_id: coffee.id });
      const amazon = payees.create(userId, { name: 'Amazon' });
      const shop = payees.create(userId, { name: 'Amazon Marketplace' });

      // Baseline: the bare UPDATE of the same rows' category.
      fileRows(engine, userId, coffee.id, null);
      const baseline = timed(() => db.prepare('UPDATE transactions SET category_id = ? WHERE user_id = ? AND category_id = ?').run(tea.id, userId, coffee.id));
      fileRows(engine, userId, coffee.id, Number(shop.id));
      let moved = 0;
      const mergeMs = timed(() => (moved = ownCategories.merge(userId, coffee.id, tea.id).moved));
      if (moved !== MOVED) throw new Error(`the merge moved ${moved} rows, not ${MOVED}`);
      report.row({ scenario: 'own-categories', metric: `merge an own category of ${MOVED.toLocaleString('en')} transactions (of 1M)`, value: mergeMs, unit: 'ms', baseline, ratio: mergeMs / baseline, target: '≤ 1,000 ms', pass: mergeMs <= 1000 });

      const payeeBaseline = timed(() => db.prepare('UPDATE transactions SET payee_id = ? WHERE user_id = ? AND payee_id = ?').run(Number(amazon.id), userId, Number(shop.id)));
      db.prepare('UPDATE transactions SET payee_id = ? WHERE user_id = ? AND payee_id = ?').run(Number(shop.id), userId, Number(amazon.id));
      const payeeMs = timed(() => (moved = payees.merge(userId, shop.id, amazon.id).moved));
      if (moved !== MOVED) throw new Error(`the payee merge moved ${moved} rows, not ${MOVED}`);
      report.row({ scenario: 'own-categories', metric: `merge a payee of ${MOVED.toLocaleString('en')} transactions`, value: payeeMs, unit: 'ms', baseline: payeeBaseline, ratio: payeeMs / payeeBaseline, target: '≤ 1,000 ms', pass: payeeMs <= 1000 });

      // Pages with payees: one row in ten carries one.
      db.prepare('UPDATE transactions SET payee_id = ? WHERE user_id = ? AND id % 10 = 0').run(Number(amazon.id), userId);
      const queries = engine.ctx.store.transactionQueries;
      queries.pageCache = false;
      for (const [label, query] of [
        ['history page, 1 row in 10 with a payee', 'limit=100'],
        ['history filtered by a payee', `limit=100&payee_id=${amazon.id}`],
      ] as const) {
        const times = pageTimes(engine, userId, query);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
        report.row({ scenario: 'own-categories', metric: `${label} p50`, value: p50, unit: 'ms', target: '≤ 5 ms', pass: p50 <= 5 });
        report.row({ scenario: 'own-categories', metric: `${label} p99`, value: p99, unit: 'ms', target: '≤ 20 ms', pass: p99 <= 20 });
      }
      queries.pageCache = true;
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
