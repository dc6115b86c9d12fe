import type { MouseEvent } from 'react';
import type { NotCountedReason, TotalsSplit } from '../../lib/account-sharing';
import type { Account, Connection } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import type { PluralKey } from '../../lib/i18n/translate';
import { Badge } from '../../ui';
import { accountStatusTone } from '../common/status';
import { AccountRow } from './AccountRow';

export const NOT_IN_TOTALS_ID = 'not-in-totals';

/** "Not counted: 2 waiting for your consent, 1 closed. See them" under the net worth. */
export function NotCountedNote({ split }: { split: TotalsSplit<Account> }) {
  const { t, tn } = useT();
  if (split.byReason.length === 0) return null;
  const list = split.byReason.map((r) => tn(`dashboard.notCounted.${r.reason}` as PluralKey, r.count)).join(', ');
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const section = document.getElementById(NOT_IN_TOTALS_ID);
    section?.scrollIntoView({ block: 'start' });
    section?.focus({ preventScroll: true });
  };
  return (
    <div className="stat-sub" data-testid="not-counted">
      {t('dashboard.notCounted', { list })}{' '}
      <a href={`#${NOT_IN_TOTALS_ID}`} onClick={go}>
        {t('dashboard.notCountedSee')}
      </a>
    </div>
  );
}

/** The badge saying why an account is left out: its status, or "Hidden from totals". */
export function NotCountedBadge({ account, reason }: { account: Account; reason: NotCountedReason }) {
  const { t } = useT();
  if (reason === 'HIDDEN') return <Badge tone="neutral">{t('dashboard.hiddenBadge')}</Badge>;
  if (reason === 'NOT_SHARED') return <Badge tone="neutral">{t('consentBox.notShared')}</Badge>;
  return <Badge tone={accountStatusTone(account.status)}>{t(`accountStatus.${account.status}` as MessageKey)}</Badge>;
}

/** The accounts left out of the totals, each with why, linking to its page (where the way back is said). */
export function NotInTotalsSection({
  split,
  connections,
}: {
  split: TotalsSplit<Account>;
  connections: readonly Connection[];
}) {
  const { t } = useT();
  if (split.left.length === 0) return null;
  return (
    <section id={NOT_IN_TOTALS_ID} tabIndex={-1} aria-labelledby="not-in-totals-title" style={{ outline: 'none' }}>
      <h3
        id="not-in-totals-title"
        className="muted"
        style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.05em', marginBottom: 4 }}
      >
        {t('dashboard.notInTotals')}
      </h3>
      <p className="faint" style={{ fontSize: 12.5, margin: '0 0 6px' }}>
        {t('dashboard.notInTotalsHint')}
      </p>
      <div className="list">
        {split.left.map(({ account, reason }) => (
          <AccountRow
            key={account.id}
            account={account}
            connections={connections}
            badge={<NotCountedBadge account={account} reason={reason} />}
          />
        ))}
      </div>
    </section>
  );
}
