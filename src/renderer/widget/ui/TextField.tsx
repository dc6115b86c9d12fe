import { useId, useState, type InputHTMLAttributes } from 'react';
import { useI18n } from '../lib/i18n';

/** A labelled input with its hint and error tied to it (aria-describedby); passwords can be shown. */
export function TextField({
  label,
  hint,
  error,
  secret = false,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string; secret?: boolean }) {
  const { t } = useI18n();
  const generated = useId();
  const id = input.id ?? generated;
  const [shown, setShown] = useState(false);
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`w-field${error ? ' w-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="w-input-row">
        <input
          {...input}
          id={id}
          type={secret && !shown ? 'password' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          spellCheck={false}
          autoCapitalize="off"
        />
        {secret && (
          <button
            type="button"
            className="w-reveal"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-controls={id}
          >
            {shown ? t('creds.hide') : t('creds.show')}
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="w-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="w-error">
          {error}
        </p>
      )}
    </div>
  );
}
