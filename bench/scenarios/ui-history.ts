import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { median, type Report } from '../report';
import type { Scenario } from './index';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The history screen with 100,000 transactions in Debian's Chromium (bench/ui/history.bench.ts): first rows,
 * rows in the DOM while scrolling, search-to-repaint; then the dashboard with 150 more accounts: opening it
 * and switching periods. Needs the built renderer (`npm run build:renderer`).
 */
/** The samples behind a median, rounded, for the report's metric text. */
const samples = (values: readonly number[]) => values.map((v) => Math.round(v)).join(', ');

export const uiHistoryScenario: Scenario = {
  name: 'ui',
  async run(report: Report) {
    const out = join(ROOT, 'test-results', 'ui-bench.json');
    rmSync(out, { force: true });
    if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) {
      spawnSync(process.execPath, [join(ROOT, 'node_modules/.bin/electron-vite'), 'build', '-c', 'electron.vite.renderer.config.ts'], { cwd: ROOT, stdio: 'ignore' });
    }
    const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'bench/playwright.bench.config.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (res.status !== 0 || !existsSync(out)) throw new Error('the UI benchmark did not complete');
    const r = JSON.parse(readFileSync(out, 'utf8')) as {
      firstRowsMs: number;
      warmFirstRowsMs: number;
      coldStartsMs: number[];
      maxRows: number;
      searchMs: number[];
      term: string;
      dashboardOpensMs: number[];
      accountRows: number;
      periodRoundsMs: number[][];
    };
    const s = 'ui history (100k)';
    report.row({ scenario: s, metric: 'open history → first rows painted, rows still loading in the background', value: r.firstRowsMs, unit: 'ms', target: '≤ 500 ms', pass: r.firstRowsMs <= 500 });
    report.row({ scenario: s, metric: 'open history → first rows painted, all 100k rows loaded', value: r.warmFirstRowsMs, unit: 'ms', target: '≤ 500 ms', pass: r.warmFirstRowsMs <= 500 });
    const cold = median(r.coldStartsMs);
    report.row({ scenario: s, metric: `cold start on /history (reload) → first rows painted (median of ${r.coldStartsMs.length}: ${samples(r.coldStartsMs)})`, value: cold, unit: 'ms', target: '≤ 500 ms', pass: cold <= 500 });
    report.row({ scenario: s, metric: 'max table rows in the DOM, scrolling to the end', value: r.maxRows, unit: 'rows', target: '≤ 100', pass: r.maxRows <= 100 });
    const worst = Math.max(...r.searchMs);
    report.row({ scenario: s, metric: `text search → repaint (worst of ${r.searchMs.length}: "${r.term}", no match, prefix)`, value: worst, unit: 'ms', target: '≤ 200 ms', pass: worst <= 200 });
    const d = `ui dashboard (${r.accountRows} accounts, 100k+)`;
    const open = median(r.dashboardOpensMs);
    report.row({ scenario: d, metric: `open the dashboard → both charts painted (median of ${r.dashboardOpensMs.length}: ${samples(r.dashboardOpensMs)})`, value: open, unit: 'ms', target: '≤ 500 ms', pass: open <= 500 });
    const worstPerRound = r.periodRoundsMs.map((round) => Math.max(...round));
    const period = median(worstPerRound);
    report.row({ scenario: d, metric: `period switch → charts redrawn (each round's worst of All, 1M, 1Y; median of ${worstPerRound.length}: ${samples(worstPerRound)})`, value: period, unit: 'ms', target: '≤ 200 ms', pass: period <= 200 });
  },
};
