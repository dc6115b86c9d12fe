import { useCallback, useDeferredValue, useMemo } from 'react';
import { categoryContext, computeView } from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';

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
