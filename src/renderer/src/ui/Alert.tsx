import type { ReactNode } from 'react';
import { Icon } from './Icon';

export function Alert({
  tone = 'info',
  children,
  action,
}: {
  tone?: 'info' | 'danger' | 'warning' | 'success';
  children: ReactNode;
  action?: ReactNode;
}) {
  const icon = tone === 'danger' || tone === 'warning' ? 'alert' : tone === 'success' ? 'check' : 'info';
  return (
    <div className={`alert${tone === 'info' ? '' : ` alert-${tone}`}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <span className="alert-icon">
        <Icon name={icon} />
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {action}
    </div>
  );
}
