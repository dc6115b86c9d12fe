import type { BudgetMonth } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { Alert, Card } from '../../ui';

/** The month's totals: the money left to assign first (said in words when below zero), then the rest. */
export function BudgetSummary({ month }: { month: BudgetMonth }) {
  const { t, money } = useT();
  const c = month.currency;
  const envelope = month.style === 'ENVELOPE';
  const figures: Array<[string, number, string]> = [
    [envelope ? t('budget.toAssign') : t('budget.toAssign.TRACKING'), month.to_assign, 'to-assign'],
    [t('budget.income'), month.income, 'income'],
    ...(envelope && month.from_last_month !== 0 ? ([[t('budget.fromLastMonth'), month.from_last_month, 'from-last-month']] as Array<[string, number, string]>) : []),
    [envelope ? t('budget.assigned') : t('budget.planned'), month.assigned, 'assigned'],
    [t('budget.spent'), month.spent, 'spent'],
    [envelope ? t('budget.available') : t('budget.left'), month.available, 'available'],
  ];
  return (
    <>
      <Card tight className="budget-summary" data-testid="budget-summary">
        <dl className="budget-figures">
          {figures.map(([label, value, id]) => (
            <div key={id} className="budget-figure" data-testid={`budget-${id}`}>
              <dt className="stat-label">{label}</dt>
              <dd className={`stat-value num${value < 0 ? ' negative' : ''}`}>{money(value, c)}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {envelope && month.to_assign < 0 && (
        <Alert tone="warning">
          <span data-testid="budget-over-assigned">{t('budget.overAssigned', { amount: money(-month.to_assign, c) })}</span>
        </Alert>
      )}
      {month.missing_rates.length > 0 && (
        <Alert tone="warning">
          <span data-testid="budget-missing-rates">{t('budget.missingRates', { currencies: month.missing_rates.join(', ') })}</span>
        </Alert>
      )}
    </>
  );
}
