import { useEffect, useState, type FormEvent } from 'react';
import { preloadEncryption } from '../../lib/credential-encryption';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Dialog, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';

function useSecondsLeft(expires: number | undefined): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!expires) return;
    const timer = setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => clearInterval(timer);
  }, [expires]);
  return expires ? Math.max(0, Math.floor(expires - now)) : 0;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * Opens as soon as a CHALLENGE_REQUIRED event arrives: the bank's message, its fields, the time left, and
 * the answer sent with POST /connections/{id}/user_input (or a cancel).
 */
export function ChallengeDialog() {
  const i18n = useT();
  const { t } = i18n;
  const challenge = useStore((s) => s.challenge);
  const connection = useStore((s) => s.connections.find((c) => c.id === s.challenge?.connectionId));
  const answer = useStore((s) => s.answerChallenge);
  const cancel = useStore((s) => s.cancelChallenge);
  const dismiss = useStore((s) => s.dismissChallenge);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'send' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const left = useSecondsLeft(challenge?.expires);
  useEffect(() => {
    if (challenge) preloadEncryption();
  }, [challenge]);

  useEffect(() => {
    setValues({});
    setError(null);
  }, [challenge?.connectionId, challenge?.expires]);

  if (!challenge) return null;
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
      await answer(values);
      toast.success(t('challenge.sent'));
    } catch (err) {
      setError(errorMessage(i18n, err));
    } finally {
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
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      title={t('challenge.title')}
      onClose={dismiss}
      closeLabel={t('common.close')}
      description={t('challenge.text', { name: connection?.name ?? '' })}
      role="alertdialog"
    >
      <form className="stack" onSubmit={submit} aria-label={t('challenge.title')}>
        {challenge.message && <Alert>{challenge.message}</Alert>}
        {challenge.fields.map((f, i) => (
          <TextField
            key={f.id}
            label={f.label}
            type={f.type === 'PWD' ? 'password' : 'text'}
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
        </p>
        <div className="progress" aria-hidden="true">
          <div className="progress-bar" style={{ width: `${Math.min(100, (left / 300) * 100)}%` }} />
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
