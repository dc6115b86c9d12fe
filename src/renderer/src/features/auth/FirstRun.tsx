import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { PASSWORD_MAX_LENGTH as MAX_PASSWORD_LENGTH, PASSWORD_MIN_LENGTH as MIN_PASSWORD_LENGTH } from '../../../../shared/password';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Card, Icon, TextField } from '../../ui';
import { errorMessage } from '../common/errors';
import { AuthLayout } from './AuthLayout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** First start: the owner's profile (POST /v2/app/owner), which also signs the app in. */
export function FirstRun() {
  const i18n = useT();
  const { t } = i18n;
  const createOwner = useStore((s) => s.createOwner);
  const boot = useStore((s) => s.boot);
  const [form, setForm] = useState({ email: '', password: '', first_name: '', last_name: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const emailError = touched && !EMAIL.test(form.email.trim()) ? t('firstRun.emailInvalid') : undefined;
  const passwordError =
    touched && form.password.length < MIN_PASSWORD_LENGTH
      ? t('firstRun.passwordShort', { min: MIN_PASSWORD_LENGTH })
      : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL.test(form.email.trim()) || form.password.length < MIN_PASSWORD_LENGTH) return;
    setBusy(true);
    setError(null);
    try {
      await createOwner({
        email: form.email.trim(),
        password: form.password,
        ...(form.first_name.trim() && { first_name: form.first_name.trim() }),
        ...(form.last_name.trim() && { last_name: form.last_name.trim() }),
      });
    } catch (err) {
      // Someone else created the owner meanwhile: show the sign-in.
      if (err instanceof ApiError && err.status === 409) await boot();
      else setError(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <AuthLayout>
      <div className="stack">
        <h1>{t('firstRun.title')}</h1>
        <p className="muted">{t('firstRun.intro')}</p>
      </div>
      <Card>
        <form className="stack" onSubmit={submit} noValidate aria-label={t('firstRun.title')}>
          <div className="grid-2">
            <TextField
              label={t('firstRun.firstName')}
              autoComplete="given-name"
              value={form.first_name}
              onChange={set('first_name')}
            />
            <TextField
              label={t('firstRun.lastName')}
              autoComplete="family-name"
              value={form.last_name}
              onChange={set('last_name')}
            />
          </div>
          <TextField
            label={t('firstRun.email')}
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={set('email')}
            hint={t('firstRun.emailHint')}
            error={emailError}
            data-autofocus
          />
          <TextField
            label={t('firstRun.password')}
            type="password"
            revealLabel={t('secret.show')}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            value={form.password}
            onChange={set('password')}
            hint={t('firstRun.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            error={passwordError}
          />
          {error && <Alert tone="danger">{error}</Alert>}
          <Button type="submit" variant="primary" busy={busy}>
            {t('firstRun.create')}
          </Button>
        </form>
      </Card>
      <ul className="stack muted" style={{ listStyle: 'none', padding: 0, margin: 0, fontSize: 13 }}>
        {(['firstRun.private1', 'firstRun.private2', 'firstRun.private3'] as const).map((k, i) => (
          <li key={k} className="row" style={{ alignItems: 'flex-start' }}>
            <span style={{ color: 'var(--accent)', marginTop: 2 }}>
              <Icon name={(['folder', 'lock', 'key'] as const)[i]} size={16} />
            </span>
            {t(k)}
          </li>
        ))}
      </ul>
    </AuthLayout>
  );
}
