import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { parseDrillDown } from '../../lib/drill-down';
import { navigate, useLocation } from '../../lib/router';
import { categoryContext, computeView, EMPTY_FILTER } from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';

/**
 * Deep links start the history with a filter, then the address is cleaned: ?q=text, and the drill-down
 * address of the charts, ?categories=ID,ID&accounts=ID,ID&from=YYYY-MM-DD&to=YYYY-MM-DD (to excluded;
 * the older ?account=ID too), see lib/drill-down.ts.
 */
export function useHistoryDeepLink(): void {
  const { search } = useLocation();
  const replaceFilter = useStore((s) => s.replaceFilter);
  useEffect(() => {
    const drill = parseDrillDown(search);
    const q = search.get('q');
    if (drill || q) {
      replaceFilter({ ...EMPTY_FILTER, ...drill, q: q ?? '' });
      navigate('/history', { replace: true });
    }
  }, [search, replaceFilter]);
}

/**
 * The rows the history shows: the local transactions table filtered and sorted by the store's filter and
 * sort (the free text is deferred so typing stays responsive), and names for account and category ids.
 */
export function useHistoryView() {
  const filter = useStore((s) => s.filter);
  const sort = useStore((s) => s.sort);
  const txVersion = useStore((s) => s.txVersion);
  const categories = useStore((s) => s.categories);
  const accountLabels = useStore(dataSelectors.accountLabels);
  const categoriesById = useStore(dataSelectors.categoriesById);
  const accountTypes = useStore(dataSelectors.accountTypes);
  const locale = useStore((s) => s.language);

  const q = useDeferredValue(filter.q);
  const effective = useMemo(() => ({ ...filter, q }), [filter, q]);
  const categoryParents = useMemo(() => categoryContext(categories), [categories]);
  const view = useMemo(
    () => computeView(txTable, effective, sort, { accountTypes, categoryParents, locale }),
    // txVersion: the table (outside the store) changed
    [effective, sort, accountTypes, categoryParents, locale, txVersion],
  );

  // Shared rule (features/common/account-label): same-named accounts show their bank and masked number.
  const accountName = useCallback((id: string) => accountLabels.get(id) ?? id, [accountLabels]);
  const categoryName = useCallback((id: string) => categoriesById.get(id)?.label ?? id, [categoriesById]);
  return { view, accountName, categoryName };
}
