import type { Connection } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { syncSelectors, useStore } from '../../store';
import { useConnectionLabel } from '../common/use-connection-label';
import type { ActiveChallenge } from '../../store/sync/initialState';
import { Alert, Button, toast } from '../../ui';
import { clock, useSecondsLeft } from './seconds-left';

const ENDED = ['CHALLENGE_FAILED', 'CHALLENGE_TIMED_OUT', 'CHALLENGE_CANCELLED'];

/** Opens a connection's pending challenge; says so when the bank no longer waits. */
export function useOpenChallenge(): (connectionId: string) => Promise<void> {
  const { t } = useT();
  const open = useStore((s) => s.openChallenge);
  return async (connectionId) => {
    if (!(await open(connectionId))) toast.info(t('challenge.gone'));
  };
}

/**
 * A connection's challenge, on its card and its page: while one is pending, the time left and "Enter the code"
 * (so a dismissed dialog is never lost); after a challenge ended the run, what to do next.
 */
export function ChallengeNotice({ connection }: { connection: Connection }) {
  const pending = useStore((s) => s.challenges[connection.id]);
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  if (pending) return <PendingChallenge connection={connection} challenge={pending} />;
  if (running || !ENDED.includes(connection.status)) return null;
  return <NextStep status={connection.status} />;
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

function NextStep({ status }: { status: string }) {
  const { t } = useT();
  return (
    <p className="muted" style={{ margin: 0, fontSize: 13 }} data-testid="challenge-next-step">
      {t(`challenge.nextStep.${status}` as MessageKey)}
    </p>
  );
}
