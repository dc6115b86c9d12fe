import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { useT } from '../../lib/i18n';

/**
 * A chart the keyboard can go through, as the mouse does: Tab reaches it, the arrow keys move a cursor
 * (lib/chart-cursor.ts), Enter or Space opens what the cursor is on. What the cursor is on is written over
 * the chart and read aloud as it moves. A click still works as before: the cursor only appears when the
 * chart is reached by the keyboard (`:focus-visible`), so a click does not flash it.
 */
export function KeyboardChart({
  label,
  caption,
  onStart,
  onMove,
  onOpen,
  onLeave,
  children,
}: {
  /** The chart's name. */
  label: string;
  /** What the cursor is on (null: no cursor). */
  caption: string | null;
  /** Called when the keyboard reaches the chart: place the cursor. Absent: the chart is not interactive. */
  onStart?: () => void;
  /** A key was pressed: move the cursor and say whether the key was used. */
  onMove(key: string): boolean;
  onOpen(): void;
  onLeave(): void;
  children: ReactNode;
}) {
  const { t } = useT();
  const interactive = !!onStart;
  const keyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter' || e.key === ' ') {
      if (caption === null) return;
      e.preventDefault();
      onOpen();
    } else if (onMove(e.key)) e.preventDefault();
  };
  const focus = (e: FocusEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget && e.currentTarget.matches(':focus-visible')) onStart?.();
  };
  return (
    <div
      className="chart-keys"
      tabIndex={interactive ? 0 : undefined}
      role={interactive ? 'group' : undefined}
      aria-label={interactive ? `${label}. ${t('dashboard.chartKeys')}` : undefined}
      onKeyDown={interactive ? keyDown : undefined}
      onFocus={interactive ? focus : undefined}
      onBlur={interactive ? onLeave : undefined}
    >
      {children}
      <p className="chart-cursor" aria-live="polite" data-testid="chart-cursor" hidden={caption === null}>
        {caption === null ? null : (
          <>
            {caption}
            <span className="faint"> · {t('dashboard.chartOpen')}</span>
          </>
        )}
      </p>
    </div>
  );
}
