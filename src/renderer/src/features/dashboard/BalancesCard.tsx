import { memo } from 'react';
import type { TotalsSplit } from '../../lib/account-sharing';
import type { Account, AccountType, Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { accountKind } from '../common/account-kind';
import { Card } from '../../ui';
import { AccountRow } from './AccountRow';
import { NotInTotalsSection } from './NotCounted';

/**
 * The dashboard's balances: the counted accounts by type with each type's total in the main currency, then
 * the accounts left out of the totals. Memoized: a period switch redraws the charts, not these rows (150
 * accounts took about a third of the switch's script time).
 */
export const BalancesCard = memo(function BalancesCard({
  groups,
  split,
  connections,
  currency,
}: {
  groups: ReadonlyArray<{ type: AccountType; accounts: Account[] }>;
  split: TotalsSplit<Account>;
  connections: readonly Connection[];
  currency: string;
}) {
  const i18n = useT();
  const { t, money } = i18n;
  return (
    <Card title={t('dashboard.balances')} id="balances">
      <div className="stack-lg">
        {groups.map((g) => (
          <section key={g.type} aria-label={accountKind(i18n, g.type, g.accounts.length)}>
            <div className="row" style={{ justifyContent: 'space-between', marginBottom: 4 }}>
              <h3 className="muted" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.05em' }}>
                {accountKind(i18n, g.type, g.accounts.length)}
              </h3>
              <span className="num muted" style={{ fontSize: 12.5 }}>
                {money(
                  g.accounts.filter((a) => a.currency === currency).reduce((s, a) => s + a.balance, 0),
                  currency,
                )}
              </span>
            </div>
            <div className="list">
              {g.accounts.map((a) => (
                <AccountRow key={a.id} account={a} connections={connections} />
              ))}
            </div>
          </section>
        ))}
        {groups.length === 0 && split.left.length === 0 && <p className="muted">{t('connections.noAccounts')}</p>}
        <NotInTotalsSection split={split} connections={connections} />
      </div>
    </Card>
  );
});
