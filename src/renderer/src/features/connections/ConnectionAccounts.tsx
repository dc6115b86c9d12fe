import { useShallow } from 'zustand/react/shallow';
import type { Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { dataSelectors, useStore } from '../../store';
import { Badge, Card } from '../../ui';
import { maskedAccountNumber } from '../common/account-label';
import { accountKind } from '../common/account-kind';
import { AccountStatusBadge } from '../common/AccountStatusBadge';
import { Amount } from '../common/Amount';
import { useDeclined } from './consent-decisions';
import { SimplefinInstitutions } from './simplefin/SimplefinConnectionNotes';

/** A connection's accounts, each a link to its page (SimpleFIN's grouped by institution). */
export function ConnectionAccounts({ connection }: { connection: Connection }) {
  const i18n = useT();
  const { t } = i18n;
  const accounts = useStore(useShallow((s) => dataSelectors.accountsOf(s, connection.id)));
  const declined = useDeclined(connection.id);
  const closed = connection.status === 'CLOSED';

  // one account row, shared by the plain list and the SimpleFIN institution groups.
  const accountRow = (a: (typeof accounts)[number], shortName?: string) => (
    <Link key={a.id} to={`/accounts/${a.id}`} className="list-item" data-testid="account-row">
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 550 }}>{shortName ?? a.name}</div>
        <div className="faint" style={{ fontSize: 12.5 }}>
          {[accountKind(i18n, a.type), maskedAccountNumber(a)].filter(Boolean).join(' · ')}
        </div>
      </div>
      {a.status === 'PENDING_CONSENT' && declined.has(a.id) ? (
        <Badge tone="neutral">{t('consentBox.notShared')}</Badge>
      ) : (
        a.status !== 'ACTIVE' && <AccountStatusBadge account={a} connection={connection} />
      )}
      <Amount value={a.balance} currency={a.currency} strong />
    </Link>
  );

  return (
    <>
      {connection.provider_id === '9600' && accounts.length > 0 ? (
        <SimplefinInstitutions accounts={accounts} render={(a, shortName) => accountRow(a, shortName)} />
      ) : (
        <Card
          title={t('connections.accountsTitle')}
          id="connection-accounts"
          actions={
            connection.consent_per_account && !closed ? (
              <Link to={`/connections/${connection.id}/consent`}>{t('consentBox.manage')}</Link>
            ) : undefined
          }
        >
          {accounts.length === 0 ? (
            <p className="muted">{t('connections.noAccounts')}</p>
          ) : (
            <div className="list">{accounts.map((a) => accountRow(a))}</div>
          )}
        </Card>
      )}
    </>
  );
}
