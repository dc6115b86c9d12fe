import { useRef, useState } from 'react';
import type { Report, ReportRow } from '../../lib/api/types';
import { movePoint } from '../../lib/chart-cursor';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { Alert, Button, Card } from '../../ui';
import { KeyboardChart } from '../dashboard/KeyboardChart';
import { ReportChart } from './ReportChart';
import { ReportTable } from './ReportTable';
import { drillDownAddress, type ReportView } from './report-views';
import { useReportExports } from './use-report-exports';

/** How many rows of a ranking (categories, tags, payees) the chart draws. */
const CHARTED = 10;

/**
 * One report: its chart (the keyboard's cursor as on the dashboard: arrows move it, Enter opens the history),
 * the table of the same rows (each name opens the history), and its two exports: CSV and a PNG picture.
 */
export function ReportCard({
  view,
  report,
  nameOf,
}: {
  view: ReportView;
  report: Report;
  nameOf: (row: ReportRow) => string;
}) {
  const { t, money } = useT();
  const [cursor, setCursor] = useState<number | null>(null);
  const chartRef = useRef<HTMLDivElement>(null);
  const rows = report.rows;
  // Over time every month is drawn; a ranking draws its largest rows (the table lists them all).
  const charted = view.byMonth ? rows : rows.slice(0, CHARTED);
  const title = t(view.title);
  const open = (index: number) => {
    const row = rows[index];
    if (row) navigate(drillDownAddress(report, row));
  };
  const amount = (v: number | undefined) => money(v ?? 0, report.currency);
  const { exportCsv, savePicture } = useReportExports(view, report, nameOf, chartRef);
  const caption =
    cursor === null || !rows[cursor]
      ? null
      : `${nameOf(rows[cursor])}: ${view.series.map((s) => `${t(s.label)} ${amount(rows[cursor][s.field])}`).join(', ')}`;
  return (
    <Card
      title={title}
      id={`report-${report.kind}`}
      data-testid={`report-${report.kind}`}
      actions={
        <>
          <Button size="sm" variant="ghost" icon="download" onClick={exportCsv} disabled={rows.length === 0}>
            {t('reports.exportCsv')}
          </Button>
          <Button size="sm" variant="ghost" icon="download" onClick={savePicture} disabled={rows.length === 0}>
            {t('reports.savePicture')}
          </Button>
        </>
      }
    >
      {report.missing_rates.length > 0 && (
        <Alert tone="warning">{t('reports.missingRates', { currencies: report.missing_rates.join(', ') })}</Alert>
      )}
      {rows.length === 0 ? (
        <p className="muted" data-testid="report-empty">
          {t(
            view.kind === 'spending_by_tag' || view.kind === 'top_payees'
              ? `reports.empty.${view.kind}`
              : 'reports.empty',
          )}
        </p>
      ) : (
        <>
          <div ref={chartRef}>
            <KeyboardChart
              label={title}
              caption={caption}
              onStart={() => setCursor(view.byMonth ? charted.length - 1 : 0)}
              onMove={(key) => {
                const next = movePoint(key, cursor ?? 0, charted.length);
                if (next === null) return false;
                setCursor(next);
                return true;
              }}
              onOpen={() => cursor !== null && open(cursor)}
              onLeave={() => setCursor(null)}
            >
              <ReportChart
                view={view}
                rows={charted}
                currency={report.currency}
                nameOf={nameOf}
                cursor={cursor}
                onOpen={open}
              />
            </KeyboardChart>
          </div>
          <ReportTable view={view} report={report} nameOf={nameOf} />
        </>
      )}
    </Card>
  );
}
