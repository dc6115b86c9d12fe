import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';

export function EmptyState({
  icon = 'info',
  title,
  children,
  action,
  tone = 'normal',
}: {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'normal' | 'error';
}) {
  return (
    <div className={`empty${tone === 'error' ? ' empty-error' : ''}`} role={tone === 'error' ? 'alert' : undefined}>
      <div className="empty-icon">
        <Icon name={icon} size={24} />
      </div>
      <h2>{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}
