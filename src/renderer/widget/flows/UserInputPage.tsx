import { useEffect, useState } from 'react';
import { loadConnection, loadProvider } from '../lib/connections';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import { EventQueue } from '../lib/queue';
import { errorCodeOf, outcomeOf } from '../lib/status';
import type { Provider } from '../lib/types';
import type { Challenge } from '../screens/ChallengeForm';
import { ErrorScreen, LoadingScreen } from '../screens/ErrorScreen';
import { OutcomeScreen } from '../screens/OutcomeScreen';
import { fetchPendingChallenge, SyncWatch } from '../screens/SyncWatch';
import { Button } from '../ui/Button';
import { KeyIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';

/** user_input: the challenge a connection waits for, answered here; the integrator follows the rest in its queue. */
export function UserInputPage() {
  const { t, lng } = useI18n();
  const { params, options, finish } = useEnv();
  const id = params.connectionId!;
  const [ready, setReady] = useState<{
    provider: Provider;
    queue: EventQueue;
    challenge: Challenge | null;
    running: boolean;
  } | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    (async () => {
      // Subscribed first: a challenge that comes after this point reaches the queue.
      const queue = await EventQueue.subscribe();
      const connection = await loadConnection(id);
      const provider = await loadProvider(connection.provider_id);
      const challenge = await fetchPendingChallenge(id, lng);
      setReady({
        provider,
        queue,
        challenge,
        running: connection.status === 'RUNNING' || connection.status === 'CHALLENGE_REQUIRED',
      });
    })().catch((err) => setError(errorText(t, err)));
    // Loaded once; the language of the challenge's labels is the page's at that time.
  }, []);

  if (error)
    return (
      <ErrorScreen
        message={error}
        onClose={() => finish({ result: 'error', error: 'connection_not_found', connection_id: id })}
      />
    );
  if (!ready) return <LoadingScreen />;
  if (ended) {
    return (
      <OutcomeScreen
        provider={ready.provider}
        status={ended}
        onClose={() => finish({ result: 'error', error: errorCodeOf(ended), connection_id: id })}
      />
    );
  }
  if (!ready.challenge && !ready.running) {
    return (
      <Screen
        title={t('challenge.title')}
        subtitle={t('challenge.none')}
        icon={<KeyIcon />}
        testId="no-challenge"
        actions={
          <Button onClick={() => finish({ result: 'error', error: 'no_pending_challenge', connection_id: id })}>
            {t('app.close')}
          </Button>
        }
      />
    );
  }
  return (
    <SyncWatch
      provider={ready.provider}
      connectionId={id}
      queue={ready.queue}
      mode={options.captive ? 'end' : 'verdict'}
      initialChallenge={ready.challenge}
      onDone={(end) => {
        if (end.kind === 'verdict' || outcomeOf(end.status) === 'success')
          finish({ result: 'success', connection_id: id });
        else setEnded(end.status);
      }}
    />
  );
}
