import type { ReportKind } from '../../lib/api';
import type { Report, ReportRow } from '../../lib/api/types';
import type { MessageKey } from '../../lib/i18n';

/**
 * How each report is shown: the amounts its chart draws (one bar or line per series), what names a row, and
 * the history a row opens (the history keeps its filter in its address, lib/history-address.ts: `from`
 * included, `to` excluded; only booked rows, as the reports count only those).
 */
export type NumericField =
  'income' | 'expense' | 'net' | 'in' | 'out' | 'net_worth' | 'amount' | 'previous_amount' | 'spent' | 'received';

export interface Series {
  field: NumericField;
  label: MessageKey;
  color: string;
}

export interface ReportView {
  kind: ReportKind;
  title: MessageKey;
  /** What the report's rows are (the table's first column). */
  rowHeader: MessageKey;
  series: Series[];
  /** A column of the table beyond the series (the net, or how many rows). */
  extra?: { field: 'net' | 'count'; label: MessageKey };
  /** Line (over time) or bars. */
  shape: 'bars' | 'line';
  /** When the rows are months: the chart goes left to right in time. */
  byMonth: boolean;
}

const positive = 'var(--positive)';
const negative = 'var(--negative)';
const current = 'var(--chart-1)';
const previous = 'var(--chart-4)';

export const REPORT_VIEWS: readonly ReportView[] = [
  {
    kind: 'income_expense',
    title: 'reports.income_expense',
    rowHeader: 'reports.month',
    series: [
      { field: 'income', label: 'reports.income', color: positive },
      { field: 'expense', label: 'reports.expense', color: negative },
    ],
    extra: { field: 'net', label: 'reports.net' },
    shape: 'bars',
    byMonth: true,
  },
  {
    kind: 'spending_by_category',
    title: 'reports.spending_by_category',
    rowHeader: 'reports.category',
    series: [
      { field: 'amount', label: 'reports.thisPeriod', color: current },
      { field: 'previous_amount', label: 'reports.previousPeriod', color: previous },
    ],
    extra: { field: 'count', label: 'reports.count' },
    shape: 'bars',
    byMonth: false,
  },
  {
    kind: 'net_worth',
    title: 'reports.net_worth',
    rowHeader: 'reports.monthEnd',
    series: [{ field: 'net_worth', label: 'reports.netWorth', color: current }],
    shape: 'line',
    byMonth: true,
  },
  {
    kind: 'cash_flow',
    title: 'reports.cash_flow',
    rowHeader: 'reports.month',
    series: [
      { field: 'in', label: 'reports.in', color: positive },
      { field: 'out', label: 'reports.out', color: negative },
    ],
    extra: { field: 'net', label: 'reports.net' },
    shape: 'bars',
    byMonth: true,
  },
  {
    kind: 'spending_by_tag',
    title: 'reports.spending_by_tag',
    rowHeader: 'reports.tag',
    series: [
      { field: 'amount', label: 'reports.thisPeriod', color: current },
      { field: 'previous_amount', label: 'reports.previousPeriod', color: previous },
    ],
    extra: { field: 'count', label: 'reports.count' },
    shape: 'bars',
    byMonth: false,
  },
  {
    kind: 'top_payees',
    title: 'reports.top_payees',
    rowHeader: 'reports.payee',
    series: [
      { field: 'spent', label: 'reports.spent', color: negative },
      { field: 'received', label: 'reports.received', color: positive },
    ],
    extra: { field: 'count', label: 'reports.count' },
    shape: 'bars',
    byMonth: false,
  },
];

/** The row's own key: its month, category, tag or payee. */
export function rowKey(row: ReportRow): string {
  return row.month ?? row.category_id ?? row.tag ?? row.payee_id ?? '';
}

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The first day of the month after `month` (YYYY-MM). */
function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The history's address showing the rows a report's row counts. */
export function drillDownAddress(report: Pick<Report, 'kind' | 'from' | 'to'>, row: ReportRow): string {
  const params = new URLSearchParams();
  const end = nextDay(report.to);
  if (report.kind === 'net_worth' && row.date) {
    // The balance at a month end is the sum of everything booked up to that day.
    params.set('to', nextDay(row.date));
  } else if (row.month) {
    params.set('from', later(`${row.month}-01`, report.from));
    params.set('to', earlier(monthAfter(row.month), end));
  } else {
    params.set('from', report.from);
    params.set('to', end);
  }
  if (row.category_id) params.set('categories', row.category_id);
  if (row.payee_id) params.set('payees', row.payee_id);
  // The history's search finds a tag among the words of a row.
  if (row.tag) params.set('q', row.tag);
  params.set('statuses', 'BOOKED');
  return `/history?${params.toString().replace(/%2C/g, ',')}`;
}

/** A spreadsheet cell: quoted when it holds a comma, a quote or a line break; a text a spreadsheet would run as a formula starts with a quote. */
function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: a header line, then one line per row (its key for a later look-up, its name, its amounts). */
export function reportCsv(
  view: ReportView,
  rows: readonly ReportRow[],
  names: { header: string; key: string; series: string[]; extra?: string },
  nameOf: (row: ReportRow) => string,
): string {
  const head = [names.key, names.header, ...names.series, ...(view.extra && names.extra ? [names.extra] : [])];
  const lines = rows.map((row) => [
    rowKey(row),
    nameOf(row),
    ...view.series.map((s) => row[s.field] ?? 0),
    ...(view.extra ? [row[view.extra.field] ?? 0] : []),
  ]);
  return [head, ...lines].map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
}
