import { useEffect, useMemo, useState } from 'react';
import { splitForTotals } from '../../lib/account-sharing';
import { accountsByType, netWorth } from '../../lib/analytics';
import { useT } from '../../lib/i18n';
import { periodFromQuery, periodQuery, type Period } from '../../lib/periods';
import { Link, navigate, useLocation } from '../../lib/router';
import { syncSelectors, useStore } from '../../store';
import { Alert, Button, Card, EmptyState, Loading, toast } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { PageHeader } from '../layout/PageHeader';
import { UpcomingPayments } from '../recurring/UpcomingPayments';
import { RecoveryKeyReminder } from '../settings/RecoveryKeyReminder';
import { BalanceChart, SpendingChart } from './charts';
import { BalancesCard } from './BalancesCard';
import { LastSyncCard } from './LastSyncCard';
import { ReportingTotal } from './ReportingTotal';
import { NotCountedNote } from './NotCounted';
import { PeriodPicker } from './PeriodPicker';
import { useDashboardCharts } from './use-dashboard-charts';

/** The period the dashboard opens with (its charts are also kept for an instant start). */
const DEFAULT_PERIOD: Period = { kind: '1Y' };

export default function DashboardPage() {
  const i18n = useT();
  const { t, tn, money } = i18n;
  const accounts = useStore((s) => s.accounts);
  const connections = useStore((s) => s.connections);
  const accountsLoad = useStore((s) => s.accountsLoad);
  const connectionsLoad = useStore((s) => s.connectionsLoad);
  const snapshotAt = useStore((s) => s.snapshotAt);
  const cachedSeries = useStore((s) => s.cachedSeries);
  const anyRunning = useStore(syncSelectors.anyRunning);
  const saveSnapshot = useStore((s) => s.saveSnapshot);
  const syncAll = useStore((s) => s.syncAll);
  const loadAll = useStore((s) => s.loadAll);
  const [syncing, setSyncing] = useState(false);
  // The period is kept in the address (?period=3M): Back from the history a chart opened finds it again.
  const { pathname, search } = useLocation();
  const query = search.toString();
  const period = useMemo(() => periodFromQuery(new URLSearchParams(query)) ?? DEFAULT_PERIOD, [query]);
  const setPeriod = (next: Period) => navigate(pathname + periodQuery(next, DEFAULT_PERIOD.kind), { replace: true });

  // Totals and charts count only the accounts the person shares and did not hide (lib/account-sharing.ts).
  const split = useMemo(() => splitForTotals(accounts), [accounts]);
  const totals = useMemo(() => netWorth(split.counted), [split]);
  const main = totals[0];
  const currency = main?.currency ?? 'EUR';
  const groups = useMemo(() => accountsByType(split.counted), [split]);

  const { series, range, links } = useDashboardCharts(split.counted, currency, period, t('dashboard.other'));
  const isDefault = period.kind === DEFAULT_PERIOD.kind;
  const shown = series ?? (isDefault && cachedSeries && cachedSeries.currency === currency ? cachedSeries : null);

  useEffect(() => {
    if (!series || !isDefault) return;
    const timer = setTimeout(() => void saveSnapshot(series), 800);
    return () => clearTimeout(timer);
  }, [series, isDefault, saveSnapshot]);

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
        <RecoveryKeyReminder />
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
      <RecoveryKeyReminder />
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
          <div className="stat-sub" data-testid="counted-accounts">
            {tn('dashboard.accountsCount', split.counted.length)}
          </div>
          <NotCountedNote split={split} />
          {totals.slice(1).map((o) => (
            <div key={o.currency} className="stat-sub num">
              + {money(o.total, o.currency)}
            </div>
          ))}
          <ReportingTotal accounts={split.counted} />
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

      <div className="row row-wrap" style={{ justifyContent: 'space-between', gap: 12 }}>
        <PeriodPicker value={period} onChange={setPeriod} />
        {range && <Link to={links.period()}>{t('dashboard.openPeriod')}</Link>}
      </div>

      <div className="grid-2 grid-2-wide">
        <Card title={t('dashboard.balanceOverTime')} id="balance-over-time">
          <p className="faint chart-hint" style={{ marginTop: -12, marginBottom: 12, fontSize: 12.5 }}>
            {t('dashboard.balanceHint')}
          </p>
          {shown ? (
            <BalanceChart
              points={shown.balance}
              currency={currency}
              label={t('dashboard.balanceOverTime')}
              range={range ?? undefined}
              onPoint={(p) => navigate(links.point(p))}
            />
          ) : (
            <TxLoading />
          )}
        </Card>
        <Card title={t('dashboard.spending')} id="spending">
          <p className="faint chart-hint" style={{ marginTop: -12, marginBottom: 12, fontSize: 12.5 }}>
            {t('dashboard.spendingHintClick')}
          </p>
          {shown ? (
            shown.spending.keys.length ? (
              <SpendingChart
                series={shown.spending}
                currency={currency}
                label={t('dashboard.spending')}
                onBar={(id, row) => navigate(links.bar(id, row, shown.spending.otherIds ?? []))}
                onCategory={(id) => navigate(links.category(id, shown.spending.otherIds ?? []))}
              />
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

      <div className="grid-2 grid-2-wide" style={{ alignItems: 'start' }}>
        <BalancesCard groups={groups} split={split} connections={connections} currency={currency} />
        <div className="stack">
          <UpcomingPayments />
          <LastSyncCard />
        </div>
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
