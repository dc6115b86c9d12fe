import { useMemo, useState } from 'react';
import type { Account } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { dataSelectors, useStore } from '../../store';
import { Badge, Button, Card, EmptyState } from '../../ui';
import { accountKind } from '../common/account-kind';
import { AccountRow } from '../dashboard/AccountRow';
import { PageHeader } from '../layout/PageHeader';
import { accountsByConnection, type ConnectionGroup } from './ledger-input';
import { ManualAccountDialog } from './ManualAccountDialog';
import { ManualTransactionDialog } from './ManualTransactionDialog';

/**
 * The Accounts page: every account with its balance, grouped by connection and then by type, each
 * connection's total per currency; accounts kept by hand are added here, and their transactions.
 */
export default function AccountsPage() {
  const { t } = useT();
  const accounts = useStore((s) => s.accounts);
  const connections = useStore((s) => s.connections);
  const groups = useMemo(() => accountsByConnection(accounts, connections), [accounts, connections]);
  const [adding, setAdding] = useState(false);
  const [addingTo, setAddingTo] = useState<Account | null>(null);
  const currency = accounts[0]?.currency ?? 'EUR';

  return (
    <div className="page">
      <PageHeader
        title={t('ledger.title')}
        subtitle={t('ledger.subtitle')}
        actions={
          <Button variant="primary" icon="plus" onClick={() => setAdding(true)} data-testid="add-manual-account">
            {t('ledger.addAccount')}
          </Button>
        }
      />
      {groups.length === 0 ? (
        <EmptyState icon="wallet" title={t('ledger.empty')} />
      ) : (
        <div className="stack-lg">
          {groups.map((g) => (
            <ConnectionCard key={g.connectionId} group={g} onAddTransaction={setAddingTo} />
          ))}
        </div>
      )}
      <ManualAccountDialog open={adding} onClose={() => setAdding(false)} currency={currency} />
      <ManualTransactionDialog account={addingTo} onClose={() => setAddingTo(null)} />
    </div>
  );
}

function ConnectionCard({ group, onAddTransaction }: { group: ConnectionGroup; onAddTransaction: (a: Account) => void }) {
  const i18n = useT();
  const { t, money } = i18n;
  const connections = useStore((s) => s.connections);
  const label = useStore((s) => (group.connection ? dataSelectors.connectionLabelText(s, group.connection) : ''));
  const manual = group.connection?.provider_id === 'manual';
  return (
    <Card
      title={manual ? t('ledger.manualConnection') : label}
      id={`connection-${group.connectionId}`}
      data-testid="accounts-connection"
      actions={
        <span className="num muted" data-testid="connection-total">
          {t('ledger.connectionTotal')} {group.totals.map((x) => money(x.amount, x.currency)).join(' · ')}
        </span>
      }
    >
      <div className="stack">
        {group.types.map((g) => (
          <section key={g.type} aria-label={accountKind(i18n, g.type, g.accounts.length)}>
            <h3 className="muted" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.05em', marginBottom: 4 }}>
              {accountKind(i18n, g.type, g.accounts.length)}
            </h3>
            <div className="list">
              {g.accounts.map((a) => (
                <div key={a.id} className="row" style={{ gap: 8, alignItems: 'center' }} data-testid="accounts-row">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <AccountRow
                      account={a}
                      connections={connections}
                      badge={a.manual_kind ? <Badge tone="info">{t(`ledger.kind.${a.manual_kind}`)}</Badge> : undefined}
                    />
                  </div>
                  {manual && a.status !== 'CLOSED' && (
                    <Button size="sm" icon="plus" onClick={() => onAddTransaction(a)} aria-label={t('ledger.addTransactionTitle', { name: a.name })}>
                      <span className="hide-narrow">{t('ledger.addTransaction')}</span>
                    </Button>
                  )}
                </div>
              ))}
            </div>
          </section>
        ))}
      </div>
    </Card>
  );
}
