/**
 * Label work that must stay linear: the statement label cleaner on pathological input (60,000 repeated
 * prefixes, separators and digits; 100,000 dashes), and the History's sort of 100,000 rows by label
 * (ranking with the language's collator once, then re-sorting by those ranks). Best of 3 each.
 */
import { cleanLabel } from '../../src/main/engine/connectors/statements/formats';
import type { Transaction } from '../../src/renderer/src/lib/api/types';
import { computeView, EMPTY_FILTER } from '../../src/renderer/src/lib/tx-filter';
import { TxTable } from '../../src/renderer/src/lib/tx-table';
import type { Report } from '../report';
import type { Scenario } from './index';

function bestMs(runs: number, fn: () => unknown): number {
  let ms = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}

function rows(count: number): Transaction[] {
  const words = ['Épicerie', 'epicerie', 'Eau', 'Zara', 'amazon', 'Écran', 'Carrefour', 'Café'];
  return Array.from({ length: count }, (_, k) => ({
    id: String(k + 1),
    account_id: 'a1',
    amount: -10,
    currency: 'EUR',
    date: 1_700_000_000 + k * 60,
    label: `${words[k % 8]} ${k % 3000}`,
  })) as unknown as Transaction[];
}

export const labelsScenario: Scenario = {
  name: 'labels',
  async run(report: Report) {
    const evil = `${'CB '.repeat(20_000)}${'/ '.repeat(20_000)}${'1'.repeat(20_000)}`;
    const clean = bestMs(3, () => {
      cleanLabel(evil);
      cleanLabel(`${'-'.repeat(100_000)}x`);
    });
    report.row({
      scenario: 'labels',
      metric: 'clean 2 pathological labels (160,000 characters)',
      value: clean,
      unit: 'ms',
      target: '≤ 200 ms',
      pass: clean <= 200,
    });

    const ctx = { accountTypes: new Map(), categoryParents: new Map(), locale: 'fr' };
    const all = rows(100_000);
    let cold = Infinity;
    let warm = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = new TxTable();
      t.upsert(all);
      cold = Math.min(
        cold,
        bestMs(1, () => computeView(t, EMPTY_FILTER, { key: 'label', dir: 'asc' }, ctx)),
      );
      warm = Math.min(
        warm,
        bestMs(1, () => computeView(t, EMPTY_FILTER, { key: 'label', dir: 'desc' }, ctx)),
      );
    }
    report.row({
      scenario: 'labels',
      metric: 'History sort of 100,000 rows by label, first (ranks them)',
      value: cold,
      unit: 'ms',
      target: '≤ 1,500 ms',
      pass: cold <= 1500,
    });
    report.row({
      scenario: 'labels',
      metric: 'the same rows sorted again (ranks kept)',
      value: warm,
      unit: 'ms',
      target: '≤ 400 ms',
      pass: warm <= 400,
    });
  },
};
