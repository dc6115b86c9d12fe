import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export function Button({
  variant = 'primary',
  busy = false,
  children,
  className,
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost'; busy?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      className={`w-button w-button-${variant}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner small />}
      <span>{children}</span>
    </button>
  );
}
