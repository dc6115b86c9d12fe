import type { Report, ReportRow } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
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
  ];
  return <Table caption={t(view.title)} columns={columns} rows={[...report.rows]} rowKey={rowKey} />;
}
