import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { Spinner } from './Spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'danger' | 'danger-solid' | 'ghost';
  size?: 'md' | 'sm';
  icon?: IconName;
  busy?: boolean;
  /** Icon-only button: `children` is hidden and used as its accessible name. */
  iconOnly?: boolean;
  children?: ReactNode;
}

export function Button({
  variant = 'default',
  size = 'md',
  icon,
  busy,
  iconOnly,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  const classes = [
    'btn',
    variant !== 'default' && `btn-${variant}`,
    size === 'sm' && 'btn-sm',
    iconOnly && 'btn-icon',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-label={iconOnly && typeof children === 'string' ? children : rest['aria-label']}
      title={iconOnly && typeof children === 'string' ? children : rest.title}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon ? <Icon name={icon} size={size === 'sm' ? 15 : 17} /> : null}
      {iconOnly ? null : children}
    </button>
  );
}
