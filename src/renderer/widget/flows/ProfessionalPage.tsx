import { useEffect, useState } from 'react';
import { get, post } from '../lib/api';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import type { Account } from '../lib/types';
import { AccountPicker } from '../screens/AccountPicker';
import { ErrorScreen, LoadingScreen } from '../screens/ErrorScreen';
import { Button } from '../ui/Button';
import { CheckIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';

/** professional-account: the SUSPENDED professional accounts (of one connection, or all), validated by the user. */
export function ProfessionalPage() {
  const { t } = useI18n();
  const { params, finish } = useEnv();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  useEffect(() => {
    get<Account[]>('/v2/accounts', {
      usage: 'PROFESSIONAL',
      status: 'SUSPENDED',
      connection_id: params.connectionId,
      limit: 500,
    }).then(setAccounts, (err) => setError(errorText(t, err)));
  }, [params.connectionId, t]);

  const connectionId = params.connectionId ?? accounts?.[0]?.connection_id;
  if (error)
    return <ErrorScreen message={error} onClose={() => finish({ result: 'error', error: 'internal_error' })} />;
  if (!accounts) return <LoadingScreen />;
  if (accounts.length === 0) {
    return (
      <Screen
        title={t('pro.title')}
        subtitle={t('pro.none')}
        icon={<CheckIcon />}
        testId="pro-none"
        actions={
          <Button onClick={() => finish({ result: 'success', connection_id: connectionId })}>
            {t('app.continue')}
          </Button>
        }
      />
    );
  }
  return (
    <AccountPicker
      testId="professional-accounts"
      title={t('pro.title')}
      subtitle={t('pro.subtitle')}
      accounts={accounts.map((a) => ({
        key: a.id,
        name: a.name,
        type: a.type,
        currency: a.currency,
        balance: a.balance,
        detail: a.owner?.name ?? a.iban,
      }))}
      initial={new Set(accounts.map((a) => a.id))}
      allowNone
      submitLabel={(n) => t('pro.submit', { n })}
      error={submitError}
      onSubmit={async (selected) => {
        setSubmitError(null);
        try {
          for (const id of selected) await post(`/v2/accounts/${encodeURIComponent(id)}/validate_professional`, {});
          finish({ result: 'success', connection_id: connectionId });
        } catch (err) {
          setSubmitError(errorText(t, err));
        }
      }}
    />
  );
}
