import type { CredentialDefinition } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Button, TextField } from '../../ui';
import { credentialLabel } from './credential-label';
import { FolderField } from './FolderField';

/** Credentials a person types (TEXT, PWD); codes and tokens of REDIRECT channels are never typed. */
export function typedCredentials(defs: readonly CredentialDefinition[]): CredentialDefinition[] {
  return defs.filter((d) => d.type === 'TEXT' || d.type === 'PWD');
}

export function credentialProblem(def: CredentialDefinition, value: string | undefined): 'required' | 'format' | null {
  if (!value) return 'required';
  if (!def.regexp) return null;
  try {
    return new RegExp(def.regexp).test(value) ? null : 'format';
  } catch {
    return null;
  }
}

/** Every typed credential is valid, except those kept as they are (`kept`: not sent, the engine keeps them). */
export function credentialsValid(
  defs: readonly CredentialDefinition[],
  values: Record<string, string>,
  kept: ReadonlySet<string> = new Set(),
): boolean {
  return typedCredentials(defs).every((d) => kept.has(d.id) || credentialProblem(d, values[d.id]) === null);
}

/** The form of a channel definition's credentials, with in-page checks of each `regexp`. */
export function CredentialFields({
  definitions,
  values,
  onChange,
  showErrors,
  masked,
  folders = false,
  kept,
  onChangeKept,
}: {
  definitions: readonly CredentialDefinition[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  showErrors: boolean;
  /** Current masked values (editing credentials). */
  masked?: Record<string, string>;
  /** The text credentials are folder paths (statement files): a visible path field with a folder picker. */
  folders?: boolean;
  /** Credentials kept as they are (the login after a refused password): shown masked, read-only, not sent. */
  kept?: ReadonlySet<string>;
  /** "Use another login": the kept credentials become fields to type. */
  onChangeKept?: () => void;
}) {
  const { t } = useT();
  const typed = typedCredentials(definitions);
  const firstTyped = typed.find((d) => !kept?.has(d.id))?.id;
  return (
    <>
      {typed.map((d) => {
        if (kept?.has(d.id))
          return (
            <div key={d.id} className="stack" style={{ gap: 4 }}>
              <TextField
                label={credentialLabel(t, d)}
                name={d.id}
                value={masked?.[d.id] ?? ''}
                readOnly
                hint={t('recovery.keptLogin')}
                style={{ background: 'var(--bg-hover)', color: 'var(--text-muted)' }}
              />
              {onChangeKept && (
                <Button size="sm" variant="ghost" style={{ alignSelf: 'flex-start' }} onClick={onChangeKept}>
                  {t('recovery.changeLogin')}
                </Button>
              )}
            </div>
          );
        const problem = showErrors ? credentialProblem(d, values[d.id]) : null;
        const error =
          problem === 'required' ? t('add.required') : problem === 'format' ? t('add.invalidValue') : undefined;
        if (folders && d.type === 'TEXT')
          return (
            <FolderField
              key={d.id}
              label={credentialLabel(t, d)}
              name={d.id}
              autoComplete="off"
              value={values[d.id] ?? ''}
              placeholder={masked?.[d.id]}
              onChange={(e) => onChange({ ...values, [d.id]: e.target.value })}
              onPick={(path) => onChange({ ...values, [d.id]: path })}
              error={error}
              data-autofocus={d.id === firstTyped ? true : undefined}
              spellCheck={false}
              autoCapitalize="off"
            />
          );
        return (
          <TextField
            key={d.id}
            label={credentialLabel(t, d)}
            name={d.id}
            type={d.type === 'PWD' ? 'password' : 'text'}
            revealLabel={t('secret.show')}
            autoComplete={d.type === 'PWD' ? 'current-password' : 'username'}
            value={values[d.id] ?? ''}
            placeholder={masked?.[d.id]}
            onChange={(e) => onChange({ ...values, [d.id]: e.target.value })}
            error={
              problem === 'required' ? t('add.required') : problem === 'format' ? t('add.invalidValue') : undefined
            }
            data-autofocus={d.id === firstTyped ? true : undefined}
            spellCheck={false}
            autoCapitalize="off"
          />
        );
      })}
    </>
  );
}
