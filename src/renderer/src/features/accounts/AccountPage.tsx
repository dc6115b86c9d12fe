import { useEffect, useMemo, useState } from 'react';
import { accountsApi, transactionsApi, type Account } from '../../lib/api';
import { balanceSeries } from '../../lib/analytics';
import { useT, type MessageKey } from '../../lib/i18n';
import { accountKind } from '../common/account-kind';
import { Link, navigate } from '../../lib/router';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';
import { notCountedReason } from '../../lib/account-sharing';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Loading,
  Spinner,
  toast,
} from '../../ui';
import { Amount } from '../common/Amount';
import { errorMessage } from '../common/errors';
import { RenameDialog } from '../common/RenameDialog';
import { useBusyAction } from '../common/use-busy-action';
import { AccountStatusBadge } from '../common/AccountStatusBadge';
import { BalanceChart } from '../dashboard/charts';
import { BackLink } from '../layout/BackLink';
import { NotFound } from '../layout/NotFound';
import { PageHeader } from '../layout/PageHeader';
import { LedgerCard } from '../ledger/LedgerCard';
import { ForecastNote } from './ForecastNote';
import { forecastDay, useAccountForecast } from './use-account-forecast';

const LOAN_KEYS = new Set([
  'type',
  'total_amount',
  'remaining_amount',
  'rate',
  'maturity_date',
  'start_date',
  'monthly_payment',
  'next_payment_date',
  'duration_months',
]);

/** A loan field shown for people: dates, money, rates and durations formatted. */
function loanValue(i18n: ReturnType<typeof useT>, key: string, value: unknown, currency: string): string {
  if (typeof value !== 'number') return String(value);
  if (/date/.test(key)) return i18n.day(value);
  if (/amount|payment|capital/.test(key)) return i18n.money(value, currency);
  if (/rate/.test(key)) return i18n.percent(value > 1 ? value / 100 : value);
  if (key === 'duration_months') return i18n.t('loan.months', { count: value });
  return i18n.number(value);
}

export default function AccountPage({ params }: { params: Record<string, string> }) {
  const { t } = useT();
  const id = params.id;
  const account = useStore((s) => dataSelectors.accountsById(s).get(id));
  const load = useStore((s) => s.accountsLoad);
  if (!account) {
    if (load.status === 'ready' || load.status === 'error') return <NotFound text={t('account.notFound')} />;
    return (
      <div className="page">
        <Loading label={t('common.loading')} />
      </div>
    );
  }
  return <AccountView account={account} />;
}

