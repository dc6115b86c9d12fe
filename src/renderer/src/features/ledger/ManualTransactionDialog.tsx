import { useState, type FormEvent } from 'react';
import type { Account } from '../../lib/api';
import { manualLedgerApi } from '../../lib/api/ledger';
import { parseTypedDay } from '../../lib/date-input';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, DateField, Dialog, SelectField, TextField, toast } from '../../ui';
import { useBusyAction } from '../common/use-busy-action';
import { daySeconds, typedAmount } from './ledger-input';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Adds a transaction the bank does not know to an account (a manual one or a bank's): day, description,
 * money out or in, amount. The balance and the history are read again once it is kept.
 */
export function ManualTransactionDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t, lang } = useT();
  const loadAccounts = useStore((s) => s.loadAccounts);
  const refreshTransactions = useStore((s) => s.refreshTransactions);
  const [day, setDay] = useState(today);
  const [label, setLabel] = useState('');
  const [direction, setDirection] = useState<'out' | 'in'>('out');
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useBusyAction();

  const typed = typedAmount(amount);
  const problems = {
    day: parseTypedDay(day) ? undefined : t('ledger.invalidDate'),
    label: label.trim() === '' ? t('ledger.invalidLabel') : undefined,
    amount: typed === null ? t('ledger.invalidAmount') : Number(typed) === 0 ? t('ledger.zeroAmount') : undefined,
  };

  const close = () => {
    setLabel('');
    setAmount('');
    setTried(false);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!account || problems.day || problems.label || problems.amount) return;
    const unsigned = typed!.replace(/^[+-]/, '');
    void run(async () => {
      await manualLedgerApi.createTransaction({ account_id: account.id, amount: direction === 'out' ? `-${unsigned}` : unsigned, date: daySeconds(day), label: label.trim() });
      await Promise.all([loadAccounts(), refreshTransactions()]);
      toast.success(t('ledger.transactionAdded', { name: account.name }));
      close();
    });
  };

  return (
    <Dialog
      open={account !== null}
      onClose={close}
      closeLabel={t('common.close')}
      title={t('ledger.addTransaction')}
      description={t('ledger.addTransactionText')}
      footer={
        <>
          <Button type="button" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="manual-transaction-form" variant="primary" busy={busy}>
            {t('ledger.addTransaction')}
          </Button>
        </>
      }
    >
      <form id="manual-transaction-form" className="stack" onSubmit={submit} noValidate>
        {/* The account in full here: a long name would be cut in the title. */}
        <p style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="manual-account-name">
          {t('ledger.onAccount', { name: account?.name ?? '' })}
        </p>
        <DateField label={t('ledger.field.date')} value={day} onChange={setDay} lang={lang} invalidText={t('ledger.invalidDate')} testId="manual-day" />
        <TextField label={t('ledger.field.label')} value={label} onChange={(e) => setLabel(e.target.value)} error={tried && problems.label} data-autofocus maxLength={200} />
        <AmountFields
          direction={direction}
          onDirection={setDirection}
          amount={amount}
          onAmount={setAmount}
          currency={account?.currency ?? ''}
          error={tried ? problems.amount : undefined}
        />
        {tried && problems.day && <Alert tone="danger">{problems.day}</Alert>}
        {error && <Alert tone="danger">{error}</Alert>}
      </form>
    </Dialog>
  );
}

/** Money out or in, and the amount (typed without a sign). */
function AmountFields(p: {
  direction: 'out' | 'in';
  onDirection: (d: 'out' | 'in') => void;
  amount: string;
  onAmount: (a: string) => void;
  currency: string;
  error: string | undefined;
}) {
  const { t } = useT();
  return (
    <div className="row row-wrap" style={{ alignItems: 'flex-start' }}>
      <SelectField label={t('ledger.field.direction')} value={p.direction} onChange={(e) => p.onDirection(e.target.value as 'out' | 'in')}>
        <option value="out">{t('ledger.out')}</option>
        <option value="in">{t('ledger.in')}</option>
      </SelectField>
      <TextField
        label={`${t('ledger.field.amount')} (${p.currency})`}
        value={p.amount}
        onChange={(e) => p.onAmount(e.target.value)}
        error={p.error}
        inputMode="decimal"
        style={{ width: 140 }}
      />
    </div>
  );
}
