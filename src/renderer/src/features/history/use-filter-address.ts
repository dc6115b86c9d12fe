import { useEffect, useRef } from 'react';
import { addressOfFilter, changedFields, filterFromAddress, hasFilterInAddress } from '../../lib/history-address';
import { entryState, navigate, useLocation } from '../../lib/router';
import type { TxFilter } from '../../lib/tx-filter';
import { useStore } from '../../store';

/** Marks the entries of the browser's history whose address is the history's filter (even an empty one). */
const FILTER_ENTRY = { historyFilter: true };
const isFilterEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { historyFilter?: unknown }).historyFilter === true;

/** The fields typed letter by letter: going on typing in one of them changes the entry instead of adding one. */
const TYPED: readonly (keyof TxFilter)[] = ['q', 'minAmount', 'maxAmount'];

/**
 * Keeps the history's filter and the address in step (lib/history-address.ts), both ways:
 * - an address with a filter (a reload, a bookmark, a chart's drill-down, Back/Forward to an entry this screen
 *   wrote) sets the filter;
 * - arriving at the bare /history (the navigation's link) keeps the filter the person left, and writes it in
 *   the address;
 * - each change of the filter is a new entry of the browser's history, so Back undoes it; typing on in the
 *   same field replaces that entry (Back does not go letter by letter).
 */
export function useFilterInAddress(): void {
  const { pathname, search } = useLocation();
  const query = search.toString();
  const filter = useStore((s) => s.filter);
  const replaceFilter = useStore((s) => s.replaceFilter);
  const previous = useRef(filter);
  const lastTyped = useRef<keyof TxFilter | null>(null);

  // The address → the filter.
  useEffect(() => {
    const params = new URLSearchParams(query);
    const current = useStore.getState().filter;
    if (hasFilterInAddress(params) || isFilterEntry(entryState())) {
      const wanted = filterFromAddress(params);
      if (addressOfFilter(wanted) !== addressOfFilter(current)) replaceFilter(wanted);
    } else {
      navigate(pathname + addressOfFilter(current), { replace: true, state: FILTER_ENTRY });
    }
  }, [pathname, query, replaceFilter]);

  // The filter → the address.
  useEffect(() => {
    if (filter === previous.current) return;
    const changed = changedFields(previous.current, filter);
    previous.current = filter;
    const shown = addressOfFilter(filterFromAddress(new URLSearchParams(window.location.search)));
    const wanted = addressOfFilter(filter);
    if (wanted === shown) {
      lastTyped.current = null;
      return;
    }
    const typing = changed.length === 1 && TYPED.includes(changed[0]);
    navigate(pathname + wanted, {
      replace: typing && lastTyped.current === changed[0],
      state: FILTER_ENTRY,
    });
    lastTyped.current = typing ? changed[0] : null;
  }, [filter, pathname]);
}
