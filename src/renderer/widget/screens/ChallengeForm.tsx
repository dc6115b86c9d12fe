import { useEffect, useState, type FormEvent } from 'react';
import { useI18n } from '../lib/i18n';
import type { CredentialDefinition } from '../lib/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { KeyIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';
import { TextField } from '../ui/TextField';
import { matches } from './CredentialForm';

export interface Challenge {
  channelDefinitionId?: string;
  fields: CredentialDefinition[];
  message: string;
  expires: number;
}

function remaining(expires: number): string {
  const s = Math.max(0, Math.round(expires - Date.now() / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A provider's challenge (a one-time code or question during a synchronization), answered in place: the fields of its CHALLENGE_REQUIRED event. */
export function ChallengeForm(props: {
  challenge: Challenge;
  error?: string | null;
  onSubmit(values: Record<string, string>): Promise<void>;
  onCancel(): Promise<void>;
}) {
  const { t } = useI18n();
  const { fields, message, expires } = props.challenge;
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'submit' | 'cancel' | null>(null);
  const [left, setLeft] = useState(remaining(expires));

  useEffect(() => {
    const timer = setInterval(() => setLeft(remaining(expires)), 1000);
    return () => clearInterval(timer);
  }, [expires]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const f of fields) {
      const v = (values[f.id] ?? '').trim();
      if (!v) found[f.id] = t('creds.required');
      else if (!matches(f, v)) found[f.id] = t('creds.invalid');
    }
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy('submit');
    try {
      await props.onSubmit(Object.fromEntries(fields.map((f) => [f.id, (values[f.id] ?? '').trim()])));
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    try {
      await props.onCancel();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Screen title={t('challenge.title')} subtitle={t('challenge.subtitle')} icon={<KeyIcon />} testId="challenge-form">
      {message && <p className="w-bank-message">{message}</p>}
      <form onSubmit={submit} noValidate>
        {props.error && <Alert tone="error">{props.error}</Alert>}
        {fields.map((f) => (
          <TextField
            key={f.id}
            name={f.id}
            label={f.label}
            secret={f.type === 'PWD'}
            inputMode={f.regexp && /\\d/.test(f.regexp) ? 'numeric' : undefined}
            autoComplete="one-time-code"
            value={values[f.id] ?? ''}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.id]: e.target.value }));
              setProblems((p) => ({ ...p, [f.id]: '' }));
            }}
            error={problems[f.id] || undefined}
            disabled={busy !== null}
          />
        ))}
        <p className="w-hint" aria-live="off">
          {t('challenge.expires', { time: left })}
        </p>
        <div className="w-actions">
          <Button type="submit" busy={busy === 'submit'} disabled={busy !== null}>
            {t('challenge.submit')}
          </Button>
          <Button variant="ghost" onClick={cancel} busy={busy === 'cancel'} disabled={busy !== null}>
            {t('challenge.cancel')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
