/**
 * The person's ledger at scale (issue 22), on a real SQLite file with BENCH_LEDGER_ROWS transactions
 * (default 1,000,000) of one person: the preview of a draft rule, applying a saved rule to the past (one
 * operation recording every row's before/after), and the undo of a 10,000-row bulk edit. The use cases are
 * called directly (no HTTP): these figures are the engine's work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDatabase, openDatabase, type Db } from '../../src/main/engine/db/database';
import { createCategorizationRuleService } from '../../src/main/engine/services/categorization-rules';
import { createLedgerOperationService } from '../../src/main/engine/services/ledger-operations';
import { bulkEditTransactions } from '../../src/main/engine/services/transactions/bulk-edit';
import { seedCatalogue } from '../../src/main/engine/catalogue/seed';
import { createStore } from '../../src/main/engine/store';
import type { Report } from '../report';
import type { Scenario } from './index';

const LABELS = ['CARREFOUR CITY', 'Amazon EU', 'SNCF', 'Café de la Gare', 'VIR LOYER', 'Uber Eats', 'Monoprix', 'FNAC', 'Boulangerie', 'Spotify'];

function fill(db: Db, rows: number): { user: number; account: number } {
  db.pragma('foreign_keys = OFF');
  const user = Number(db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('bench@x.y', 'x', 0)").run().lastInsertRowid);
  const connection = Number(
    db.prepare("INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, creation_date) VALUES (?, '9000', 'b', 'SUCCESS', 1, 0, 0)")
      .run(user).lastInsertRowid,
  );
  const account = Number(
    db.prepare(
      `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, balance_date, type, usage, status, creation_date, search_text)
       VALUES (?, ?, 'r', 'Checking', 'EUR', 0, 0, 'CHECKINGS', 'PERSONAL', 'ACTIVE', 0, '')`,
    ).run(connection, user).lastInsertRowid,
  );
  const insert = db.prepare(
    `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, type, category_id, status)
     VALUES (?, ?, ?, ?, 'EUR', ?, 0, 0, ?, 'CARD', 'UNCATEGORIZED', 'BOOKED')`,
  );
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(account, user, `k${i}`, -((i % 9000) + 100), 1_600_000_000 + i * 30, `${LABELS[i % LABELS.length]} ${i % 500}`);
  })();
  db.pragma('foreign_keys = ON');
  return { user, account };
}

/**
 * Wall time and this process's CPU time of `fn`. The work is synchronous and single-threaded, so on an idle
 * machine the two agree; on a shared, loaded one the CPU time is the figure that says what the code costs.
 */
function timed<T>(fn: () => T): { ms: number; cpuMs: number; value: T } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, value };
}

export const ledgerScenario: Scenario = {
  name: 'ledger',
  async run(report: Report) {
    const rows = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
    const dir = mkdtempSync(join(tmpdir(), 'coffer-bench-ledger-'));
    const db = openDatabase(join(dir, 'coffer.db'));
    try {
      const { user, account } = fill(db, rows);
      const store = createStore(db);
      seedCatalogue({ store });
      let clock = 1_700_000_000;
      const deps = { store, now: () => clock++ };
      const rules = createCategorizationRuleService(deps);
      const operations = createLedgerOperationService(deps);
      const label = `${rows.toLocaleString('en')} transactions`;

      // A draft rule over every row (the pattern is in a tenth of them, the amount condition halves those).
      const draft = { pattern: 'amazon', category_id: 'SHOPPING', conditions: { amount_max: -20, account_ids: [String(account)] } };
      rules.preview(user, draft); // warm the statement
      const preview = timed(() => rules.preview(user, draft));
      const ms = (metric: string, t: { ms: number; cpuMs: number }) => {
        report.row({ scenario: 'ledger', metric, value: t.ms, unit: 'ms', target: '≤ 200 ms', pass: t.ms <= 200 });
        report.row({ scenario: 'ledger', metric: `${metric}, CPU time`, value: t.cpuMs, unit: 'ms', target: '≤ 200 ms', pass: t.cpuMs <= 200 });
      };
      ms(`rule preview over ${label} (${preview.value.count} would change)`, preview);

      // A saved rule that re-files a tenth of the rows (and tags them), applied to the past as one operation.
      const narrow = rules.create(user, { pattern: 'amazon', category_id: 'SHOPPING', actions: { tags: ['online'] } });
      const applied = timed(() => rules.apply(user, narrow.id));
      const metric = `apply a rule to the past: ${applied.value.updated.toLocaleString('en')} of ${label} re-filed in one operation`;
      for (const [name, spent] of [[metric, applied.ms], [`${metric}, by CPU time`, applied.cpuMs]] as const) {
        const perSecond = (applied.value.updated / spent) * 1000;
        report.row({ scenario: 'ledger', metric: name, value: perSecond, unit: 'rows/s', target: '≥ 200,000 rows/s', pass: perSecond >= 200_000 });
      }

      // A bulk edit of 10,000 rows, then its undo.
      const ids = (db.prepare('SELECT id FROM transactions WHERE user_id = ? ORDER BY id DESC LIMIT 10000').pluck().all(user) as number[]).map(String);
      const bulk = bulkEditTransactions(deps, user, { transaction_ids: ids, category_id: 'GIFTS', tags: ['bench'] });
      const undo = timed(() => operations.undo(user, bulk.operation!.id));
      ms(`undo of a ${bulk.updated.toLocaleString('en')}-row operation (${label})`, undo);
    } finally {
      closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
