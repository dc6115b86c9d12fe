import { useT } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { toast } from '../../ui';
import { toCsv } from './csv';
import { download } from './download';

/** Exports the rows shown, in their order, as a CSV file whose header is in the app's language. */
export function useCsvExport(
  view: Int32Array,
  accountName: (id: string) => string,
  categoryName: (id: string) => string,
): () => void {
  const { t, number } = useT();
  return () => {
    const header = [
      t('history.col.date'),
      t('history.col.label'),
      t('history.counterparty'),
      t('history.col.account'),
      t('history.col.category'),
      t('history.col.status'),
      t('history.col.amount'),
      t('account.currency'),
      t('history.bookingDate'),
      t('history.valueDate'),
      t('history.rawText'),
      t('hedit.note'),
      t('hedit.tags'),
      'id',
      t('payee.field'),
    ];
    const blob = toCsv(txTable, view, { account: accountName, category: categoryName }, header);
    download(blob, `coffer-transactions-${new Date().toISOString().slice(0, 10)}.csv`);
    toast.success(t('history.exported', { count: number(view.length) }));
  };
}
