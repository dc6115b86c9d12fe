import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/password';
import { ApiError, usersApi } from '../../lib/api';
import { useT, type I18n } from '../../lib/i18n';
import { Alert, Button, Card, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';

/** What is wrong with a new password before it is sent (the engine checks the same rules). */
function newPasswordProblem(i18n: I18n, current: string, next: string): string | null {
  if (next.length < PASSWORD_MIN_LENGTH) return i18n.t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
  if (next.length > PASSWORD_MAX_LENGTH) return i18n.t('password.tooLong', { max: PASSWORD_MAX_LENGTH });
  if (next === current) return i18n.t('password.same');
  return null;
}

/** The engine's refusal in words: a wrong current password, the wait after too many, or the general sentence. */
function refusal(i18n: I18n, err: unknown): { field: 'current' | 'new' | null; message: string } {
  if (err instanceof ApiError && err.status === 429) {
    const seconds = /wait (\d+) s/.exec(err.description)?.[1] ?? '?';
    return { field: 'current', message: i18n.t('password.throttled', { seconds }) };
  }
  if (err instanceof ApiError && err.code === 'invalid_request' && /current_password/.test(err.description))
    return { field: 'current', message: i18n.t('password.wrongCurrent') };
  if (err instanceof ApiError && err.code === 'invalid_request' && /new_password/.test(err.description))
    return { field: 'new', message: i18n.t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) };
  return { field: null, message: errorMessage(i18n, err) };
}

/** Settings → General: change the password (current one asked again; other sessions end, this one stays). */
export function PasswordSettings() {
  const i18n = useT();
  const { t } = i18n;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ field: 'current' | 'new' | null; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = newPasswordProblem(i18n, current, next);
    if (local) {
      setProblem({ field: 'new', message: local });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await usersApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      toast.success(t('password.changed'));
    } catch (err) {
      setProblem(refusal(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('password.title')} id="password">
      <form className="stack" onSubmit={submit} style={{ maxWidth: 520 }}>
        <p className="muted">{t('password.intro')}</p>
        <TextField
          label={t('password.current')}
          type="password"
          revealLabel={t('secret.show')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={problem?.field === 'current' ? problem.message : undefined}
          required
        />
        <TextField
          label={t('password.new')}
          type="password"
          revealLabel={t('secret.show')}
          autoComplete="new-password"
          hint={t('password.newHint', { min: PASSWORD_MIN_LENGTH })}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={problem?.field === 'new' ? problem.message : undefined}
          required
        />
        {problem?.field === null && <Alert tone="danger">{problem.message}</Alert>}
        <div>
          <Button type="submit" busy={busy} disabled={!current || !next}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
