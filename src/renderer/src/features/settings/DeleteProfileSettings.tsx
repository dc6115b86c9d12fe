import { useEffect, useState } from 'react';
import { accountsApi, ApiError, connectionsApi, transactionsApi } from '../../lib/api';
import { useT, type I18n } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';
import { Button, Card, ConfirmDialog, Spinner, toast } from '../../ui';
import { useBusyAction } from '../common/use-busy-action';

interface Counts {
  connections: number;
  accounts: number;
  transactions: number;
}

/**
 * What the profile holds, asked of the engine when the dialog opens (this window's lists may be behind a
 * synchronization that just ended); this window's copy when the engine cannot say.
 */
function useProfileCounts(open: boolean): Counts | null {
  const [counts, setCounts] = useState<Counts | null>(null);
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setCounts(null);
    Promise.all([connectionsApi.list(), accountsApi.list(), transactionsApi.count({})])
      .then(([connections, accounts, transactions]) => ({
        connections: connections.length,
        accounts: accounts.length,
        transactions,
      }))
      .catch(() => {
        const s = useStore.getState();
        return { connections: s.connections.length, accounts: s.accounts.length, transactions: txTable.size };
      })
      .then((found) => !cancelled && setCounts(found));
    return () => {
      cancelled = true;
    };
  }, [open]);
  return counts;
}

/**
 * The engine refuses to delete a profile while the keychain is locked (503 secret_store_unavailable): the
 * bank passwords it keeps there could not be removed, so nothing at all was deleted. Said as such, with the
 * way out (unlock, then delete again), rather than the general keychain sentence about storing credentials.
 */
function deletionRefusal(i18n: I18n, err: unknown): string | null {
  return err instanceof ApiError && err.code === 'secret_store_unavailable' ? i18n.t('keychain.profileDeleteLocked') : null;
}

/**
 * Settings → General: leaving. Before anything happens the dialog says what goes (the connections, accounts
 * and transactions counted, the keychain entries, the person's own rules and notes, tokens, what this window
 * remembers); the profile is then deleted through the API and the window starts afresh at the first run.
 */
export function DeleteProfileSettings({ email }: { email: string }) {
  const { t, tn } = useT();
  const [open, setOpen] = useState(false);
  const deleteProfile = useStore((s) => s.deleteProfile);
  const counts = useProfileCounts(open);
  const { busy, error, run, clearError } = useBusyAction(deletionRefusal);

  const close = () => {
    setOpen(false);
    clearError();
  };
  const confirm = () =>
    run(async () => {
      await deleteProfile();
      toast.success(t('leaving.done'));
    });

  return (
    <Card title={t('leaving.title')} id="delete-profile">
      <div className="stack" style={{ maxWidth: 620 }}>
        <p className="muted">{t('leaving.intro')}</p>
        <div>
          <Button variant="danger" icon="trash" onClick={() => setOpen(true)}>
            {t('leaving.open')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={open}
        onClose={close}
        closeLabel={t('common.close')}
        cancelLabel={t('common.cancel')}
        title={t('leaving.confirmTitle', { email })}
        confirmLabel={t('leaving.confirm')}
        busy={busy}
        disabled={counts === null}
        error={error}
        onConfirm={() => void confirm()}
      >
        <div className="stack" data-testid="delete-profile-summary">
          <p>{t('leaving.removes')}</p>
          {counts === null ? (
            <span className="row muted">
              <Spinner size="sm" /> {t('leaving.counting')}
            </span>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
              <li>
                {t('leaving.data', {
                  connections: tn('leaving.connections', counts.connections),
                  accounts: tn('connections.accounts', counts.accounts),
                  transactions: tn('connections.transactions', counts.transactions),
                })}
              </li>
              <li>{t('leaving.secrets')}</li>
              <li>{t('leaving.own')}</li>
              <li>{t('leaving.tokens')}</li>
              <li>{t('leaving.window')}</li>
            </ul>
          )}
          <p>
            <strong>{t('leaving.after', { email })}</strong>
          </p>
        </div>
      </ConfirmDialog>
    </Card>
  );
}
