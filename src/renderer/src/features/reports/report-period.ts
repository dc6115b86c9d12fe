/**
 * The Reports page's period: three months, twelve months, this year, last year, or two days typed; both
 * days included, as the reports count them. Days are UTC, as the engine dates transactions.
 */
export const REPORT_PERIODS = ['3M', '12M', 'YEAR', 'LAST_YEAR', 'CUSTOM'] as const;
export type ReportPeriodKind = (typeof REPORT_PERIODS)[number];

export interface ReportPeriodChoice {
  kind: ReportPeriodKind;
  from: string;
  to: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The days a preset covers up to `today` (a custom period keeps its own days). */
export function periodDays(choice: ReportPeriodChoice, today: Date): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  switch (choice.kind) {
    case '3M':
      return { from: iso(new Date(Date.UTC(y, m - 2, 1))), to: iso(today) };
    case '12M':
      return { from: iso(new Date(Date.UTC(y, m - 11, 1))), to: iso(today) };
    case 'YEAR':
      return { from: `${y}-01-01`, to: iso(today) };
    case 'LAST_YEAR':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case 'CUSTOM':
      return { from: choice.from, to: choice.to };
  }
}
