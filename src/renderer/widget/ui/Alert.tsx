import type { ReactNode } from 'react';

/** A message in words; errors are announced at once (role=alert), other tones politely. */
export function Alert({
  tone,
  children,
  testId,
}: {
  tone: 'error' | 'info' | 'success' | 'warning';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`w-alert w-alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <span className="w-alert-mark" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
