import { useEffect, useState } from 'react';
import { recurringApi } from '../../lib/api';
import type { RecurringPayment } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { Badge, Card } from '../../ui';
import './recurring.css';

const DAY = 86_400;

/**
 * The dashboard's upcoming payments: the followed recurring payments expected in the next 30 days (and the
 * late ones), soonest first, and how many found ones wait for a review.
 */
export function UpcomingPayments() {
  const { t, tn, money, day } = useT();
  const [payments, setPayments] = useState<RecurringPayment[] | null>(null);

  useEffect(() => {
    let live = true;
    recurringApi.list().then(
      (rows) => live && setPayments(rows),
      // An engine without recurring payments, or busy: the card is left out rather than shown broken.
      () => live && setPayments([]),
    );
    return () => {
      live = false;
    };
  }, []);

  if (payments === null || payments.length === 0) return null;
  const horizon = Date.now() / 1000 + 30 * DAY;
  const upcoming = payments
    .filter((p) => p.status === 'CONFIRMED' && p.state !== 'ENDED' && p.next_date <= horizon)
    .sort((a, b) => a.next_date - b.next_date);
  const toReview = payments.filter((p) => p.status === 'PROPOSED').length;

  return (
    <Card
      title={t('recurring.upcoming')}
      id="upcoming-payments"
      data-testid="upcoming-payments"
      actions={<Link to="/recurring">{t('recurring.manage')}</Link>}
    >
      {upcoming.length === 0 ? (
        <p className="muted">{t('recurring.upcomingNone')}</p>
      ) : (
        <ul className="upcoming-list">
          {upcoming.map((p) => (
            <li key={p.id} data-testid="upcoming-item">
              <span className="upcoming-name">
                <span className="muted num">{day(p.next_date)}</span> {p.name}{' '}
                {p.state === 'LATE' && <Badge tone="warning">{t('recurring.state.LATE')}</Badge>}
              </span>
              <span className={`num${p.amount > 0 ? ' positive' : ''}`}>
                {money(p.amount, p.currency, { sign: p.amount > 0 })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {toReview > 0 && (
        <p style={{ marginTop: 12, marginBottom: 0 }}>
          <Link to="/recurring" data-testid="upcoming-review">
            {tn('recurring.upcomingReview', toReview)}
          </Link>
        </p>
      )}
    </Card>
  );
}
