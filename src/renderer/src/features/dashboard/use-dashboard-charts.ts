import { useMemo } from 'react';
import { balanceSeries, spendingByCategory } from '../../lib/analytics';
import type { Account } from '../../lib/api';
import { OTHER_KEY } from '../../lib/chart-colors';
import { drillDownUrl } from '../../lib/drill-down';
import { periodRange, seriesStep, type DayRange, type Period } from '../../lib/periods';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';
import type { DashboardSeries } from '../../store/data/initialState';

/** The first day with a booked transaction of these accounts (UTC seconds), or null. */
function earliestDay(accountIds: ReadonlySet<string>): number | null {
  let first = Infinity;
  for (let i = 0; i < txTable.size; i++) {
    if (txTable.dates[i] < first && accountIds.has(txTable.accountIds[i])) first = txTable.dates[i];
  }
  return Number.isFinite(first) ? first : null;
}

/**
 * The dashboard's charts for a period, over the accounts counted in the totals in the main currency: the
 * balance over time and the spending per month and category, plus the drill-down addresses of their bars
 * and points. Null until the transactions are loaded.
 */
export function useDashboardCharts(counted: readonly Account[], currency: string, period: Period, otherLabel: string) {
  const categoriesById = useStore(dataSelectors.categoriesById);
  const txVersion = useStore((s) => s.txVersion);
  const txLoad = useStore((s) => s.txLoad);
  const txReady =
    txLoad.status === 'ready' || (txLoad.status === 'loading' && txLoad.loaded > 0 && txLoad.loaded >= txLoad.total);

  const inCurrency = useMemo(() => counted.filter((a) => a.currency === currency), [counted, currency]);
  const accountIds = useMemo(() => inCurrency.map((a) => a.id), [inCurrency]);

  const range: DayRange | null = useMemo(() => {
    if (!txReady) return null;
    // The first transaction's day only matters for All and Custom (a scan of every row).
    const needsEarliest = period.kind === 'ALL' || period.kind === 'CUSTOM';
    return periodRange(period, Date.now() / 1000, needsEarliest ? earliestDay(new Set(accountIds)) : null);
    // txVersion: the table (outside the store) changed
  }, [txReady, period, accountIds, txVersion]);

  const series: DashboardSeries | null = useMemo(() => {
    if (!range) return null;
    return {
      currency,
      balance: balanceSeries(inCurrency, txTable, { from: range.from, to: range.to, step: seriesStep(range) }),
      spending: spendingByCategory(txTable, categoriesById, {
        currency,
        otherLabel,
        from: range.from,
        to: range.to,
        accounts: new Set(accountIds),
      }),
    };
    // txVersion: the table (outside the store) changed
  }, [range, txVersion, inCurrency, accountIds, categoriesById, currency, otherLabel]);

  const links = useMemo(
    () => ({
      /** The history behind a bar: its category (or the ones in "other") in its month. */
      bar: (categoryId: string, row: Record<string, number | string>, otherIds: readonly string[]) =>
        drillDownUrl({
          categories: categoryId === OTHER_KEY ? otherIds : [categoryId],
          accounts: accountIds,
          first: Number(row.from ?? row.t),
          last: Number(row.to ?? row.t),
        }),
      /** The history of a category over the whole period. */
      category: (categoryId: string, otherIds: readonly string[]) =>
        drillDownUrl({
          categories: categoryId === OTHER_KEY ? otherIds : [categoryId],
          accounts: accountIds,
          first: range?.from ?? 0,
          last: range?.to ?? 0,
        }),
      /** The history behind a balance point: the days since the previous point. */
      point: (p: { t: number; from?: number }) =>
        drillDownUrl({ accounts: accountIds, first: p.from ?? p.t, last: p.t }),
      /** The history of the whole period. */
      period: () => drillDownUrl({ accounts: accountIds, first: range?.from ?? 0, last: range?.to ?? 0 }),
    }),
    [accountIds, range],
  );

  return { series, range, links, txReady };
}
