/** One line of the benchmark table: a figure, optionally against a baseline measured in the same run. */
export interface BenchRow {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  /** The same thing done the simplest way, in the same run (bare node:http, raw inserts…). */
  baseline?: number;
  /** value / baseline (or as the scenario defines it); compared with `target`. */
  ratio?: number;
  /** Human target, e.g. "≤ 5 ms" or "ratio ≥ 0.5". */
  target?: string;
  pass?: boolean;
}

export class Report {
  readonly rows: BenchRow[] = [];

  row(r: BenchRow): void {
    this.rows.push(r);
    process.stderr.write(`  ${r.scenario} · ${r.metric}: ${fmt(r.value)} ${r.unit}\n`);
  }

  table(): string {
    const head = ['scenario', 'metric', 'value', 'baseline', 'ratio', 'target', 'ok'];
    const lines = this.rows.map((r) => [
      r.scenario,
      r.metric,
      `${fmt(r.value)} ${r.unit}`,
      r.baseline === undefined ? '' : `${fmt(r.baseline)} ${r.unit}`,
      r.ratio === undefined ? '' : r.ratio.toFixed(2),
      r.target ?? '',
      r.pass === undefined ? '' : r.pass ? 'yes' : 'NO',
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    return [line(head), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
  }
}

export function fmt(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3);
}

/** The middle value of a sample (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Percentile of a sorted-or-not sample. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
