import type { RecurringPayment } from '../../lib/api/types';
import { useT, type MessageKey } from '../../lib/i18n';
import { Badge, Button } from '../../ui';

/** One recurring payment: what it is, how much and how often, when next, and what the person can do. */
export function RecurringItem({
  payment,
  accountName,
  busy,
  onConfirm,
  onEdit,
  onDismiss,
}: {
  payment: RecurringPayment;
  accountName?: string;
  busy: boolean;
  onConfirm?: () => void;
  onEdit: () => void;
  onDismiss: () => void;
}) {
  const { t, tn, money, day } = useT();
  const p = payment;
  const fixed = p.amount_min === p.amount_max;
  // The band from the smaller amount to the larger one, as the person reads amounts (going out or coming in).
  const [low, high] = p.amount < 0 ? [p.amount_max, p.amount_min] : [p.amount_min, p.amount_max];
  return (
    <div className="recurring-item" data-testid="recurring-item" data-recurring-id={p.id}>
      <div className="recurring-main">
        <div className="recurring-head">
          <strong data-testid="recurring-name">{p.name}</strong>
          {p.state !== 'ACTIVE' && (
            <Badge tone={p.state === 'LATE' ? 'warning' : 'neutral'} title={stateHint(t, p, day)}>
              {t(`recurring.state.${p.state}` as MessageKey)}
            </Badge>
          )}
        </div>
        <div className="recurring-amount num" data-testid="recurring-amount">
          <span className={p.amount < 0 ? '' : 'positive'}>{money(p.amount, p.currency, { sign: p.amount > 0 })}</span>{' '}
          <span className="muted">{t(`recurring.period.${p.period}` as MessageKey)}</span>
        </div>
        <div className="recurring-meta muted">
          {!fixed && (
            <span>{t('recurring.band', { min: money(low, p.currency), max: money(high, p.currency) })} · </span>
          )}
          <span data-testid="recurring-next">{t('recurring.next', { date: day(p.next_date) })}</span>
          {' · '}
          <span>{tn('recurring.seen', p.occurrences, { date: day(p.first_date) })}</span>
          {accountName && <span> · {accountName}</span>}
        </div>
        {p.state !== 'ACTIVE' && <div className="recurring-meta warning-text">{stateHint(t, p, day)}</div>}
        {p.price_change && (
          <div className="recurring-meta" data-testid="recurring-price-change">
            {t('recurring.priceChange', {
              date: day(p.price_change.date),
              from: money(p.price_change.from, p.currency),
              to: money(p.price_change.to, p.currency),
            })}
          </div>
        )}
      </div>
      <div className="row recurring-actions">
        {onConfirm && (
          <Button
            size="sm"
            variant="primary"
            icon="check"
            busy={busy}
            onClick={onConfirm}
            aria-label={t('recurring.confirmName', { name: p.name })}
            data-testid="recurring-confirm"
          >
            {t('recurring.confirm')}
          </Button>
        )}
        <Button size="sm" variant="ghost" icon="edit" iconOnly onClick={onEdit} data-testid="recurring-edit-open">
          {t('recurring.editName', { name: p.name })}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon="x"
          iconOnly
          disabled={busy}
          onClick={onDismiss}
          data-testid="recurring-dismiss"
        >
          {t('recurring.dismissName', { name: p.name })}
        </Button>
      </div>
    </div>
  );
}

function stateHint(t: ReturnType<typeof useT>['t'], p: RecurringPayment, day: (s: number) => string): string {
  return p.state === 'LATE'
    ? t('recurring.state.LATE.hint', { date: day(p.next_date) })
    : t('recurring.state.ENDED.hint', { date: day(p.last_date) });
}
