import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ApiError, connectionsApi, transactionsApi, type ChannelDefinition, type Connection } from '../../lib/api';
import { preloadEncryption, prepareCredentials } from '../../lib/credential-encryption';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';
import { Alert, Button, ConfirmDialog, Dialog, Spinner, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { RenameDialog } from '../common/RenameDialog';
import { useBusyAction } from '../common/use-busy-action';
import { CredentialFields, credentialsValid } from './CredentialFields';
import { keptCredentialIds } from './credential-recovery';
import { isSimplefin, SimplefinTokenField } from './simplefin/SimplefinTokenField';

/** Deleting says what goes with it: N accounts and M transactions (counted by the API, all statuses). */
export function DeleteConnectionDialog({
  connection,
  open,
  onClose,
}: {
  connection: Connection;
  open: boolean;
  onClose: () => void;
}) {
  const i18n = useT();
  const { t, tn } = i18n;
  const accounts = useStore(useShallow((s) => dataSelectors.accountsOf(s, connection.id)));
  const label = useStore((s) => dataSelectors.connectionLabelText(s, connection));
  const removeLocal = useStore((s) => s.removeConnectionLocal);
  const [count, setCount] = useState<number | null>(null);
  const { busy, error, run } = useBusyAction();

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setCount(null);
    const ids = dataSelectors.accountsOf(useStore.getState(), connection.id).map((a) => a.id);
    Promise.all(ids.map((id) => transactionsApi.count({ account_id: id })))
      .then((counts) => !cancelled && setCount(counts.reduce((a, b) => a + b, 0)))
      .catch(() => !cancelled && setCount(txTable.countForAccounts(new Set(ids))));
    return () => {
      cancelled = true;
    };
  }, [open, connection.id]);

  // The engine refuses to delete while the keychain cannot remove the bank password: said as such.
  const [keychainLocked, setKeychainLocked] = useState(false);
  const remove = () =>
    run(async () => {
      setKeychainLocked(false);
      try {
        await connectionsApi.remove(connection.id);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'secret_store_unavailable')) throw err;
        setKeychainLocked(true);
        return;
      }
      removeLocal(connection.id);
      toast.success(t('connections.deleted'));
      onClose();
      navigate('/connections', { replace: true });
    });

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      cancelLabel={t('common.cancel')}
      title={t('connections.deleteTitle', { name: label })}
      confirmLabel={t('connections.delete')}
      busy={busy}
      disabled={count === null}
      error={keychainLocked ? t('keychain.deleteLocked') : error}
      onConfirm={() => void remove()}
    >
      <p data-testid="delete-summary">
        {count === null ? (
          <span className="row muted">
            <Spinner size="sm" /> {t('connections.deleteCounting')}
          </span>
        ) : (
          t('connections.deleteText', {
            accounts: tn('connections.accounts', accounts.length),
            transactions: tn('connections.transactions', count),
          })
        )}
      </p>
    </ConfirmDialog>
  );
}

export function CloseConnectionDialog({
  connection,
  open,
  onClose,
}: {
  connection: Connection;
  open: boolean;
  onClose: () => void;
}) {
  const i18n = useT();
  const { t } = i18n;
  const label = useStore((s) => dataSelectors.connectionLabelText(s, connection));
  const loadConnections = useStore((s) => s.loadConnections);
  const loadAccounts = useStore((s) => s.loadAccounts);
  const [busy, setBusy] = useState(false);
  const close = async () => {
    setBusy(true);
    try {
      await connectionsApi.close(connection.id);
      toast.success(t('connections.closed'));
      onClose();
      await Promise.all([loadConnections(), loadAccounts()]);
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      title={t('connections.closeTitle', { name: label })}
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" busy={busy} onClick={() => void close()} data-autofocus>
            {t('connections.close')}
          </Button>
        </>
      }
    >
      <p>{t('connections.closeText')}</p>
    </Dialog>
  );
}

/** Renames a connection (PATCH name), shown at once on every screen. */
export function RenameConnectionDialog({
  connection,
  open,
  onClose,
}: {
  connection: Connection;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useT();
  const applyConnection = useStore((s) => s.applyConnection);
  const save = async (name: string) => {
    await connectionsApi.rename(connection.id, name);
    applyConnection({ ...connection, name });
    toast.success(t('connections.renamed'));
  };
  return <RenameDialog title={t('connections.rename')} name={connection.name} open={open} onClose={onClose} save={save} />;
}

/** New credentials for an EMBEDDED channel, or a first use of one (adding a channel): PUT …/credentials. */
export function CredentialsDialog({
  connection,
  definition,
  open,
  onClose,
}: {
  connection: Connection;
  definition: ChannelDefinition;
  open: boolean;
  onClose: () => void;
}) {
  const i18n = useT();
  const { t } = i18n;
  const markRunning = useStore((s) => s.markRunning);
  const loadConnections = useStore((s) => s.loadConnections);
  const [values, setValues] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const channel = connection.channels.find((c) => c.channel_definition_id === definition.id);
  useEffect(preloadEncryption, []);
  const masked = Object.fromEntries((channel?.credentials ?? []).map((c) => [c.id, c.masked_value]));
  // Statement files (a DOCUMENT provider): the credential is a folder path, not a secret.
  const isDocument = useStore((s) => s.providers.find((p) => p.id === connection.provider_id)?.type === 'DOCUMENT');
  // The login stays as it is (only the password is asked) unless the person chooses another one.
  const keepable = keptCredentialIds(definition.credentials, channel?.credentials ?? []);
  const [changeLogin, setChangeLogin] = useState(false);
  const kept = changeLogin ? new Set<string>() : keepable;

  useEffect(() => {
    if (open) {
      setValues({});
      setShowErrors(false);
      setError(null);
      setChangeLogin(false);
    }
  }, [open]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (!credentialsValid(definition.credentials, values, kept)) return;
    setBusy(true);
    setError(null);
    try {
      const typed = Object.fromEntries(Object.entries(values).filter(([id]) => !kept.has(id)));
      const prepared = await prepareCredentials(definition.credentials, typed);
      await connectionsApi.updateCredentials(connection.id, { channel_definition_id: definition.id, ...prepared });
      markRunning(connection.id);
      void loadConnections();
      toast.success(t('common.saved'));
      onClose();
    } catch (err) {
      setError(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeLabel={t('common.close')}
      title={channel && channel.status !== 'EMPTY' ? t('connections.editCredentials') : t('connections.addChannel')}
      description={isSimplefin(connection.provider_id) ? undefined : t(`mode.${definition.mode}`)}
    >
      <form className="stack" onSubmit={save} noValidate>
        {isSimplefin(connection.provider_id) ? (
          <SimplefinTokenField values={values} onChange={setValues} showErrors={showErrors} />
        ) : (
          <CredentialFields
            definitions={definition.credentials}
            values={values}
            onChange={setValues}
            showErrors={showErrors}
            masked={masked}
            folders={isDocument}
            kept={kept}
            onChangeKept={keepable.size ? () => setChangeLogin(true) : undefined}
          />
        )}
        {!isDocument && (
          <p className="faint" style={{ fontSize: 12.5 }}>
            {t('add.credentialsHint')}
          </p>
        )}
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
