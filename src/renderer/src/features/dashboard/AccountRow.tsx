import type { ReactNode } from 'react';
import type { Account, Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { dataSelectors, useStore } from '../../store';
import { accountOriginParts } from '../common/account-label';
import { AccountStatusBadge } from '../common/AccountStatusBadge';
import { labelOf } from '../../../core/labels/connection-label';
import { PartsLabel } from '../common/PartsLabel';
import { Amount } from '../common/Amount';

/** One account in the dashboard's lists: name, connection and balance date, a badge, the balance; opens its page. */
export function AccountRow({
  account: a,
  connections,
  badge,
}: {
  account: Account;
  connections: readonly Connection[];
  /** Default: the status, when it is not ACTIVE. */
  badge?: ReactNode;
}) {
  const { relative } = useT();
  const labels = useStore(dataSelectors.connectionLabels);
  const connection = connections.find((c) => c.id === a.connection_id);
  const shownBadge = badge ?? (a.status !== 'ACTIVE' && <AccountStatusBadge account={a} connection={connection} />);
  return (
    <Link to={`/accounts/${a.id}`} className="list-item" data-testid="account-row">
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 550, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {a.name}
        </div>
        {/* Where it is and which one: on a narrow window the names shorten, never the login or number. */}
        <div className="faint" style={{ fontSize: 12.5, display: 'flex', minWidth: 0 }}>
          <PartsLabel
            parts={accountOriginParts(a, connection ? labelOf(labels, connection) : undefined)}
            testId="account-origin"
          />
          {a.balance_date && <span style={{ flex: 'none', whiteSpace: 'pre' }}>{` · ${relative(a.balance_date)}`}</span>}
        </div>
        {/* Under the name, so that a long status never squeezes the name on a narrow window. */}
        {shownBadge && <div style={{ marginTop: 4 }}>{shownBadge}</div>}
      </div>
      <Amount value={a.balance} currency={a.currency} strong />
    </Link>
  );
}
