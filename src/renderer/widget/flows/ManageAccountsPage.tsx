import { useCallback, useEffect, useState } from 'react';
import { post } from '../lib/api';
import { loadAccounts, loadConnection, loadConnectionLabel, loadProvider, sleep } from '../lib/connections';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import { EventQueue } from '../lib/queue';
import type { Account, ListedAccount, Provider } from '../lib/types';
import { AccountPicker } from '../screens/AccountPicker';
import { ErrorScreen, LoadingScreen } from '../screens/ErrorScreen';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

const NEW = 'new:';
/** Accounts whose consent can change here (closed or unavailable ones are not a consent matter). */
const MANAGED = new Set(['ACTIVE', 'ERROR', 'NOT_FOUND', 'PENDING_CONSENT']);
const consented = (a: Account) => a.status !== 'PENDING_CONSENT';

/**
 * manage_accounts: the consented account list of a connection. Ticking an account waiting in PENDING_CONSENT
 * grants consent (it is synchronized); unticking withdraws it; accounts a LIST_ACCOUNTS synchronization
 * finds NEW can be added (POST /accounts).
 */
export function ManageAccountsPage() {
  const { t } = useI18n();
  const { params, finish } = useEnv();
  const id = params.connectionId!;
  const [provider, setProvider] = useState<Provider | null>(null);
  const [label, setLabel] = useState('');
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [listed, setListed] = useState<ListedAccount[]>([]);
  const [version, setVersion] = useState(0);
  const [looking, setLooking] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const all = await loadAccounts(id);
    setAccounts(all.filter((a) => MANAGED.has(a.status)));
    setVersion((v) => v + 1);
  }, [id]);

  useEffect(() => {
    (async () => {
      const connection = await loadConnection(id);
      const [found, named] = await Promise.all([loadProvider(connection.provider_id), loadConnectionLabel(connection)]);
      setLabel(named);
      setProvider(found);
      await reload();
    })().catch((err) => setError(errorText(t, err)));
  }, [id, reload, t]);

  const look = async () => {
    setLooking(true);
    setNote(null);
    try {
      const queue = await EventQueue.subscribe();
      await post(`/v2/connections/${encodeURIComponent(id)}/synchronize`, {}, { type: 'LIST_ACCOUNTS' });
      const deadline = Date.now() + 60_000;
      let found: ListedAccount[] | null = null;
      let ended = false;
      while (!found && !ended && Date.now() < deadline) {
        for (const e of await queue.read(id)) {
          if (e.event_type === 'LIST_ACCOUNTS_SUCCESS') found = e.list_accounts_success?.accounts ?? [];
          else if (!['RUNNING', 'CHALLENGE_REQUIRED', 'CONSENT_REQUIRED'].includes(e.event_type)) ended = true;
        }
        if (!found && !ended) await sleep(700);
      }
      const result = found as ListedAccount[] | null;
      if (!result) setNote(t('manage.lookFailed'));
      await reload();
      setListed((result ?? []).filter((a) => a.status === 'NEW'));
    } catch (err) {
      setNote(errorText(t, err));
    } finally {
      setLooking(false);
    }
  };

  if (error)
    return (
      <ErrorScreen
        message={error}
        onClose={() => finish({ result: 'error', error: 'connection_not_found', connection_id: id })}
      />
    );
  if (!provider || !accounts) return <LoadingScreen />;

  const known = new Set(accounts.map((a) => a.reference));
  const addable = listed.filter((l) => !known.has(l.reference));
  const items = [
    ...accounts.map((a) => ({
      key: a.id,
      name: a.name,
      type: a.type,
      currency: a.currency,
      balance: a.balance,
      detail: a.iban ?? a.account_number,
    })),
    ...addable.map((l) => ({
      key: NEW + l.reference,
      name: l.name,
      type: l.type,
      currency: l.currency,
      balance: l.balance,
      badge: t('manage.new'),
    })),
  ];

  const save = async (selected: Set<string>) => {
    setSubmitError(null);
    const grant = accounts.filter((a) => !consented(a) && selected.has(a.id)).map((a) => a.id);
    const withdraw = accounts.filter((a) => consented(a) && !selected.has(a.id)).map((a) => a.id);
    const added = addable.filter((l) => selected.has(NEW + l.reference));
    try {
      for (const l of added) await post('/v2/accounts', { connection_id: id, reference: l.reference });
      if (grant.length || withdraw.length)
        await post(`/widget/api/connections/${encodeURIComponent(id)}/consent`, { grant, withdraw });
      finish({ result: 'success', connection_id: id });
    } catch (err) {
      setSubmitError(errorText(t, err));
    }
  };

  return (
    <>
      <AccountPicker
        key={version}
        testId="manage-accounts"
        title={t('manage.title')}
        subtitle={
          <>
            {t('manage.subtitle', { connection: label })}
            {items.length === 0 && <span className="w-empty-inline"> {t('manage.empty')}</span>}
          </>
        }
        accounts={items}
        initial={new Set(accounts.filter(consented).map((a) => a.id))}
        allowNone
        submitLabel={() => t('manage.save')}
        error={submitError}
        onSubmit={save}
        secondary={
          <Button variant="secondary" onClick={look} busy={looking}>
            {looking ? t('manage.looking') : t('manage.look')}
          </Button>
        }
      />
      {note && <Alert tone="warning">{note}</Alert>}
    </>
  );
}
