import type { RefObject } from 'react';
import type { Report, ReportRow } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { toast } from '../../ui';
import { saveChartPicture, saveText } from './report-picture';
import { reportCsv, type ReportView } from './report-views';

/** A report's two exports: its rows as CSV, and its chart (inside `chartRef`) as a PNG picture. */
export function useReportExports(
  view: ReportView,
  report: Report,
  nameOf: (row: ReportRow) => string,
  chartRef: RefObject<HTMLDivElement | null>,
) {
  const { t } = useT();
  const fileName = `${report.kind}-${report.from}-${report.to}`;
  const exportCsv = () => {
    const names = {
      key: t('reports.csvKey'),
      header: t(view.rowHeader),
      series: view.series.map((s) => t(s.label)),
      extra: view.extra && t(view.extra.label),
    };
    saveText(reportCsv(view, report.rows, names, nameOf), 'text/csv;charset=utf-8', `${fileName}.csv`);
  };
  const savePicture = () => {
    const svg = chartRef.current?.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
    const background = getComputedStyle(chartRef.current ?? document.body).getPropertyValue('--bg-elevated') || '#fff';
    if (svg) saveChartPicture(svg, background, `${fileName}.png`).catch(() => toast.error(t('reports.pictureFailed')));
  };
  return { exportCsv, savePicture };
}
