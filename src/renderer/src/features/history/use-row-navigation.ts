import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { txTable } from '../../lib/tx-table';

export const ROW_HEIGHT = 52;

/**
 * The virtualizer of the transactions grid and its keyboard: arrows, Page Up/Down, Home/End move the active
 * row (scrolled into view), Enter or Space selects it, Escape closes the detail.
 */
export function useRowNavigation(view: Int32Array, onSelect: (id: string | null) => void) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const virtualizer = useVirtualizer({
    count: view.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  useEffect(() => {
    if (active >= view.length) setActive(Math.max(0, view.length - 1));
  }, [view.length, active]);

  const move = (to: number) => {
    const next = Math.max(0, Math.min(view.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 500) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(view.length - 1),
      Enter: () => view.length && onSelect(txTable.ids[view[active]]),
      ' ': () => view.length && onSelect(txTable.ids[view[active]]),
      Escape: () => onSelect(null),
    };
    const fn = keys[e.key];
    if (fn) {
      e.preventDefault();
      fn();
    }
  };

  return { scrollRef, virtualizer, active, setActive, onKeyDown };
}
