import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'success' | 'danger' | 'warning' | 'info' | 'accent';

export function Badge({
  tone = 'neutral',
  dot,
  children,
  title,
}: {
  tone?: Tone;
  dot?: boolean;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span className={`badge${tone === 'neutral' ? '' : ` badge-${tone}`}${dot ? ' badge-dot' : ''}`} title={title}>
      {children}
    </span>
  );
}
