import { useSyncExternalStore } from 'react';

/**
 * Whether the window is small (at most 1000 px wide or 700 px high, such as 800×600): the history then keeps
 * its height for rows, its header buttons showing only their icons (their name stays their tooltip and
 * accessible name) and the filters other than the search folded behind one button.
 */
const SMALL = '(max-width: 1000px), (max-height: 700px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(SMALL);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useCompact(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(SMALL).matches);
}
