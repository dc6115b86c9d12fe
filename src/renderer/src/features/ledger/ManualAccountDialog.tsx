import { useState, type FormEvent } from 'react';
import { manualLedgerApi, MANUAL_KINDS, type ManualKind } from '../../lib/api/ledger';
import { useT, type MessageKey } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Dialog, SelectField, TextField, toast } from '../../ui';
import { useBusyAction } from '../common/use-busy-action';
import { manualConnectionOf, typedAmount } from './ledger-input';

/**
 * Adds an account kept by hand: name, what it holds, currency and today's balance. It goes on the person's
 * manual connection, made the first time.
 */
export function ManualAccountDialog({ open, onClose, currency: defaultCurrency }: { open: boolean; onClose: () => void; currency: string }) {
  const { t } = useT();
  const loadAccounts = useStore((s) => s.loadAccounts);
  const loadConnections = useStore((s) => s.loadConnections);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ManualKind>('CASH');
  const [currency, setCurrency] = useState(defaultCurrency);
  const [balance, setBalance] = useState('0');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useBusyAction();

  const cleanCurrency = currency.trim().toUpperCase();
  const problems = {
    name: name.trim() === '' ? t('ledger.invalidName') : undefined,
    currency: /^[A-Z]{3}$/.test(cleanCurrency) ? undefined : t('ledger.invalidCurrency'),
    balance: typedAmount(balance) === null ? t('ledger.invalidAmount') : undefined,
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.name || problems.currency || problems.balance) return;
    void run(async () => {
      const connection = manualConnectionOf(useStore.getState().connections) ?? (await manualLedgerApi.createConnection(t('ledger.manualConnection')));
      await manualLedgerApi.createAccount({ connection_id: connection.id, name: name.trim(), kind, currency: cleanCurrency, balance: typedAmount(balance)! });
      await Promise.all([loadConnections(), loadAccounts()]);
      toast.success(t('ledger.created', { name: name.trim() }));
      setName('');
      setBalance('0');
      setTried(false);
      onClose();
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      title={t('ledger.addAccount')}
      description={t('ledger.addAccountText')}
      footer={
        <>
          <Button type="button" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="manual-account-form" variant="primary" busy={busy}>
            {t('ledger.create')}
          </Button>
        </>
      }
    >
      <form id="manual-account-form" className="stack" onSubmit={submit} noValidate>
        <TextField label={t('ledger.field.name')} value={name} onChange={(e) => setName(e.target.value)} error={tried && problems.name} data-autofocus maxLength={120} />
        <SelectField label={t('ledger.field.kind')} value={kind} onChange={(e) => setKind(e.target.value as ManualKind)}>
          {MANUAL_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`ledger.kind.${k}` as MessageKey)}
            </option>
          ))}
        </SelectField>
        <div className="row row-wrap" style={{ alignItems: 'flex-start' }}>
          <TextField label={t('ledger.field.currency')} value={currency} onChange={(e) => setCurrency(e.target.value)} error={tried && problems.currency} maxLength={3} style={{ width: 90 }} />
          <TextField
            label={t('ledger.field.balance')}
            hint={t('ledger.field.balanceHint')}
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            error={tried && problems.balance}
            inputMode="decimal"
          />
        </div>
        {error && <Alert tone="danger">{error}</Alert>}
      </form>
    </Dialog>
  );
}
