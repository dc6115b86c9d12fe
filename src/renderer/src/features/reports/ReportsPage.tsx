import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReportRow } from '../../lib/api/types';
import { useT, type MessageKey } from '../../lib/i18n';
import { useStore } from '../../store';
import { DateField, Loading } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { PageHeader } from '../layout/PageHeader';
import '../dashboard/charts.css';
import { ReportCard } from './ReportCard';
import { periodDays, REPORT_PERIODS, type ReportPeriodChoice } from './report-period';
import { REPORT_VIEWS } from './report-views';
import { useReports } from './use-reports';
import './reports.css';

const KINDS = REPORT_VIEWS.map((v) => v.kind);

/** The Reports page: the six reports of one period, each a chart and its table, each exported on its own. */
export default function ReportsPage() {
  const { t, lang, month } = useT();
  const categories = useStore((s) => s.categories);
  const loadCategories = useStore((s) => s.loadCategories);
  const [choice, setChoice] = useState<ReportPeriodChoice>(() => ({
    kind: '12M',
    ...periodDays({ kind: '12M', from: '', to: '' }, new Date()),
  }));
  const [version, setVersion] = useState(0);
  const { from, to } = periodDays(choice, new Date());
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const states = useReports(KINDS, complete ? from : '', complete ? to : '', version);

  useEffect(() => {
    if (categories.length === 0) void loadCategories();
  }, [categories.length, loadCategories]);

  const labels = useMemo(() => new Map(categories.map((c) => [c.id, c.label])), [categories]);
  const nameOf = useCallback(
    (row: ReportRow): string => {
      if (row.month) return month(Date.parse(`${row.month}-15T00:00:00Z`) / 1000);
      if (row.category_id) return labels.get(row.category_id) ?? row.category_id;
      if (row.tag) return row.tag;
      return row.payee_name ?? '';
    },
    [labels, month],
  );
  const retry = useCallback(() => setVersion((v) => v + 1), []);

  return (
    <div className="page reports-page">
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      <div className="row row-wrap reports-period">
        <div className="period-picker" role="group" aria-label={t('reports.period')}>
          {REPORT_PERIODS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={choice.kind === kind}
              onClick={() => setChoice({ kind, ...periodDays({ ...choice, kind }, new Date()) })}
            >
              {t(`reports.period.${kind}` as MessageKey)}
            </button>
          ))}
        </div>
        {choice.kind === 'CUSTOM' && (
          <>
            <DateField
              label={t('reports.from')}
              lang={lang}
              invalidText={t('date.invalid')}
              value={choice.from}
              onChange={(v) => setChoice({ ...choice, from: v })}
              testId="report-from"
            />
            <DateField
              label={t('reports.to')}
              lang={lang}
              invalidText={t('date.invalid')}
              value={choice.to}
              onChange={(v) => setChoice({ ...choice, to: v })}
              testId="report-to"
            />
          </>
        )}
      </div>
      {!complete && <p className="muted">{t('reports.choosePeriod')}</p>}
      {complete && (
        <div className="reports-grid">
          {REPORT_VIEWS.map((view) => {
            const state = states[view.kind];
            if (!state || state.status === 'loading') return <Loading key={view.kind} label={t('reports.loading')} />;
            if (state.status === 'error')
              return <ErrorState key={view.kind} error={state.error} onRetry={retry} title={t(view.title)} />;
            return <ReportCard key={view.kind} view={view} report={state.report} nameOf={nameOf} />;
          })}
        </div>
      )}
    </div>
  );
}
