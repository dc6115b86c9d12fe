import { useState } from 'react';
import { budgetApi } from '../../lib/api';
import type { BudgetMonth } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { navigate, useLocation } from '../../lib/router';
import { Button, Loading, toast } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { PageHeader } from '../layout/PageHeader';
import { BudgetStart } from './BudgetStart';
import { BudgetSummary } from './BudgetSummary';
import { BudgetTable } from './BudgetTable';
import { CategorySettingsDialog } from './CategorySettingsDialog';
import { currentMonth, isMonth, monthSeconds, shiftMonth } from './budget-month';
import { useBudget } from './use-budget';
import './budget.css';

type Line = BudgetMonth['groups'][number]['categories'][number];

/**
 * The budget, one month at a time (the month is in the address: a reload or a bookmark keeps it): the money
 * to assign, the categories by group with their amounts typed in place, targets and carry choices in a
 * dialog, and last month's amounts copied in one click. Before any budget, the two ways to start one.
 */
export default function BudgetPage() {
  const i18n = useT();
  const { t, tn, monthLong } = i18n;
  const { search } = useLocation();
  const asked = search.get('month');
  const month = isMonth(asked) ? asked : currentMonth();
  const { state, reload, start } = useBudget(month);
  const [settings, setSettings] = useState<Line | null>(null);
  const go = (to: string) => navigate(`/budget?month=${to}`);

  const assign = async (line: Line, amount: number) => {
    try {
      await budgetApi.assign(month, line.category_id, amount);
      reload();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    }
  };
  const copyPrevious = async () => {
    try {
      const { copied } = await budgetApi.copyPrevious(month);
      toast.success(copied === 0 ? t('budget.copied.none') : tn('budget.copied', copied));
      reload();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    }
  };

  const ready = state.status === 'ready' ? state : null;
  return (
    <div className="page budget" data-testid="budget-page">
      <PageHeader
        title={t('budget.title')}
        subtitle={ready ? t(`budget.subtitle.${ready.budget.style}`) : undefined}
        actions={
          ready && (
            <>
              <div className="row budget-month-nav" role="group" aria-label={t('budget.title')}>
                <Button size="sm" icon="chevronLeft" iconOnly onClick={() => go(shiftMonth(month, -1))} data-testid="budget-prev">{t('budget.prevMonth')}</Button>
                <strong className="budget-month-name" aria-live="polite" data-testid="budget-month">{monthLong(monthSeconds(month))}</strong>
                <Button size="sm" icon="chevronRight" iconOnly onClick={() => go(shiftMonth(month, 1))} data-testid="budget-next">{t('budget.nextMonth')}</Button>
                {month !== currentMonth() && <Button size="sm" variant="ghost" onClick={() => go(currentMonth())}>{t('budget.thisMonth')}</Button>}
              </div>
              <Button size="sm" icon="copy" onClick={() => void copyPrevious()} data-testid="budget-copy-previous">{t('budget.copyPrevious')}</Button>
            </>
          )
        }
      />
      {state.status === 'loading' && <Loading label={t('common.loading')} />}
      {state.status === 'error' && <ErrorState error={state.error} onRetry={reload} />}
      {state.status === 'none' && <BudgetStart onStart={start} />}
      {ready && (
        <div className="stack-lg">
          <BudgetSummary month={ready.month} />
          <BudgetTable month={ready.month} onAssign={assign} onSettings={setSettings} />
        </div>
      )}
      {settings && ready && (
        <CategorySettingsDialog
          line={settings}
          style={ready.budget.style}
          onClose={() => setSettings(null)}
          onSaved={() => {
            setSettings(null);
            toast.success(t('budget.saved'));
            reload();
          }}
        />
      )}
    </div>
  );
}
