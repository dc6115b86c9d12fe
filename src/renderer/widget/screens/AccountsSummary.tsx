import { useEffect, useState } from 'react';
import { loadAccounts } from '../lib/connections';
import { errorText } from '../lib/errors';
import { formatAmount, useI18n } from '../lib/i18n';
import type { Account, Provider } from '../lib/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { CheckIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';
import { Spinner } from '../ui/Spinner';

/** The end of a captive flow: the accounts retrieved. */
export function AccountsSummary({
  provider,
  connectionId,
  onDone,
}: {
  provider: Provider;
  connectionId: string;
  onDone(): void;
}) {
  const { t, lng } = useI18n();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadAccounts(connectionId).then(setAccounts, (err) => setError(errorText(t, err)));
  }, [connectionId, t]);
  const shown = accounts?.filter((a) => a.status !== 'CLOSED') ?? [];
  return (
    <Screen
      title={t('summary.title')}
      subtitle={accounts ? t('summary.subtitle', { bank: provider.name, n: shown.length }) : undefined}
      icon={<CheckIcon />}
      tone="success"
      testId="summary"
      actions={<Button onClick={onDone}>{t('app.done')}</Button>}
    >
      {error && <Alert tone="error">{error}</Alert>}
      {!accounts && !error && <Spinner label={t('app.loading')} />}
      {accounts && shown.length === 0 && <p className="w-empty">{t('summary.empty')}</p>}
      {shown.length > 0 && (
        <ul className="w-accounts w-accounts-static">
          {shown.map((a) => (
            <li key={a.id} className="w-account">
              <span className="w-account-text">
                <span className="w-account-name">{a.name}</span>
                <span className="w-account-detail">{t(`type.${a.type}` as 'type.CHECKINGS')}</span>
              </span>
              <span className="w-amount">{formatAmount(lng, a.balance, a.currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
