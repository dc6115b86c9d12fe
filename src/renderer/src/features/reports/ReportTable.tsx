import type { Report, ReportRow } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { useStore } from '../../store';
import { Table, type Column } from '../../ui';
import { drillDownAddress, rowKey, type ReportView } from './report-views';

/** The table under a report's chart: every row, its name a link to the history it counts. */
export function ReportTable({
  view,
  report,
  nameOf,
}: {
  view: ReportView;
  report: Report;
  nameOf: (row: ReportRow) => string;
}) {
  const { t, money, number } = useT();
  const amount = (v: number | undefined) => money(v ?? 0, report.currency);
  const extra = view.extra;
  const accountColumns = useNetWorthAccountColumns(report);
  const columns: Column<ReportRow>[] = [
    {
      key: 'name',
      header: t(view.rowHeader),
      render: (row) => (
        <a
          href={drillDownAddress(report, row)}
          onClick={(e) => {
            e.preventDefault();
            navigate(drillDownAddress(report, row));
          }}
        >
          {nameOf(row)}
        </a>
      ),
    },
    ...view.series.map((s) => ({
      key: s.field,
      header: t(s.label),
      align: 'right' as const,
      render: (row: ReportRow) => <span className="num">{amount(row[s.field])}</span>,
    })),
    ...(extra
      ? [
          {
            key: extra.field,
            header: t(extra.label),
            align: 'right' as const,
            render: (row: ReportRow) => (
              <span className="num">{extra.field === 'count' ? number(row.count ?? 0) : amount(row.net)}</span>
            ),
          },
        ]
      : []),
    ...accountColumns,
  ];
  return <Table caption={t(view.title)} columns={columns} rows={[...report.rows]} rowKey={rowKey} />;
}

/**
 * The net worth's columns per account: each account's balance at the month end in its own currency, beside
 * the total (the chart draws the total only).
 */
function useNetWorthAccountColumns(report: Report): Column<ReportRow>[] {
  const { money } = useT();
  const accounts = useStore((s) => s.accounts);
  if (report.kind !== 'net_worth') return [];
  const names = new Map(accounts.map((a) => [String(a.id), a.name]));
  const ids = [...new Set(report.rows.flatMap((r) => (r.accounts ?? []).map((a) => a.account_id)))];
  return ids.map((id) => ({
    key: `account-${id}`,
    header: names.get(id) ?? id,
    align: 'right' as const,
    render: (row: ReportRow) => {
      const a = row.accounts?.find((x) => x.account_id === id);
      return <span className="num">{a ? money(a.balance, a.currency) : ''}</span>;
    },
  }));
}
