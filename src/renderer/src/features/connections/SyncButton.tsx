import { useState } from 'react';
import type { Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { syncSelectors, useStore } from '../../store';
import { Button, toast } from '../../ui';
import { errorMessage } from '../common/errors';

/** "Sync now": POST /connections/{id}/synchronize, then the progress comes from the event queue. */
export function SyncButton({
  connection,
  size = 'md',
  variant = 'default',
}: {
  connection: Connection;
  size?: 'md' | 'sm';
  variant?: 'default' | 'primary';
}) {
  const i18n = useT();
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const syncNow = useStore((s) => s.syncNow);
  const [busy, setBusy] = useState(false);
  const closed = connection.status === 'CLOSED';

  const go = async () => {
    setBusy(true);
    try {
      await syncNow(connection.id);
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size={size}
      variant={variant}
      icon="refresh"
      busy={busy || running}
      disabled={closed}
      onClick={() => void go()}
      aria-label={`${i18n.t('connections.syncNow')} — ${connection.name}`}
    >
      {running ? i18n.t('connections.syncing') : i18n.t('connections.syncNow')}
    </Button>
  );
}
