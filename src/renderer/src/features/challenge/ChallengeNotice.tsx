import type { Connection } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { useConnectionLabel } from '../common/use-connection-label';
import type { ActiveChallenge } from '../../store/sync/initialState';
import { Alert, Button, toast } from '../../ui';
import { clock, useSecondsLeft } from './seconds-left';

/** Opens a connection's pending challenge; says so when the bank no longer waits. */
export function useOpenChallenge(): (connectionId: string) => Promise<void> {
  const { t } = useT();
  const open = useStore((s) => s.openChallenge);
  return async (connectionId) => {
    if (!(await open(connectionId))) toast.info(t('challenge.gone'));
  };
}

/**
 * A connection's pending challenge, on its card and its page: the time left and "Enter the code" (so a
 * dismissed dialog is never lost). After a challenge ended the run, the connection's attempt note says what
 * to do next (connections/SyncStateLines.tsx), like any other failed attempt.
 */
export function ChallengeNotice({ connection }: { connection: Connection }) {
  const pending = useStore((s) => s.challenges[connection.id]);
  if (pending) return <PendingChallenge connection={connection} challenge={pending} />;
  return null;
}

function PendingChallenge({ connection, challenge }: { connection: Connection; challenge: ActiveChallenge }) {
  const { t } = useT();
  const left = useSecondsLeft(challenge.expires);
  const open = useOpenChallenge();
  const label = useConnectionLabel(connection);
  if (left <= 0) return null;
  return (
    <div data-testid="challenge-pending">
      <Alert
        tone="warning"
        action={
          <Button
            size="sm"
            variant="primary"
            icon="key"
            aria-label={t('challenge.open')}
            title={t('challenge.openFor', { name: label.text })}
            onClick={() => void open(connection.id)}
          >
            {t('challenge.open')}
          </Button>
        }
      >
        {t('challenge.pendingShort', { time: clock(left) })}
      </Alert>
    </div>
  );
}
