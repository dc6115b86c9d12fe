import { useEffect, useRef, useState } from 'react';
import { get, post, ApiError } from '../lib/api';
import { loadConnection, sleep } from '../lib/connections';
import { prepareCredentials } from '../lib/encrypt-credentials';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import type { EventQueue } from '../lib/queue';
import { isFinalStatus, outcomeOf } from '../lib/status';
import type { Provider } from '../lib/types';
import { Alert } from '../ui/Alert';
import { CheckIcon } from '../ui/Icons';
import { ProviderLogo } from '../ui/ProviderLogo';
import { Screen } from '../ui/Screen';
import { Spinner } from '../ui/Spinner';
import { ChallengeForm, type Challenge } from './ChallengeForm';

/**
 * How long a non-captive flow waits for the bank's verdict on the credentials before letting the user go
 * (the integrator then follows the synchronization through its queue).
 */
export const VERDICT_WAIT_MS = 15_000;

export type WatchEnd =
  /** The synchronization ended with this connection (or channel) status. */
  | { kind: 'ended'; status: string }
  /** Non-captive: the credentials passed (or no verdict came in time); the synchronization goes on. */
  | { kind: 'verdict' };

interface PendingChallenge {
  channel_definition_id: string;
  challenge_required: { fields: Challenge['fields']; message: string; expires: number };
}

export const fetchPendingChallenge = (connectionId: string, lng: string) =>
  get<PendingChallenge>(`/widget/api/connections/${encodeURIComponent(connectionId)}/challenge`, { lng }).then(
    (p): Challenge => ({ channelDefinitionId: p.channel_definition_id, ...p.challenge_required }),
    () => null,
  );

/**
 * Follows a synchronization from the event queue (subscribed before it started): progress, challenges
 * answered in place, and its end. `mode: 'end'` (captive) waits until the connection stops running;
 * `mode: 'verdict'` stops at the first channel's result or after VERDICT_WAIT_MS.
 */
export function SyncWatch(props: {
  provider: Provider;
  connectionId: string;
  queue: EventQueue;
  mode: 'end' | 'verdict';
  initialChallenge?: Challenge | null;
  onDone(end: WatchEnd): void;
}) {
  const { t, lng } = useI18n();
  const [challenge, setChallenge] = useState<Challenge | null>(props.initialChallenge ?? null);
  const [challengeError, setChallengeError] = useState<string | null>(null);
  const [stage, setStage] = useState<'bank' | 'data'>('bank');
  const [checking, setChecking] = useState(false);
  const [listed, setListed] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const challengeRef = useRef(challenge);
  challengeRef.current = challenge;
  const verdictClock = useRef(Date.now());
  const onDone = useRef(props.onDone);
  onDone.current = props.onDone;

  useEffect(() => {
    let stopped = false;
    let lastCheck = Date.now();
    let idleSeen = 0;
    const finish = (end: WatchEnd) => {
      if (stopped) return;
      stopped = true;
      onDone.current(end);
    };
    void (async () => {
      while (!stopped) {
        try {
          const events = await props.queue.read(props.connectionId);
          for (const e of events) {
            if (stopped) return;
            if (e.event_type === 'CHALLENGE_REQUIRED' && e.challenge_required) {
              setChecking(false);
              setChallenge({ channelDefinitionId: e.channel_definition_id, ...e.challenge_required });
            } else if (e.event_type === 'LIST_ACCOUNTS_SUCCESS') {
              setListed(e.list_accounts_success?.accounts.length ?? 0);
            } else if (isFinalStatus(e.event_type)) {
              setChallenge(null);
              setChecking(false);
              if (props.mode === 'verdict')
                return finish(
                  outcomeOf(e.event_type) === 'success' ? { kind: 'verdict' } : { kind: 'ended', status: e.event_type },
                );
              const status = e.resource?.status;
              if (status && status !== 'RUNNING' && status !== 'CHALLENGE_REQUIRED')
                return finish({ kind: 'ended', status });
              setStage('data');
            }
          }
          // The record is the fallback when events were missed (a queue flushed elsewhere, a restart).
          if (Date.now() - lastCheck > 3000) {
            lastCheck = Date.now();
            const c = await loadConnection(props.connectionId);
            if (c.status === 'CHALLENGE_REQUIRED' && !challengeRef.current) {
              const pending = await fetchPendingChallenge(props.connectionId, lng);
              if (pending && !stopped) setChallenge(pending);
            }
            idleSeen = c.status === 'RUNNING' || c.status === 'CHALLENGE_REQUIRED' ? 0 : idleSeen + 1;
            if (idleSeen >= 2) return finish({ kind: 'ended', status: c.status });
          }
          if (props.mode === 'verdict' && !challengeRef.current && Date.now() - verdictClock.current > VERDICT_WAIT_MS)
            return finish({ kind: 'verdict' });
          setError(null);
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) return;
          setError(errorText(t, err));
        }
        await sleep(700);
      }
    })();
    return () => {
      stopped = true;
    };
    // One watch per mount: the flow remounts it for another synchronization.
  }, []);

  const answer = async (values: Record<string, string>) => {
    const current = challengeRef.current!;
    setChallengeError(null);
    try {
      const prepared = await prepareCredentials(current.fields, values);
      await post(`/v2/connections/${encodeURIComponent(props.connectionId)}/user_input`, {
        ...(current.channelDefinitionId && { channel_definition_id: current.channelDefinitionId }),
        ...prepared,
      });
      verdictClock.current = Date.now();
      setChallenge(null);
      setChecking(true);
      setStage('data');
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        setChallenge(null);
        setChecking(true);
      } else setChallengeError(errorText(t, err));
    }
  };

  const cancel = async () => {
    try {
      await post(`/v2/connections/${encodeURIComponent(props.connectionId)}/user_input`, { cancel: true });
    } catch {
      // no challenge pending any more: the run's end tells what happened
    }
    setChallenge(null);
    setChecking(true);
  };

  if (challenge)
    return <ChallengeForm challenge={challenge} error={challengeError} onSubmit={answer} onCancel={cancel} />;

  const steps: Array<{ label: string; state: 'done' | 'active' | 'todo' }> = [
    { label: t('sync.step.sent'), state: 'done' },
    { label: checking ? t('challenge.checking') : t('sync.step.bank'), state: stage === 'bank' ? 'active' : 'done' },
    { label: t('sync.step.data'), state: stage === 'data' ? 'active' : 'todo' },
  ];
  return (
    <Screen
      title={t('sync.title', { bank: props.provider.name })}
      subtitle={t('sync.keepOpen')}
      icon={<ProviderLogo name={props.provider.name} url={props.provider.logo_url} size={44} />}
      testId="sync-progress"
    >
      <div className="w-progress" aria-hidden="true">
        <div className="w-progress-bar" />
      </div>
      <ol className="w-steps" aria-live="polite">
        {steps.map((s) => (
          <li
            key={s.label}
            className={`w-step w-step-${s.state}`}
            aria-current={s.state === 'active' ? 'step' : undefined}
          >
            <span className="w-step-mark" aria-hidden="true">
              {s.state === 'done' ? <CheckIcon /> : s.state === 'active' ? <Spinner small /> : null}
            </span>
            <span>{s.label}</span>
          </li>
        ))}
      </ol>
      {listed !== null && <p className="w-hint">{t('sync.listed', { n: listed })}</p>}
      {error && <Alert tone="warning">{error}</Alert>}
    </Screen>
  );
}
