/**
 * Recurring-payment detection over 100,000 transactions (target ≤ 1 s): three years of one person's four
 * accounts, with 40 recurring series (bills, subscriptions, salaries, a yearly insurance) among card
 * purchases at 3,000 shops whose bank texts differ on every row (date, town, card number), so that the
 * counterpart of nearly every row is cleaned. Measured: the finder alone on the rows read (best of 3), then
 * the whole detection in a real engine (read from SQLite, find, store, events): the first run, which
 * proposes every series, and a second one, which only refreshes them; their baseline is the bare read of
 * the same rows from SQLite (best of 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRecurring } from '../../src/main/engine/domain/recurring/finder';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import type { Report } from '../report';
import type { Scenario } from './index';
import { prng } from './transactions';

const DAY = 86_400;
const TOTAL = 100_000;
const END = Math.floor(Date.now() / 1000);
const START = END - 3 * 365 * DAY;

/** A made-up name per number (bank texts name shops and creditors in words: digits are references). */
const SYLLABLES = ['ka', 'lo', 'mi', 'ru', 'te', 'za', 'no', 'pi', 'sa', 'vo', 'le', 'du', 'fa', 'go', 'ri', 'be'];
const nameOf = (k: number) => {
  let text = '';
  for (let v = k + 16; v > 0; v = Math.floor(v / 16)) text += SYLLABLES[v % 16];
  return text.toUpperCase();
};

const ddmm = (s: number) => {
  const d = new Date(s * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

function generate(engine: RunningEngine, userId: number): void {
  const db = engine.ctx.db;
  const connectionId = Number(
    db.prepare("INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, '9000', 'Bench bank', 'SUCCESS', ?)").run(userId, START)
      .lastInsertRowid,
  );
  const insertAccount = db.prepare(
    `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, status, type, last_channel_definition_id, search_text, creation_date)
     VALUES (?, ?, ?, ?, 'EUR', 0, 'ACTIVE', 'CHECKINGS', '900000', '', ?)`,
  );
  const accounts = [0, 1, 2, 3].map((i) => Number(insertAccount.run(connectionId, userId, `bench-${i}`, `Account ${i}`, START).lastInsertRowid));
  const insert = db.prepare(
    `INSERT INTO transactions (account_id, user_id, provider_key, amount, currency, date, import_date, last_update_date, label, notes,
       source_label, type, origin, category_id, status)
     VALUES (?, ?, ?, ?, 'EUR', ?, ?, ?, ?, ?, ?, 'DEBIT', 'TRANSACTION', 'UNCATEGORIZED', 'BOOKED')`,
  );
  const rnd = prng(24);
  let n = 0;
  const add = (account: number, date: number, amount: number, label: string, notes: string, counterparty: string | null) =>
    insert.run(account, userId, `k${n++}`, amount, date, date, date, label, notes, counterparty);
  db.transaction(() => {
    // 40 series: 30 monthly, 6 weekly, 3 quarterly, 1 yearly, some with varying amounts.
    for (let s = 0; s < 40; s++) {
      const period = s < 30 ? 30 : s < 36 ? 7 : s < 39 ? 91 : 365;
      const base = Math.floor(500 + rnd() * 90_000);
      const varies = s % 3 === 0;
      // Monthly to yearly: on the same day of the month (as banks debit them); weekly: every seven days.
      const months = period === 30 ? 1 : period === 91 ? 3 : 12;
      const dates: number[] = [];
      if (period === 7) for (let d = START + s * DAY; d < END; d += 7 * DAY) dates.push(d);
      else for (let m = 0; ; m += months) {
        const first = new Date((START + s * DAY) * 1000);
        const d = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, Math.min(first.getUTCDate(), 28)) / 1000;
        if (d >= END) break;
        dates.push(d);
      }
      for (const d of dates) {
        const amount = -Math.round(base * (varies ? 0.7 + rnd() * 0.6 : 1));
        add(accounts[s % 4]!, d, amount, nameOf(s), `PRLV SEPA ${nameOf(s)} SA /RUM R${s}X${d} /ECH ${ddmm(d)}`, `${nameOf(s)} SA`);
      }
    }
    const towns = ['PARIS', 'LYON', 'NANTES', 'LILLE'];
    while (n < TOTAL) {
      const shop = Math.floor(Math.pow(rnd(), 2) * 3000);
      const d = START + Math.floor(rnd() * (END - START));
      add(accounts[shop % 4]!, d, -Math.floor(300 + rnd() * 15_000), nameOf(1000 + shop), `CB ${nameOf(1000 + shop)} ${ddmm(d)} ${towns[shop % 4]} X${1000 + (shop % 9000)}`, null);
    }
  })();
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

export const recurringScenario: Scenario = {
  name: 'recurring',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-rec-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn' });
    try {
      const db = engine.ctx.db;
      const userId = Number(
        db.prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench@example.com', 'x', ?, 1000000)").run(END)
          .lastInsertRowid,
      );
      generate(engine, userId);
      // Baseline: reading the same rows from SQLite, what any detection must do.
      let read = Infinity;
      for (let i = 0; i < 3; i++) read = Math.min(read, timed(() => engine.ctx.store.recurringPayments.history(userId, START - DAY)).ms);
      const rows = engine.ctx.store.recurringPayments.history(userId, START - DAY);
      let finder = Infinity;
      let found = 0;
      for (let i = 0; i < 3; i++) {
        const run = timed(() => findRecurring(rows, { today: END }));
        finder = Math.min(finder, run.ms);
        found = run.value.length;
      }
      report.row({ scenario: 'recurring', metric: `finder alone, ${rows.length.toLocaleString('en')} transactions (${found} series found)`, value: finder, unit: 'ms', target: '≤ 1,000 ms', pass: finder <= 1000 });
      const first = timed(() => engine.ctx.services.recurringPayments.detect(userId));
      report.row({ scenario: 'recurring', metric: `detection in the engine, first run (reads SQLite, proposes ${first.value.proposed})`, value: first.ms, unit: 'ms', baseline: read, ratio: first.ms / read, target: '≤ 1,000 ms', pass: first.ms <= 1000 });
      const again = timed(() => engine.ctx.services.recurringPayments.detect(userId));
      report.row({ scenario: 'recurring', metric: 'detection in the engine, next run (refreshes them)', value: again.ms, unit: 'ms', baseline: read, ratio: again.ms / read, target: '≤ 1,000 ms', pass: again.ms <= 1000 });
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
