import type { ReactNode } from 'react';
import type { Account, Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { accountOrigin } from '../common/account-label';
import { AccountStatusBadge } from '../common/AccountStatusBadge';
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
  const connection = connections.find((c) => c.id === a.connection_id);
  const shownBadge = badge ?? (a.status !== 'ACTIVE' && <AccountStatusBadge account={a} connection={connection} />);
  return (
    <Link to={`/accounts/${a.id}`} className="list-item" data-testid="account-row">
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 550, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {a.name}
        </div>
        <div className="faint" style={{ fontSize: 12.5 }}>
          {accountOrigin(a, connection?.name)}
          {a.balance_date ? ` · ${relative(a.balance_date)}` : ''}
        </div>
        {/* Under the name, so that a long status never squeezes the name on a narrow window. */}
        {shownBadge && <div style={{ marginTop: 4 }}>{shownBadge}</div>}
      </div>
      <Amount value={a.balance} currency={a.currency} strong />
    </Link>
  );
}
