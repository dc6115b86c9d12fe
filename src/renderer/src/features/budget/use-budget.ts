import { useCallback, useEffect, useState } from 'react';
import { budgetApi, isApiError, type BudgetStyle } from '../../lib/api';
import type { Budget, BudgetMonth } from '../../lib/api/types';
import { useT } from '../../lib/i18n';

export type BudgetState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; budget: Budget; month: BudgetMonth };

/**
 * The budget and the figures of one month, read again after each change (the engine computes them from the
 * history, so a change of one amount moves the month's totals and the months after it).
 */
export function useBudget(month: string) {
  const { lang } = useT();
  const [state, setState] = useState<BudgetState>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const budget = await budgetApi.get();
        const figures = await budgetApi.month(month, lang);
        if (live) setState({ status: 'ready', budget, month: figures });
      } catch (error) {
        if (!live) return;
        setState(isApiError(error) && error.status === 404 ? { status: 'none' } : { status: 'error', error });
      }
    })();
    return () => {
      live = false;
    };
  }, [month, lang, version]);

  const start = useCallback(
    async (style: BudgetStyle) => {
      await budgetApi.start(style);
      reload();
    },
    [reload],
  );

  return { state, reload, start };
}