function AccountView({ account }: { account: Account }) {
  const i18n = useT();
  const { t, tn, day, money, percent } = i18n;
  const connection = useStore((s) => dataSelectors.connectionsById(s).get(account.connection_id));
  const connectionLabel = useStore((s) => (connection ? dataSelectors.connectionLabelText(s, connection) : ''));
  const categories = useStore(dataSelectors.categoriesById);
  const txVersion = useStore((s) => s.txVersion);
  const txLoad = useStore((s) => s.txLoad);
  const loadAccounts = useStore((s) => s.loadAccounts);
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'close' | null>(null);
  const [busy, setBusy] = useState(false);
  const [hiding, setHiding] = useState(false);
  const reason = notCountedReason(account);
  const ahead = useAccountForecast(account.id, txVersion);
  const forecast = useMemo(
    () =>
      ahead.forecast
        ? { label: t('forecast.label'), points: ahead.forecast.points.map((p) => ({ t: forecastDay(p.date), balance: p.balance })) }
        : undefined,
    [ahead.forecast, t],
  );

  const { points, recent } = useMemo(() => {
    const rows: number[] = [];
    for (let i = 0; i < txTable.size; i++) if (txTable.accountIds[i] === account.id) rows.push(i);
    rows.sort((a, b) => txTable.dates[b] - txTable.dates[a] || txTable.importDates[b] - txTable.importDates[a]);
    return { points: balanceSeries([account], txTable), recent: rows.slice(0, 12) };
    // txVersion: the table (outside the store) changed
  }, [account, txVersion]);

  const closed = account.status === 'CLOSED';
  /** Reopens at once; closing asks first (CloseAccountDialog). */
  const reopen = async () => {
    setBusy(true);
    try {
      await accountsApi.update(account.id, { name: account.name, status: 'ACTIVE' });
      toast.success(t('account.updated'));
      await loadAccounts();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  const setHidden = async (hidden: boolean) => {
    setHiding(true);
    try {
      await accountsApi.setPreferences(account.id, { hidden_from_totals: hidden });
      toast.success(hidden ? t('account.hidden') : t('account.shown'));
      await loadAccounts();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setHiding(false);
    }
  };

  const s = account.savings;
  const details: Array<[string, React.ReactNode]> = [
    [t('account.type'), accountKind(i18n, account.type)],
    [
      t('account.status'),
      <AccountStatusBadge account={account} connection={connection} />,
    ],
    ...(account.iban
      ? ([[t('account.iban'), <span className="mono">{account.iban}</span>]] as Array<[string, React.ReactNode]>)
      : []),
    ...(account.account_number
      ? ([[t('account.number'), <span className="mono">{account.account_number}</span>]] as Array<
          [string, React.ReactNode]
        >)
      : []),
    ...(account.owner?.name ? ([[t('account.owner'), account.owner.name]] as Array<[string, React.ReactNode]>) : []),
    ...(account.usage
      ? ([[t('account.usage'), t(`account.usage.${account.usage}` as MessageKey)]] as Array<[string, React.ReactNode]>)
      : []),
    [t('account.currency'), account.currency],
    [t('account.connection'), connection ? <Link to={`/connections/${connection.id}`}>{connectionLabel}</Link> : '—'],
  ];
  const savings: Array<[string, React.ReactNode]> = s
    ? ([
        s.savings_type || s.type
          ? [t('account.savingsType'), [s.type, s.savings_type].filter(Boolean).join(' · ')]
          : null,
        s.yield_rate !== undefined
          ? [t('account.yield'), percent(s.yield_rate > 1 ? s.yield_rate / 100 : s.yield_rate)]
          : null,
        s.invested_raw !== undefined ? [t('account.invested'), money(s.invested_raw, account.currency)] : null,
        s.capital_gain
          ? [
              t('account.capitalGain'),
              `${money(s.capital_gain.amount, account.currency, { sign: true })} (${percent(s.capital_gain.percent / 100)})`,
            ]
          : null,
        s.effect_date ? [t('history.valueDate'), day(s.effect_date)] : null,
      ].filter(Boolean) as Array<[string, React.ReactNode]>)
    : [];
  const loan = account.loan ? Object.entries(account.loan).filter(([, v]) => v !== null && typeof v !== 'object') : [];

  return (
    <div className="page" data-testid="account-page">
      <PageHeader
        back={<BackLink to="/" label={t('nav.dashboard')} />}
        title={account.name}
        subtitle={
          <span className="row row-wrap" style={{ gap: 12, marginTop: 4 }}>
            <span className="stat-value" style={{ fontSize: 26, color: 'var(--text)' }}>
              <Amount value={account.balance} currency={account.currency} />
            </span>
            {account.balance_date && (
              <span className="faint">{t('account.balanceOn', { date: day(account.balance_date) })}</span>
            )}
          </span>
        }
        actions={
          <>
            <Button icon="list" onClick={() => navigate(`/history?account=${encodeURIComponent(account.id)}`)}>
              {t('nav.history')}
            </Button>
            <Button icon="edit" onClick={() => setDialog('rename')}>
              {t('account.rename')}
            </Button>
            <Button
              icon={closed ? 'play' : 'pause'}
              busy={busy}
              onClick={() => (closed ? void reopen() : setDialog('close'))}
            >
              {closed ? t('account.reopen') : t('account.close')}
            </Button>
            <Button variant="danger" icon="trash" onClick={() => setDialog('delete')}>
              {t('account.delete')}
            </Button>
          </>
        }
      />

      {reason && (
        <Alert
          tone={reason === 'PENDING_CONSENT' || reason === 'SUSPENDED' ? 'warning' : 'info'}
          action={
            (reason === 'PENDING_CONSENT' ||
              reason === 'NOT_SHARED' ||
              reason === 'SUSPENDED' ||
              reason === 'NOT_FOUND' ||
              reason === 'UNAVAILABLE') &&
            connection ? (
              <Link to={`/connections/${connection.id}`}>{t('account.openConnection')}</Link>
            ) : undefined
          }
        >
          <span data-testid="account-not-counted">{t(`account.notCounted.${reason}` as MessageKey)}</span>
          {closed && account.closing_date !== undefined && account.closing_balance !== undefined && (
            <>
              {' '}
              {t('account.closedOn', {
                date: day(account.closing_date),
                amount: money(account.closing_balance, account.currency),
              })}
            </>
          )}
        </Alert>
      )}

      <div className="grid-2 grid-2-wide" style={{ alignItems: 'start' }}>
        <Card title={t('account.details')} id="account-details">
          <dl className="kv" style={{ margin: 0 }}>
            {details.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {/* Only a shared account can be hidden (the others are out of the totals anyway). */}
          {(reason === null || reason === 'HIDDEN') && (
            <div style={{ marginTop: 16 }}>
              <Checkbox
                label={t('account.hideFromTotals')}
                checked={account.hidden_from_totals === true}
                disabled={hiding}
                aria-describedby="hide-from-totals-hint"
                onChange={(e) => void setHidden(e.target.checked)}
              />
              <p id="hide-from-totals-hint" className="faint" style={{ fontSize: 12.5, margin: '4px 0 0 26px' }}>
                {t('account.hideFromTotalsHint')}
              </p>
            </div>
          )}
          {savings.length > 0 && (
            <>
              <h3 style={{ margin: '20px 0 10px' }}>{t('account.savings')}</h3>
              <dl className="kv" style={{ margin: 0 }}>
                {savings.map(([k, v]) => (
                  <div key={k} style={{ display: 'contents' }}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          {loan.length > 0 && (
            <>
              <h3 style={{ margin: '20px 0 10px' }}>{t('account.loan')}</h3>
              <dl className="kv" style={{ margin: 0 }}>
                {loan.map(([k, v]) => (
                  <div key={k} style={{ display: 'contents' }}>
                    <dt>{LOAN_KEYS.has(k) ? t(`loan.${k}` as MessageKey) : k.replace(/_/g, ' ')}</dt>
                    <dd>{loanValue(i18n, k, v, account.currency)}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </Card>
        <Card title={t('account.history')} id="account-history">
          {txLoad.status === 'ready' || points.length > 1 ? (
            <>
              <BalanceChart points={points} currency={account.currency} label={t('account.history')} height={220} forecast={forecast} />
              <ForecastNote name={account.name} forecast={ahead.forecast} error={ahead.error} />
            </>
          ) : (
            <div className="row" style={{ height: 220, justifyContent: 'center' }}>
              <Spinner label={t('common.loading')} />
            </div>
          )}
        </Card>
      </div>

      <Card
        title={t('account.recent')}
        id="recent"
        actions={<Link to={`/history?account=${encodeURIComponent(account.id)}`}>{t('common.viewAll')}</Link>}
      >
        {recent.length === 0 ? (
          <p className="muted">{t('dashboard.noTransactions')}</p>
        ) : (
          <div className="list">
            {recent.map((i) => (
              <div key={txTable.ids[i]} className="list-item">
                <span className="faint num" style={{ width: 96, fontSize: 12.5 }}>
                  {day(txTable.dates[i])}
                </span>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {txTable.labels[i]}
                  </div>
                  <div className="faint" style={{ fontSize: 12 }}>
                    {categories.get(txTable.categories[i])?.label ?? txTable.categories[i]}
                  </div>
                </div>
                <Amount value={txTable.amounts[i]} currency={txTable.currencies[i]} sign />
              </div>
            ))}
          </div>
        )}
        {txLoad.status === 'loading' && (
          <p className="faint" style={{ fontSize: 12.5 }}>
            {tn('history.count', txTable.size)}…
          </p>
        )}
      </Card>

      <LedgerCard account={account} />

      <RenameAccountDialog account={account} open={dialog === 'rename'} onClose={() => setDialog(null)} />
      <DeleteAccountDialog account={account} open={dialog === 'delete'} onClose={() => setDialog(null)} />
      <CloseAccountDialog account={account} open={dialog === 'close'} onClose={() => setDialog(null)} />
    </div>
  );
}

function RenameAccountDialog({ account, open, onClose }: { account: Account; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const loadAccounts = useStore((s) => s.loadAccounts);
  const save = async (name: string) => {
    const status = account.status === 'CLOSED' ? 'CLOSED' : 'ACTIVE';
    await accountsApi.update(account.id, { name, status });
    toast.success(t('account.updated'));
    await loadAccounts();
  };
  return <RenameDialog title={t('account.rename')} name={account.name} open={open} onClose={onClose} save={save} />;
}

function DeleteAccountDialog({ account, open, onClose }: { account: Account; open: boolean; onClose: () => void }) {
  const { t, tn } = useT();
  const removeLocal = useStore((s) => s.removeAccountLocal);
  const loadConnections = useStore((s) => s.loadConnections);
  const [count, setCount] = useState<number | null>(null);
  const { busy, error, run } = useBusyAction();
  useEffect(() => {
    if (!open) return;
    setCount(null);
    transactionsApi
      .count({ account_id: account.id })
      .then(setCount)
      .catch(() => setCount(txTable.countForAccounts(new Set([account.id]))));
  }, [open, account.id]);
  const remove = () =>
    run(async () => {
      await accountsApi.remove(account.id);
      removeLocal(account.id);
      void loadConnections();
      toast.success(t('account.deleted'));
      onClose();
      navigate('/', { replace: true });
    });
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      cancelLabel={t('common.cancel')}
      title={t('account.deleteTitle', { name: account.name })}
      confirmLabel={t('common.delete')}
      busy={busy}
      disabled={count === null}
      error={error}
      onConfirm={() => void remove()}
    >
      <p>
        {count === null ? (
          <Spinner size="sm" />
        ) : (
          t('account.deleteText', { transactions: tn('connections.transactions', count) })
        )}
      </p>
    </ConfirmDialog>
  );
}

/** Closing asks first and says what it does: archived, no more synchronization, balance 0, history kept. */
function CloseAccountDialog({ account, open, onClose }: { account: Account; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const loadAccounts = useStore((s) => s.loadAccounts);
  const { busy, error, run, clearError } = useBusyAction();
  useEffect(() => {
    if (open) clearError();
  }, [open, clearError]);
  const close = () =>
    run(async () => {
      await accountsApi.update(account.id, { name: account.name, status: 'CLOSED' });
      toast.success(t('account.updated'));
      await loadAccounts();
      onClose();
    });
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      cancelLabel={t('common.cancel')}
      title={t('account.closeTitle', { name: account.name })}
      confirmLabel={t('account.close')}
      icon="pause"
      busy={busy}
      error={error}
      onConfirm={() => void close()}
    >
      <p>{t('account.closeText')}</p>
      <p>{t('account.closeReopen')}</p>
    </ConfirmDialog>
  );
}
