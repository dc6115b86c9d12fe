import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  ACCOUNT_TYPES,
  TRANSACTION_STATUSES,
  transactionsApi,
  type AccountType,
  type Transaction,
} from '../../lib/api';
import { db } from '../../lib/db';
import { useT, type MessageKey } from '../../lib/i18n';
import { navigate, useLocation } from '../../lib/router';
import {
  categoryContext,
  computeView,
  EMPTY_FILTER,
  isFilterEmpty,
  type SortKey,
  type TxFilter,
} from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, sessionSelectors, useStore } from '../../store';
import { Badge, Button, Card, Dialog, EmptyState, Icon, TextField, toast } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { PageHeader } from '../layout/PageHeader';
import { toCsv } from './csv';
import { download } from './download';
import { MultiSelect, type Option } from './MultiSelect';

const ROW_HEIGHT = 52;

export default function HistoryPage() {
  const i18n = useT();
  const { t, tn, number } = i18n;
  const { search } = useLocation();
  const filter = useStore((s) => s.filter);
  const sort = useStore((s) => s.sort);
  const setFilter = useStore((s) => s.setFilter);
  const replaceFilter = useStore((s) => s.replaceFilter);
  const setSort = useStore((s) => s.setSort);
  const txVersion = useStore((s) => s.txVersion);
  const txLoad = useStore((s) => s.txLoad);
  const loadTransactions = useStore((s) => s.loadTransactions);
  const accounts = useStore((s) => s.accounts);
  const categories = useStore((s) => s.categories);
  const accountsById = useStore(dataSelectors.accountsById);
  const categoriesById = useStore(dataSelectors.categoriesById);
  const accountTypes = useStore(dataSelectors.accountTypes);
  const [selected, setSelected] = useState<string | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);

  // Deep links: /history?account=ID or ?q=text start with that filter.
  useEffect(() => {
    const account = search.get('account');
    const q = search.get('q');
    if (account || q) {
      replaceFilter({ ...EMPTY_FILTER, accounts: account ? [account] : [], q: q ?? '' });
      navigate('/history', { replace: true });
    }
  }, [search, replaceFilter]);

  const q = useDeferredValue(filter.q);
  const effective = useMemo(() => ({ ...filter, q }), [filter, q]);
  const categoryParents = useMemo(() => categoryContext(categories), [categories]);
  const view = useMemo(
    () => computeView(txTable, effective, sort, { accountTypes, categoryParents }),
    // txVersion: the table (outside the store) changed
    [effective, sort, accountTypes, categoryParents, txVersion],
  );

  const accountName = useCallback((id: string) => accountsById.get(id)?.name ?? id, [accountsById]);
  const categoryName = useCallback((id: string) => categoriesById.get(id)?.label ?? id, [categoriesById]);

  const exportCsv = () => {
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
      'id',
    ];
    const blob = toCsv(txTable, view, { account: accountName, category: categoryName }, header);
    download(blob, `coffer-transactions-${new Date().toISOString().slice(0, 10)}.csv`);
    toast.success(t('history.exported', { count: number(view.length) }));
  };

  const accountOptions: Option[] = useMemo(
    () => accounts.map((a) => ({ value: a.id, label: a.name, hint: t(`accountType.${a.type}` as MessageKey) })),
    [accounts, t],
  );
  const categoryOptions: Option[] = useMemo(() => {
    const parents = categories.filter((c) => !c.parent);
    const out: Option[] = [];
    for (const p of parents) {
      out.push({ value: p.id, label: p.label });
      for (const c of categories.filter((x) => x.parent?.id === p.id))
        out.push({ value: c.id, label: c.label, depth: 1 });
    }
    return out;
  }, [categories]);
  const statusOptions: Option[] = TRANSACTION_STATUSES.map((s) => ({
    value: s,
    label: t(`txStatus.${s}` as MessageKey),
  }));

  const loading = txLoad.status === 'loading';
  const selectedIndex = selected ? txTable.indexOf(selected) : -1;

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
            <SavedFilters onApply={replaceFilter} />
            <Button icon="save" onClick={() => setSaveOpen(true)} disabled={isFilterEmpty(filter)}>
              {t('history.saveFilter')}
            </Button>
            <Button icon="download" onClick={exportCsv} disabled={view.length === 0}>
              {t('history.export')}
            </Button>
            <Button icon="refresh" iconOnly busy={loading} onClick={() => void loadTransactions(true)}>
              {t('common.refresh')}
            </Button>
          </>
        }
      />

      <div className="history-filters" role="search" aria-label={t('history.filters')}>
        <div style={{ position: 'relative', flex: '1 1 260px', maxWidth: 420 }}>
          <span style={{ position: 'absolute', left: 10, top: 8, color: 'var(--text-faint)' }}>
            <Icon name="search" size={16} />
          </span>
          <input
            className="input input-sm"
            type="search"
            style={{ paddingLeft: 32 }}
            placeholder={t('history.search')}
            aria-label={t('history.search')}
            value={filter.q}
            onChange={(e) => setFilter({ q: e.target.value })}
            data-testid="history-search"
          />
        </div>
        <MultiSelect
          label={t('history.accounts')}
          options={accountOptions}
          selected={filter.accounts}
          onChange={(accounts) => setFilter({ accounts })}
          searchLabel={t('common.search')}
          clearLabel={t('history.clear')}
        />
        <select
          className="select input input-sm"
          style={{ width: 'auto' }}
          aria-label={t('history.accountType')}
          value={filter.accountType}
          onChange={(e) => setFilter({ accountType: e.target.value as AccountType | '' })}
          data-testid="filter-account-type"
        >
          <option value="">{t('history.anyType')}</option>
          {ACCOUNT_TYPES.map((a) => (
            <option key={a} value={a}>
              {t(`accountType.${a}` as MessageKey)}
            </option>
          ))}
        </select>
        <MultiSelect
          label={t('history.categories')}
          options={categoryOptions}
          selected={filter.categories}
          onChange={(categories) => setFilter({ categories })}
          searchLabel={t('common.search')}
          clearLabel={t('history.clear')}
        />
        <MultiSelect
          label={t('history.statuses')}
          options={statusOptions}
          selected={filter.statuses}
          onChange={(statuses) => setFilter({ statuses })}
          searchLabel={t('common.search')}
          clearLabel={t('history.clear')}
        />
        <input
          className="input input-sm"
          style={{ width: 110 }}
          inputMode="decimal"
          placeholder={t('history.amountMin')}
          aria-label={t('history.amountMin')}
          value={filter.minAmount}
          onChange={(e) => setFilter({ minAmount: e.target.value })}
          data-testid="filter-min"
        />
        <input
          className="input input-sm"
          style={{ width: 110 }}
          inputMode="decimal"
          placeholder={t('history.amountMax')}
          aria-label={t('history.amountMax')}
          value={filter.maxAmount}
          onChange={(e) => setFilter({ maxAmount: e.target.value })}
          data-testid="filter-max"
        />
        <label className="row faint" style={{ gap: 6, fontSize: 12.5 }}>
          {t('history.from')}
          <input
            className="input input-sm"
            type="date"
            style={{ width: 140 }}
            value={filter.from}
            onChange={(e) => setFilter({ from: e.target.value })}
          />
        </label>
        <label className="row faint" style={{ gap: 6, fontSize: 12.5 }}>
          {t('history.to')}
          <input
            className="input input-sm"
            type="date"
            style={{ width: 140 }}
            value={filter.to}
            onChange={(e) => setFilter({ to: e.target.value })}
          />
        </label>
        {!isFilterEmpty(filter) && (
          <Button size="sm" variant="ghost" icon="x" onClick={() => replaceFilter(EMPTY_FILTER)}>
            {t('history.clear')}
          </Button>
        )}
      </div>

      <div className={`history-body${selectedIndex >= 0 ? ' with-detail' : ''}`}>
        {txLoad.status === 'error' && txTable.size === 0 ? (
          <Card>
            <ErrorState error={txLoad.error} onRetry={() => void loadTransactions(true)} />
          </Card>
        ) : (
          <VirtualTable
            view={view}
            selected={selected}
            onSelect={setSelected}
            sortKey={sort.key}
            sortDir={sort.dir}
            onSort={(key) => setSort({ key, dir: sort.key === key && sort.dir === 'desc' ? 'asc' : 'desc' })}
            accountName={accountName}
            categoryName={categoryName}
            empty={
              loading && txTable.size === 0
                ? 'loading'
                : txTable.size === 0
                  ? 'none'
                  : view.length === 0
                    ? 'filtered'
                    : null
            }
          />
        )}
        {selectedIndex >= 0 && (
          <TransactionDetail
            id={selected!}
            onClose={() => setSelected(null)}
            accountName={accountName}
            categoryName={categoryName}
          />
        )}
      </div>
      <SaveFilterDialog open={saveOpen} filter={filter} onClose={() => setSaveOpen(false)} />
    </div>
  );
}

