import { useState, type FormEvent } from 'react';
import { ApiError, type Account } from '../../lib/api';
import { manualLedgerApi, type Reconciliation } from '../../lib/api/ledger';
import { parseTypedDay } from '../../lib/date-input';
import { useT } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { Alert, Button, Card, DateField, TextField } from '../../ui';
import { Amount } from '../common/Amount';
import { useAsync } from '../common/useAsync';
import { useBusyAction } from '../common/use-busy-action';
import { typedAmount } from './ledger-input';
import { ManualTransactionDialog } from './ManualTransactionDialog';

const ROWS = 20;

/** The last reconciliation, or null when the account was never reconciled (the API answers 404). */
const lastReconciliation = (id: string) =>
  manualLedgerApi.reconciliation(id).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

/**
 * An account's own ledger on its page: add a transaction the bank does not know, reconcile with a statement
 * (the difference said in words), and the balance after each of the latest booked transactions. Both are
 * read again whenever the balance changes.
 */
export function LedgerCard({ account }: { account: Account }) {
  const { t } = useT();
  const [adding, setAdding] = useState(false);
  const running = useAsync(() => manualLedgerApi.runningBalances(account.id, 1, ROWS).then((r) => r.data), [account.id, account.balance]);
  const reconciliation = useAsync(() => lastReconciliation(account.id), [account.id, account.balance]);
  const closed = account.status === 'CLOSED';
  return (
    <Card
      title={t('ledger.cardTitle')}
      id="ledger"
      actions={
        !closed && (
          <Button size="sm" icon="plus" onClick={() => setAdding(true)} data-testid="account-add-transaction">
            {t('ledger.addTransaction')}
          </Button>
        )
      }
    >
      <div className="stack">
        <ReconcileForm account={account} last={reconciliation.data ?? null} onDone={reconciliation.setData} />
        <RunningList account={account} rows={running.data ?? []} loading={running.loading} />
      </div>
      <ManualTransactionDialog account={adding ? account : null} onClose={() => setAdding(false)} />
    </Card>
  );
}

function ReconcileForm({ account, last, onDone }: { account: Account; last: Reconciliation | null; onDone: (r: Reconciliation) => void }) {
  const { t, lang, money, day } = useT();
  const [statementDay, setStatementDay] = useState(() => new Date().toISOString().slice(0, 10));
  const [balance, setBalance] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useBusyAction();
  const typed = typedAmount(balance);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (typed === null || !parseTypedDay(statementDay)) return;
    void run(async () => onDone(await manualLedgerApi.reconcile(account.id, { date: statementDay, statement_balance: typed })));
  };
  const dayOf = (iso: string) => day(Date.parse(`${iso}T12:00:00Z`) / 1000);
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t('ledger.reconcile')}>
      <h3 style={{ margin: 0, fontSize: 14 }}>{t('ledger.reconcile')}</h3>
      <p className="muted" style={{ margin: 0, fontSize: 13 }}>
        {t('ledger.reconcileText')}
      </p>
      <div className="row row-wrap" style={{ alignItems: 'flex-end' }}>
        <DateField label={t('ledger.statementDay')} value={statementDay} onChange={setStatementDay} lang={lang} invalidText={t('ledger.invalidDate')} testId="statement-day" />
        <TextField
          label={`${t('ledger.statementBalance')} (${account.currency})`}
          value={balance}
          onChange={(e) => setBalance(e.target.value)}
          error={tried && typed === null ? t('ledger.invalidAmount') : undefined}
          inputMode="decimal"
          style={{ width: 140 }}
        />
        <Button type="submit" busy={busy}>
          {t('ledger.check')}
        </Button>
      </div>
      {error && <Alert tone="danger">{error}</Alert>}
      {last && (
        <Alert tone={last.difference === 0 ? 'success' : 'warning'}>
          <span data-testid="reconciliation-result">
            {last.difference === 0
              ? t('ledger.reconciledAgree', { day: dayOf(last.date), amount: money(last.balance, account.currency) })
              : t('ledger.reconciledDiffer', {
                  day: dayOf(last.date),
                  statement: money(last.statement_balance, account.currency),
                  balance: money(last.balance, account.currency),
                  difference: money(last.difference, account.currency, { sign: true }),
                })}
          </span>
        </Alert>
      )}
    </form>
  );
}

function RunningList({ account, rows, loading }: { account: Account; rows: ReadonlyArray<{ transaction_id: string; date: number; amount: number; balance: number }>; loading: boolean }) {
  const { t, day } = useT();
  if (rows.length === 0) return loading ? null : <p className="muted">{t('ledger.runningEmpty')}</p>;
  return (
    <div className="list" data-testid="running-balances">
      <div className="row" style={{ justifyContent: 'space-between', marginTop: 8 }}>
        <h3 style={{ margin: 0, fontSize: 14 }}>{t('ledger.runningTitle')}</h3>
        <span className="faint" style={{ fontSize: 12 }}>
          {t('ledger.runningBalance')}
        </span>
      </div>
      {rows.map((r) => {
        const i = txTable.indexOf(r.transaction_id);
        return (
          <div key={r.transaction_id} className="list-item" data-testid="running-row">
            <span className="faint num" style={{ width: 96, fontSize: 12.5 }}>
              {day(r.date)}
            </span>
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{i >= 0 ? txTable.labels[i] : ''}</span>
            <Amount value={r.amount} currency={account.currency} sign />
            <span style={{ width: 120, textAlign: 'right' }} data-testid="running-balance">
              <Amount value={r.balance} currency={account.currency} strong />
            </span>
          </div>
        );
      })}
    </div>
  );
}
