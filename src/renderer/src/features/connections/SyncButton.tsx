import { useState } from 'react';
import type { Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { dataSelectors, syncSelectors, useStore } from '../../store';
import { Button, Dialog, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { retryRisk } from './credential-recovery';

/**
 * "Sync now": POST /connections/{id}/synchronize, then the progress comes from the event queue. After a refused
 * password it asks first (a retry sends the same password, and banks lock a login after a few refusals), and
 * offers "Update credentials" instead.
 */
export function SyncButton({
  connection,
  size = 'md',
  variant = 'default',
  onUpdateCredentials,
}: {
  connection: Connection;
  size?: 'md' | 'sm';
  variant?: 'default' | 'primary';
  /** Opens the credentials form; without it, the connection page opens with that form. */
  onUpdateCredentials?: () => void;
}) {
  const i18n = useT();
  const { t } = i18n;
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const label = useStore((s) => dataSelectors.connectionLabelText(s, connection));
  const syncNow = useStore((s) => s.syncNow);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const closed = connection.status === 'CLOSED';
  const risk = retryRisk(connection);

  const go = async () => {
    setAsking(false);
    setBusy(true);
    try {
      await syncNow(connection.id);
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  const updateCredentials = () => {
    setAsking(false);
    if (onUpdateCredentials) onUpdateCredentials();
    else navigate(`/connections/${encodeURIComponent(connection.id)}?update=credentials`);
  };

  // A connection kept by hand has no bank to ask: nothing to synchronize, no button.
  if (connection.provider_id === 'manual') return null;

  return (
    <>
      <Button
        size={size}
        variant={variant}
        icon="refresh"
        busy={busy || running}
        disabled={closed}
        onClick={() => (risk && !running ? setAsking(true) : void go())}
        aria-label={`${t('connections.syncNow')} — ${label}`}
      >
        {running ? t('connections.syncing') : t('connections.syncNow')}
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        closeLabel={t('common.close')}
        role="alertdialog"
        title={risk === 'locked' ? t('recovery.lockedTitle') : t('recovery.title')}
        footer={
          // three actions: they wrap on narrow windows (800 px) rather than leave the dialog
          <div className="row row-wrap" style={{ justifyContent: 'flex-end', width: '100%', gap: 8 }}>
            <Button onClick={() => setAsking(false)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void go()}>
              {t('recovery.retryAnyway')}
            </Button>
            <Button variant="primary" icon="key" onClick={updateCredentials}>
              {t('connections.editCredentials')}
            </Button>
          </div>
        }
      >
        <p data-testid="retry-warning">{risk === 'locked' ? t('recovery.lockedText') : t('recovery.text')}</p>
        {risk === 'refused' && <p className="muted">{t('recovery.advice')}</p>}
      </Dialog>
    </>
  );
}