function VirtualTable({
  view,
  selected,
  onSelect,
  sortKey,
  sortDir,
  onSort,
  accountName,
  categoryName,
  empty,
}: {
  view: Int32Array;
  selected: string | null;
  onSelect: (id: string | null) => void;
  sortKey: SortKey;
  sortDir: 'asc' | 'desc';
  onSort: (key: SortKey) => void;
  accountName: (id: string) => string;
  categoryName: (id: string) => string;
  empty: 'loading' | 'none' | 'filtered' | null;
}) {
  const { t, day, money } = useT();
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

  const header = (key: SortKey | null, label: string, className = '') => (
    <div
      role="columnheader"
      className={className}
      aria-sort={key && sortKey === key ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      {key ? (
        <button
          type="button"
          onClick={() => onSort(key)}
          aria-label={t('history.sortBy', { column: label })}
          data-testid={`sort-${key}`}
        >
          {label}
          {sortKey === key && <Icon name={sortDir === 'asc' ? 'arrowUp' : 'arrowDown'} size={13} />}
        </button>
      ) : (
        label
      )}
    </div>
  );

  const activeId = view.length ? `tx-row-${txTable.ids[view[Math.min(active, view.length - 1)]]}` : undefined;

  return (
    <div
      className="vtable"
      role="grid"
      aria-rowcount={view.length + 1}
      aria-label={t('history.title')}
      data-testid="history-table"
    >
      <div role="rowgroup">
        <div role="row" className="vrow vhead" aria-rowindex={1}>
          {header('date', t('history.col.date'))}
          {header('label', t('history.col.label'))}
          {header(null, t('history.col.account'), 'col-account')}
          {header(null, t('history.col.category'), 'col-category')}
          {header(null, t('history.col.status'), 'col-status')}
          {header('amount', t('history.col.amount'), 'right')}
        </div>
      </div>
      <div
        ref={scrollRef}
        className="vscroll"
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-activedescendant={activeId}
        role="rowgroup"
        data-testid="history-scroll"
      >
        {empty ? (
          <EmptyState
            icon={empty === 'filtered' ? 'filter' : 'list'}
            title={
              empty === 'loading' ? t('common.loading') : empty === 'none' ? t('history.emptyAll') : t('history.empty')
            }
          />
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const i = view[item.index];
              const id = txTable.ids[i];
              const amount = txTable.amounts[i];
              const status = txTable.statuses[i];
              return (
                <div
                  key={id}
                  id={`tx-row-${id}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={selected === id}
                  className={`vrow vbody-row${item.index === active ? ' active' : ''}`}
                  style={{ transform: `translateY(${item.start}px)` }}
                  onClick={() => {
                    setActive(item.index);
                    onSelect(id);
                  }}
                  data-testid="tx-row"
                >
                  <div role="gridcell" className="cell num muted">
                    {day(txTable.dates[i])}
                  </div>
                  <div role="gridcell" className="cell">
                    <span className="cell" style={{ display: 'block', fontWeight: 500 }} data-testid="tx-label">
                      {txTable.labels[i]}
                    </span>
                    {txTable.counterparties[i] && txTable.counterparties[i].toLowerCase() !== txTable.sortLabels[i] && (
                      <span className="cell-sub">{txTable.counterparties[i]}</span>
                    )}
                  </div>
                  <div role="gridcell" className="cell col-account muted">
                    {accountName(txTable.accountIds[i])}
                  </div>
                  <div role="gridcell" className="cell col-category muted">
                    {categoryName(txTable.categories[i])}
                  </div>
                  <div role="gridcell" className="cell col-status">
                    {status === 'BOOKED' ? (
                      <span className="faint">{t('txStatus.BOOKED')}</span>
                    ) : (
                      <Badge tone={status === 'PENDING' ? 'info' : 'warning'}>
                        {t(`txStatus.${status}` as MessageKey)}
                      </Badge>
                    )}
                  </div>
                  <div
                    role="gridcell"
                    className={`cell right num${amount > 0 ? ' positive' : ''}`}
                    style={{ fontWeight: 600 }}
                    data-testid="tx-amount"
                  >
                    {money(amount, txTable.currencies[i], { sign: amount > 0 })}
                  </div>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

function TransactionDetail({
  id,
  onClose,
  accountName,
  categoryName,
}: {
  id: string;
  onClose: () => void;
  accountName: (id: string) => string;
  categoryName: (id: string) => string;
}) {
  const { t, day, dateTime, money } = useT();
  const [full, setFull] = useState<Transaction | null>(null);
  const i = txTable.indexOf(id);
  useEffect(() => {
    let cancelled = false;
    setFull(null);
    transactionsApi
      .get(id)
      .then((tx) => !cancelled && setFull(tx))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [id]);
  if (i < 0) return null;
  const amount = txTable.amounts[i];
  const rows: Array<[string, React.ReactNode]> = [
    [t('history.col.date'), day(txTable.dates[i])],
    ...(txTable.bookingDates[i]
      ? ([[t('history.bookingDate'), day(txTable.bookingDates[i]!)]] as Array<[string, React.ReactNode]>)
      : []),
    ...(txTable.valueDates[i]
      ? ([[t('history.valueDate'), day(txTable.valueDates[i]!)]] as Array<[string, React.ReactNode]>)
      : []),
    [t('history.importDate'), dateTime(txTable.importDates[i])],
    [t('history.col.status'), t(`txStatus.${txTable.statuses[i]}` as MessageKey)],
    [t('history.col.category'), categoryName(txTable.categories[i])],
    [t('history.col.account'), accountName(txTable.accountIds[i])],
    [t('history.type'), t(`txType.${full?.type ?? txTable.types[i]}` as MessageKey)],
    ...(txTable.counterparties[i]
      ? ([[t('history.counterparty'), txTable.counterparties[i]]] as Array<[string, React.ReactNode]>)
      : []),
  ];
  return (
    <Card className="history-detail stack" aria-label={t('history.detail')} data-testid="tx-detail">
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <h2 style={{ fontSize: 15 }}>{t('history.detail')}</h2>
        <Button variant="ghost" size="sm" icon="x" iconOnly onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
      <div>
        <div style={{ fontWeight: 600, fontSize: 15 }}>{txTable.labels[i]}</div>
        <div className={`num${amount > 0 ? ' positive' : ''}`} style={{ fontSize: 24, fontWeight: 650, marginTop: 4 }}>
          {money(amount, txTable.currencies[i], { sign: amount > 0 })}
        </div>
      </div>
      <dl className="kv" style={{ margin: 0, fontSize: 13 }}>
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {txTable.notes[i] && (
        <div>
          <div className="stat-label">{t('history.rawText')}</div>
          <pre
            className="mono"
            style={{
              whiteSpace: 'pre-wrap',
              margin: '6px 0 0',
              padding: 10,
              background: 'var(--bg-sunken)',
              borderRadius: 8,
            }}
            data-testid="tx-notes"
          >
            {txTable.notes[i]}
          </pre>
        </div>
      )}
      {full?.remittance_information && full.remittance_information.length > 0 && (
        <div>
          <div className="stat-label">{t('history.remittance')}</div>
          <ul style={{ margin: '6px 0 0', paddingLeft: 18 }}>
            {full.remittance_information.map((r, k) => (
              <li key={k}>{r}</li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function SavedFilters({ onApply }: { onApply: (f: TxFilter) => void }) {
  const { t } = useT();
  const userId = useStore(sessionSelectors.scope);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Array<{ id?: number; name: string; filter: unknown }>>([]);
  const ref = useRef<HTMLDivElement>(null);
  const reload = useCallback(() => {
    db.savedFilters
      .where('userId')
      .equals(userId)
      .toArray()
      .then(setItems)
      .catch(() => setItems([]));
  }, [userId]);
  useEffect(() => {
    if (open) reload();
  }, [open, reload]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={ref} style={{ position: 'relative' }}>
      <Button icon="filter" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('history.savedFilters')}
      </Button>
      {open && (
        <div className="popover" style={{ left: 'auto', right: 0 }} role="menu" aria-label={t('history.savedFilters')}>
          {items.length === 0 && (
            <p className="muted" style={{ padding: 8 }}>
              {t('history.noSaved')}
            </p>
          )}
          {items.map((item) => (
            <div key={item.id} className="row" style={{ justifyContent: 'space-between' }}>
              <button
                type="button"
                role="menuitem"
                className="btn btn-ghost btn-sm"
                style={{ flex: 1, justifyContent: 'flex-start', color: 'var(--text)' }}
                onClick={() => {
                  onApply({ ...EMPTY_FILTER, ...(item.filter as Partial<TxFilter>) });
                  setOpen(false);
                }}
              >
                {item.name}
              </button>
              <Button
                variant="ghost"
                size="sm"
                icon="trash"
                iconOnly
                onClick={() => {
                  void db.savedFilters.delete(item.id!).then(reload);
                }}
              >
                {`${t('common.delete')} ${item.name}`}
              </Button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function SaveFilterDialog({ open, filter, onClose }: { open: boolean; filter: TxFilter; onClose: () => void }) {
  const { t } = useT();
  const userId = useStore(sessionSelectors.scope);
  const [name, setName] = useState('');
  useEffect(() => {
    if (open) setName('');
  }, [open]);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    await db.savedFilters.add({ userId, name: name.trim(), filter, created: Date.now() }).catch(() => undefined);
    toast.success(t('common.saved'));
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('history.saveFilter')} closeLabel={t('common.close')}>
      <form className="stack" onSubmit={(e) => void save(e)}>
        <TextField
          label={t('history.filterName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
          required
          maxLength={80}
        />
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
