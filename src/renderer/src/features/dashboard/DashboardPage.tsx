import { useEffect, useMemo, useState } from 'react';
import { accountsByType, balanceSeries, netWorth, spendingByCategory } from '../../lib/analytics';
import type { AccountType } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { Link, navigate } from '../../lib/router';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, syncSelectors, useStore } from '../../store';
import type { DashboardSeries } from '../../store/data/initialState';
import { Alert, Badge, Button, Card, EmptyState, Loading, toast } from '../../ui';
import { accountOrigin } from '../common/account-label';
import { Amount } from '../common/Amount';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { ProviderLogo } from '../common/ProviderLogo';
import { accountStatusTone } from '../common/status';
import { PageHeader } from '../layout/PageHeader';
import { StatusLine } from '../connections/StatusLine';
import { SyncButton } from '../connections/SyncButton';
import { lastSyncDate } from '../connections/sync-info';
import { BalanceChart, SpendingChart } from './charts';

export default function DashboardPage() {
  const i18n = useT();
  const { t, tn, money, relative } = i18n;
  const accounts = useStore((s) => s.accounts);
  const connections = useStore((s) => s.connections);
  const accountsLoad = useStore((s) => s.accountsLoad);
  const connectionsLoad = useStore((s) => s.connectionsLoad);
  const snapshotAt = useStore((s) => s.snapshotAt);
  const cachedSeries = useStore((s) => s.cachedSeries);
  const categoriesById = useStore(dataSelectors.categoriesById);
  const txVersion = useStore((s) => s.txVersion);
  const txLoad = useStore((s) => s.txLoad);
  const anyRunning = useStore(syncSelectors.anyRunning);
  const running = useStore((s) => s.running);
  const saveSnapshot = useStore((s) => s.saveSnapshot);
  const syncAll = useStore((s) => s.syncAll);
  const loadAll = useStore((s) => s.loadAll);
  const [syncing, setSyncing] = useState(false);

  const totals = useMemo(() => netWorth(accounts), [accounts]);
  const main = totals[0];
  const currency = main?.currency ?? 'EUR';
  const groups = useMemo(() => accountsByType(accounts), [accounts]);

  const txReady =
    txLoad.status === 'ready' || (txLoad.status === 'loading' && txLoad.loaded > 0 && txLoad.loaded >= txLoad.total);
  const series: DashboardSeries | null = useMemo(() => {
    if (!txReady || !main) return null;
    const inCurrency = accounts.filter((a) => a.currency === currency && a.status !== 'CLOSED');
    return {
      currency,
      balance: balanceSeries(inCurrency, txTable),
      spending: spendingByCategory(txTable, categoriesById, { currency, otherLabel: t('dashboard.other') }),
    };
    // txVersion: the table (outside the store) changed
  }, [txReady, txVersion, accounts, categoriesById, currency, main, t]);
  const shown = series ?? (cachedSeries && cachedSeries.currency === currency ? cachedSeries : null);

  useEffect(() => {
    if (!series) return;
    const timer = setTimeout(() => void saveSnapshot(series), 800);
    return () => clearTimeout(timer);
  }, [series, saveSnapshot]);

  const doSyncAll = async () => {
    setSyncing(true);
    try {
      const n = await syncAll();
      if (n === 0) toast.info(t('dashboard.syncAllNone'));
      else toast.info(t('dashboard.syncAllStarted', { count: n }));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setSyncing(false);
    }
  };

  const loading = accountsLoad.status !== 'ready' && snapshotAt === null;
  const failed =
    accountsLoad.status === 'error' && snapshotAt === null
      ? accountsLoad.error
      : connectionsLoad.status === 'error' && snapshotAt === null
        ? connectionsLoad.error
        : null;

  const header = (
    <PageHeader
      title={t('dashboard.title')}
      subtitle={t('dashboard.subtitle')}
      actions={
        connections.length > 0 ? (
          <>
            <Button icon="refresh" busy={syncing || anyRunning} onClick={() => void doSyncAll()}>
              {t('dashboard.syncAll')}
            </Button>
            <Button variant="primary" icon="plus" onClick={() => navigate('/connections/new')}>
              {t('connections.add')}
            </Button>
          </>
        ) : undefined
      }
    />
  );

  if (failed) {
    return (
      <div className="page">
        {header}
        <Card>
          <ErrorState error={failed} onRetry={() => void loadAll()} />
        </Card>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="page">
        {header}
        <Card>
          <Loading label={t('common.loading')} />
        </Card>
      </div>
    );
  }
  if (accounts.length === 0 && connections.length === 0) {
    return (
      <div className="page">
        {header}
        <Card>
          <EmptyState
            icon="bank"
            title={t('dashboard.empty.title')}
            action={
              <Button variant="primary" icon="plus" onClick={() => navigate('/connections/new')}>
                {t('dashboard.empty.action')}
              </Button>
            }
          >
            {t('dashboard.empty.text')}
          </EmptyState>
        </Card>
      </div>
    );
  }

  return (
    <div className="page" data-testid="dashboard">
      {header}
      {snapshotAt !== null && (
        <Alert>
          <span className="row" style={{ gap: 8 }}>
            {t('dashboard.cached')}
          </span>
        </Alert>
      )}

      <div className="grid-3">
        <Card tight aria-label={t('dashboard.netWorth')}>
          <div className="stat-label">{t('dashboard.netWorth')}</div>
          <div className="stat-value" data-testid="net-worth">
            {money(main?.total ?? 0, currency)}
          </div>
          <div className="stat-sub">
            {tn('dashboard.accountsCount', accounts.filter((a) => a.status !== 'CLOSED').length)}
          </div>
          {totals.slice(1).map((o) => (
            <div key={o.currency} className="stat-sub num">
              + {money(o.total, o.currency)}
            </div>
          ))}
        </Card>
        <Card tight>
          <div className="stat-label">{t('dashboard.assets')}</div>
          <div className="stat-value positive">{money(main?.assets ?? 0, currency)}</div>
        </Card>
        <Card tight>
          <div className="stat-label">{t('dashboard.debts')}</div>
          <div className="stat-value" style={{ color: main && main.debts < 0 ? 'var(--negative)' : undefined }}>
            {money(main?.debts ?? 0, currency)}
          </div>
        </Card>
      </div>

      <div className="grid-2">
        <Card title={t('dashboard.balanceOverTime')} id="balance-over-time">
          <p className="faint" style={{ marginTop: -12, marginBottom: 12, fontSize: 12.5 }}>
            {t('dashboard.balanceOverTimeHint')}
          </p>
          {shown ? (
            <BalanceChart points={shown.balance} currency={currency} label={t('dashboard.balanceOverTime')} />
          ) : (
            <TxLoading />
          )}
        </Card>
        <Card title={t('dashboard.spending')} id="spending">
          <p className="faint" style={{ marginTop: -12, marginBottom: 12, fontSize: 12.5 }}>
            {t('dashboard.spendingHint')}
          </p>
          {shown ? (
            shown.spending.keys.length ? (
              <SpendingChart series={shown.spending} currency={currency} label={t('dashboard.spending')} />
            ) : (
              <p className="muted" style={{ padding: '48px 0', textAlign: 'center' }}>
                {t('dashboard.noTransactions')}
              </p>
            )
          ) : (
            <TxLoading />
          )}
        </Card>
      </div>

      <div className="grid-2" style={{ alignItems: 'start' }}>
        <Card title={t('dashboard.balances')} id="balances">
          <div className="stack-lg">
            {groups.map((g) => (
              <section key={g.type} aria-label={t(`accountType.${g.type}` as MessageKey)}>
                <div className="row" style={{ justifyContent: 'space-between', marginBottom: 4 }}>
                  <h3 className="muted" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.05em' }}>
                    {t(`accountType.${g.type as AccountType}` as MessageKey)}
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
                    <Link key={a.id} to={`/accounts/${a.id}`} className="list-item" data-testid="account-row">
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <div
                          style={{
                            fontWeight: 550,
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {a.name}
                        </div>
                        <div className="faint" style={{ fontSize: 12.5 }}>
                          {accountOrigin(a, connections.find((c) => c.id === a.connection_id)?.name)}
                          {a.balance_date ? ` · ${relative(a.balance_date)}` : ''}
                        </div>
                      </div>
                      {a.status !== 'ACTIVE' && (
                        <Badge tone={accountStatusTone(a.status)}>{t(`accountStatus.${a.status}` as MessageKey)}</Badge>
                      )}
                      <Amount value={a.balance} currency={a.currency} strong />
                    </Link>
                  ))}
                </div>
              </section>
            ))}
            {groups.length === 0 && <p className="muted">{t('connections.noAccounts')}</p>}
          </div>
        </Card>
        <Card title={t('dashboard.lastSync')} id="last-sync">
          <div className="list">
            {connections.map((c) => {
              const last = lastSyncDate(c);
              return (
                <div key={c.id} className="list-item" data-testid="sync-row">
                  <ProviderLogo url={c.logo_url} name={c.name} size="sm" />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Link to={`/connections/${c.id}`} style={{ fontWeight: 550, color: 'var(--text)' }}>
                      {c.name}
                    </Link>
                    <div style={{ fontSize: 12.5 }}>
                      <StatusLine status={c.status} running={c.id in running} providerId={c.provider_id} />
                    </div>
                    <div className="faint" style={{ fontSize: 12 }}>
                      {last ? t('connections.lastSync', { when: relative(last) }) : t('connections.neverSynced')}
                    </div>
                  </div>
                  <SyncButton connection={c} size="sm" />
                </div>
              );
            })}
          </div>
        </Card>
      </div>
    </div>
  );
}

function TxLoading() {
  const { t, number } = useT();
  const txLoad = useStore((s) => s.txLoad);
  const retry = useStore((s) => s.loadTransactions);
  if (txLoad.status === 'error') return <ErrorState error={txLoad.error} onRetry={() => void retry(true)} />;
  return (
    <div className="stack" style={{ height: 240, justifyContent: 'center', alignItems: 'center' }} role="status">
      <div className="progress" style={{ width: '60%' }}>
        <div
          className="progress-bar"
          style={{ width: `${txLoad.total ? Math.round((txLoad.loaded / txLoad.total) * 100) : 5}%` }}
        />
      </div>
      <span className="muted" style={{ fontSize: 12.5 }}>
        {t('dashboard.loadingTx', { loaded: number(txLoad.loaded), total: number(txLoad.total) })}
      </span>
    </div>
  );
}
