import { useEffect, useState, type FormEvent } from 'react';
import { credentialLabel } from '../connections/credential-label';
import { preloadEncryption } from '../../lib/credential-encryption';
import { useT } from '../../lib/i18n';
import { dataSelectors, useStore } from '../../store';
import type { ActiveChallenge } from '../../store/sync/initialState';
import { Alert, Button, Dialog, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { clock, useSecondsLeft } from './seconds-left';

/**
 * The dialog of the challenge the person opened (or that just arrived): the bank's message, its fields, the
 * time left until the engine's `expires`, what a wrong code left, and the answer sent with POST
 * /connections/{id}/user_input (or a cancel). Closing it keeps the challenge pending: the banner, the
 * connection's card and its page open it again.
 */
export function ChallengeDialog() {
  const challenge = useStore((s) => (s.challengeOpen ? s.challenges[s.challengeOpen] : undefined));
  useEffect(() => {
    if (challenge) preloadEncryption();
  }, [challenge]);
  if (!challenge) return null;
  // One form per question: a question asked again starts empty.
  return (
    <ChallengeForm
      key={`${challenge.connectionId}:${challenge.expires}:${challenge.attempts_left ?? ''}`}
      challenge={challenge}
    />
  );
}

function ChallengeForm({ challenge }: { challenge: ActiveChallenge }) {
  const i18n = useT();
  const { t, tn, lang } = i18n;
  const connection = useStore((s) => s.connections.find((c) => c.id === challenge.connectionId));
  const connectionLabel = useStore((s) => (connection ? dataSelectors.connectionLabelText(s, connection) : ''));
  const answer = useStore((s) => s.answerChallenge);
  const cancel = useStore((s) => s.cancelChallenge);
  const dismiss = useStore((s) => s.dismissChallenge);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'send' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = useSecondsLeft(challenge.expires);
  const total =
    challenge.asked !== undefined && challenge.expires > challenge.asked ? challenge.expires - challenge.asked : 300;

  const expired = left <= 0;
  const invalid = challenge.fields.some((f) => {
    const v = values[f.id] ?? '';
    if (!v) return true;
    try {
      return f.regexp ? !new RegExp(f.regexp).test(v) : false;
    } catch {
      return false;
    }
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || expired) return;
    setBusy('send');
    setError(null);
    try {
      if (await answer(values)) toast.success(t('challenge.sent'));
    } catch (err) {
      setError(errorMessage(i18n, err));
      setBusy(null);
    }
  };

  const doCancel = async () => {
    setBusy('cancel');
    try {
      await cancel();
      toast.info(t('challenge.cancelled'));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
      setBusy(null);
    }
  };

  const attempts = challenge.attempts_left;
  const retry = challenge.retry
    ? attempts === 1
      ? t('challenge.retryLast')
      : attempts !== undefined
        ? tn('challenge.retry', attempts)
        : t('challenge.retryUnknown')
    : null;

  return (
    <Dialog
      open
      title={t('challenge.title')}
      onClose={dismiss}
      closeLabel={t('common.close')}
      description={t('challenge.text', { name: connectionLabel })}
      role="alertdialog"
    >
      <form className="stack" onSubmit={submit} aria-label={t('challenge.title')}>
        {retry && (
          <Alert tone="danger">
            <span data-testid="challenge-retry">{retry}</span>
          </Alert>
        )}
        {challenge.message && <Alert>{challenge.message}</Alert>}
        {/* The event's fields are the bank's own definitions: the app's label when it knows the field, else the bank's (label_fr in French). */}
        {challenge.fields.map((f, i) => (
          <TextField
            key={f.id}
            label={credentialLabel(t, { id: f.id, label: (lang === 'fr' && (f as { label_fr?: string }).label_fr) || f.label })}
            type={f.type === 'PWD' ? 'password' : 'text'}
            revealLabel={t('secret.show')}
            inputMode={f.regexp && /\\d/.test(f.regexp) ? 'numeric' : undefined}
            autoComplete="one-time-code"
            value={values[f.id] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [f.id]: e.target.value }))}
            data-autofocus={i === 0 ? true : undefined}
            disabled={expired}
          />
        ))}
        <p className={expired ? 'negative' : 'muted'} role="timer" aria-live="off" data-testid="challenge-countdown">
          {expired ? t('challenge.expired') : t('challenge.timeLeft', { time: clock(left) })}
          {!expired && !challenge.retry && attempts !== undefined && attempts > 1 && (
            <> · {tn('challenge.attempts', attempts)}</>
          )}
        </p>
        <div className="progress" aria-hidden="true">
          <div className="progress-bar" style={{ width: `${Math.min(100, (left / total) * 100)}%` }} />
        </div>
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="dialog-footer">
          <Button variant="ghost" busy={busy === 'cancel'} onClick={() => void doCancel()}>
            {t('challenge.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={busy === 'send'} disabled={invalid || expired}>
            {t('challenge.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
