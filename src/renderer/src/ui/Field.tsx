import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Icon } from './Icon';

interface FieldShell {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/**
 * A password field's "show" button: a toggle (aria-pressed) named by its text, so that it is announced as "Show
 * password, toggle button, pressed" and reached with Tab right after the field. The input's type switches
 * between password and text; the value is never copied anywhere else.
 */
export function RevealToggle({ label, shown, onToggle }: { label: string; shown: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="input-reveal"
      aria-pressed={shown}
      title={label}
      onClick={onToggle}
      data-testid="reveal-toggle"
    >
      <Icon name={shown ? 'eyeOff' : 'eye'} size={17} />
      <span className="sr-only">{label}</span>
    </button>
  );
}

export function TextField({
  label,
  hint,
  error,
  className,
  revealLabel,
  ...input
}: FieldShell & {
  /** For a password: the name of the button that shows it as text ("Show password"); no button without it. */
  revealLabel?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const reveal = revealLabel !== undefined && input.type === 'password';
  const field = (
    <input
      id={id}
      className="input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
      type={reveal && shown ? 'text' : input.type}
    />
  );
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {reveal ? (
        <div className="input-with-reveal">
          {field}
          <RevealToggle label={revealLabel} shown={shown} onToggle={() => setShown((v) => !v)} />
        </div>
      ) : (
        field
      )}
      {hint && !error && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function SelectField({
  label,
  hint,
  children,
  ...select
}: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select input" aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {children}
      </select>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export function Checkbox({ label, ...input }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}
