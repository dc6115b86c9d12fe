import type { useT } from '../../lib/i18n';
import type { TxTable } from '../../lib/tx-table';

/**
 * The category cell of a row in the history: a split row names its parts' categories ("Split: Groceries +
 * Pharmacy"), a row linked as a transfer between the person's accounts says so after its category.
 */
export function categoryCellText(table: TxTable, i: number, categoryName: (id: string) => string, t: ReturnType<typeof useT>['t']): string {
  const parts = table.splits[i];
  const base = parts
    ? t('split.cell', { categories: [...new Set(parts.map((p) => categoryName(p.category_id)))].join(' + ') })
    : categoryName(table.categories[i]);
  return table.transfers[i] ? `${base} · ${t('transfer.badge')}` : base;
}
