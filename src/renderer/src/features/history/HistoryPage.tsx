import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { isFilterEmpty } from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';
import { Button, Card } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { PageHeader } from '../layout/PageHeader';
import { HistoryEmpty, type EmptyReason } from './HistoryEmpty';
import { HistoryFilters } from './HistoryFilters';
import { SavedFilters } from './SavedFilters';
import { SaveFilterDialog } from './SaveFilterDialog';
import { TransactionDetail } from './TransactionDetail';
import { TransactionTable } from './TransactionTable';
import { useRunningBalances } from '../ledger/use-running-balances';
import { useCsvExport } from './use-csv-export';
import { useFilterInAddress } from './use-filter-address';
import { useCompact } from './use-compact';
import { useHistoryView } from './use-history-view';
import { useUndoShortcut } from './undo';
import { BulkEditBar } from './BulkEditBar';

/**
 * The transaction history: a header (count, saved filters, export, refresh), the filter bar, the
 * virtualized table, and the selected transaction's details beside it.
 */
export default function HistoryPage() {
  const i18n = useT();
  const { t, tn, number } = i18n;
  useUndoShortcut(i18n);
  const filter = useStore((s) => s.filter);
  const sort = useStore((s) => s.sort);
  const replaceFilter = useStore((s) => s.replaceFilter);
  const setSort = useStore((s) => s.setSort);
  const txLoad = useStore((s) => s.txLoad);
  const loadTransactions = useStore((s) => s.loadTransactions);
  const [selected, setSelected] = useState<string | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  // A small window: the header's buttons show their icons only (their names are their tooltips).
  const compact = useCompact();

  useFilterInAddress();
  const { view, accountName, categoryName } = useHistoryView();
  const balancesAfter = useRunningBalances(view);
  const exportCsv = useCsvExport(view, accountName, categoryName);

  const loading = txLoad.status === 'loading';
  const selectedIndex = selected ? txTable.indexOf(selected) : -1;
  const empty: EmptyReason | null =
    loading && txTable.size === 0 ? 'loading' : txTable.size === 0 ? 'none' : view.length === 0 ? 'filtered' : null;

  return (
    <div className="page page-wide history" data-testid="history">
      <PageHeader
        title={t('history.title')}
        subtitle={
          <span data-testid="history-count">
            {isFilterEmpty(filter)
              ? tn('history.count', view.length)
              : t('history.ofTotal', { shown: tn('history.count', view.length), total: number(txTable.size) })}
            {loading && ` · ${t('history.loading', { loaded: number(txLoad.loaded), total: number(txLoad.total) })}`}
          </span>
        }
        actions={
          <>
            <Button icon="edit" iconOnly={compact} onClick={() => navigate('/history/rules')} data-testid="open-rules">
              {t('hedit.openRules')}
            </Button>
            <SavedFilters onApply={replaceFilter} iconOnly={compact} />
            <Button icon="save" iconOnly={compact} onClick={() => setSaveOpen(true)} disabled={isFilterEmpty(filter)}>
              {t('history.saveFilter')}
            </Button>
            <Button icon="download" iconOnly={compact} onClick={exportCsv} disabled={view.length === 0}>
              {t('history.export')}
            </Button>
            <Button icon="refresh" iconOnly busy={loading} onClick={() => void loadTransactions(true)}>
              {t('common.refresh')}
            </Button>
          </>
        }
      />

      {/* No transaction at all: nothing to filter, the room goes to what to do next. */}
      {empty !== 'none' && <HistoryFilters />}
      <BulkEditBar view={view} />

      <div className={`history-body${selectedIndex >= 0 ? ' with-detail' : ''}`}>
        {txLoad.status === 'error' && txTable.size === 0 ? (
          <Card>
            <ErrorState error={txLoad.error} onRetry={() => void loadTransactions(true)} />
          </Card>
        ) : (
          <TransactionTable
            view={view}
            balancesAfter={balancesAfter}
            selected={selected}
            onSelect={setSelected}
            sortKey={sort.key}
            sortDir={sort.dir}
            onSort={(key) => setSort({ key, dir: sort.key === key && sort.dir === 'desc' ? 'asc' : 'desc' })}
            accountName={accountName}
            categoryName={categoryName}
            empty={empty && <HistoryEmpty reason={empty} total={txTable.size} />}
          />
        )}
        {selectedIndex >= 0 && (
          <TransactionDetail
            id={selected!}
            onClose={() => {
              setSelected(null);
              // Back to the table (it was hidden behind the details in a narrow window).
              requestAnimationFrame(() =>
                document.querySelector<HTMLElement>('[data-testid="history-scroll"]')?.focus(),
              );
            }}
            accountName={accountName}
            categoryName={categoryName}
          />
        )}
      </div>
      <SaveFilterDialog open={saveOpen} filter={filter} onClose={() => setSaveOpen(false)} />
    </div>
  );
}
