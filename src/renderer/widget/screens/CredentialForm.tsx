import { useState, type FormEvent } from 'react';
import { useI18n } from '../lib/i18n';
import type { Channel, ChannelDefinition, CredentialDefinition, Provider } from '../lib/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { LockIcon } from '../ui/Icons';
import { ProviderLogo } from '../ui/ProviderLogo';
import { Screen } from '../ui/Screen';
import { TextField } from '../ui/TextField';

/** Credential types the user types in (codes and tokens of REDIRECT channels are not asked here). */
export const typedFields = (defs: readonly CredentialDefinition[]) =>
  defs.filter((d) => d.type === 'TEXT' || d.type === 'PWD');

export function matches(def: CredentialDefinition, value: string): boolean {
  if (!def.regexp) return true;
  try {
    return new RegExp(def.regexp).test(value);
  } catch {
    return true;
  }
}

/** The credential form of an EMBEDDED channel definition (the user types their online-banking identifiers), for a new connection or an update. */
export function CredentialForm(props: {
  provider: Provider;
  definition: ChannelDefinition;
  /** Update mode: the channel's masked values are shown and empty fields keep their value. */
  channel?: Channel;
  error?: string | null;
  onSubmit(values: Record<string, string>): Promise<void>;
  onBack?: () => void;
}) {
  const { t } = useI18n();
  const fields = typedFields(props.definition.credentials);
  const editing = props.channel !== undefined && props.channel.status !== 'EMPTY';
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const masked = (id: string) => props.channel?.credentials.find((c) => c.id === id)?.masked_value;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const f of fields) {
      const v = values[f.id] ?? '';
      if (v === '' && !(editing && masked(f.id))) found[f.id] = t('creds.required');
      else if (v !== '' && !matches(f, v)) found[f.id] = t('creds.invalid');
    }
    setProblems(found);
    if (Object.keys(found).length) {
      document.getElementById(`field-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen
      title={t(editing ? 'creds.editTitle' : 'creds.title', { bank: props.provider.name })}
      subtitle={editing ? t('creds.editSubtitle') : t('creds.subtitle')}
      icon={<ProviderLogo name={props.provider.name} url={props.provider.logo_url} size={44} />}
      testId="credential-form"
    >
      <form onSubmit={submit} noValidate>
        {props.error && (
          <Alert tone="error" testId="credential-error">
            {props.error}
          </Alert>
        )}
        {fields.map((f) => (
          <TextField
            key={f.id}
            id={`field-${f.id}`}
            name={f.id}
            label={f.label}
            secret={f.type === 'PWD'}
            autoComplete={f.type === 'PWD' ? 'current-password' : 'username'}
            value={values[f.id] ?? ''}
            onChange={(e) => {
              setValues((v) => ({ ...v, [f.id]: e.target.value }));
              setProblems((p) => ({ ...p, [f.id]: '' }));
            }}
            hint={editing && masked(f.id) ? t('creds.current', { masked: masked(f.id)! }) : undefined}
            error={problems[f.id] || undefined}
            required={!editing}
            disabled={busy}
          />
        ))}
        {fields.some((f) => f.encrypt) && (
          <p className="w-note">
            <LockIcon /> {t('creds.encrypted')}
          </p>
        )}
        <div className="w-actions">
          <Button type="submit" busy={busy}>
            {busy ? t('creds.sending') : editing ? t('creds.update') : t('creds.submit')}
          </Button>
          {props.onBack && (
            <Button variant="ghost" onClick={props.onBack} disabled={busy}>
              {t('app.back')}
            </Button>
          )}
        </div>
      </form>
    </Screen>
  );
}
