import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import { categoryCellText } from './ledger-cell';
import { Badge, Icon } from '../../ui';
import { useT, type MessageKey } from '../../lib/i18n';
import type { SortKey } from '../../lib/tx-filter';
import { txTable } from '../../lib/tx-table';
import { widestAmount } from '../../lib/amount-width';
import { widestBalance } from '../../lib/running-balance';
import { dataSelectors, useStore } from '../../store';
import { PartsLabel } from '../common/PartsLabel';
import { sourceMark } from './CategorySource';
import { pickOnClick, usePickedRows } from './picked-rows';
import { useRowNavigation } from './use-row-navigation';

/**
 * The transactions shown, as a virtualized grid (only the visible rows exist in the page, so 100,000 rows
 * scroll smoothly): sortable by date, label and amount, keyboard-navigable, a click or Enter selects a row.
 */
export function TransactionTable({
  view,
  selected,
  onSelect,
  sortKey,
  sortDir,
  onSort,
  accountName,
  categoryName,
  empty,
  balancesAfter,
}: {
  view: Int32Array;
  selected: string | null;
  onSelect: (id: string | null) => void;
  sortKey: SortKey;
  sortDir: 'asc' | 'desc';
  onSort: (key: SortKey) => void;
  accountName: (id: string) => string;
  categoryName: (id: string) => string;
  /** What to show instead of the rows when there are none (null: the rows). */
  empty: ReactNode;
  /** The balance after each row (by table index), when the history shows one account in date order. */
  balancesAfter?: { balances: ReadonlyMap<number, number>; currency: string };
}) {
  const { t, day, money, lang } = useT();
  const { scrollRef, virtualizer, active, setActive, onKeyDown } = useRowNavigation(view, onSelect);
  // The account in parts: a narrow column shortens its names, never what tells look-alike accounts apart.
  const accountParts = useStore(dataSelectors.accountLabelParts);
  const picked = usePickedRows((s) => s.ids);
  // In a narrow window the details hide the table: when they close, come back to the row that was open.
  useEffect(() => {
    if (selected === null && view.length)
      virtualizer.scrollToIndex(Math.min(active, view.length - 1), { align: 'auto' });
    // only when the details close
  }, [selected]);

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

  // The Amount column is as wide as the widest amount shown (theme.css: --amount-chars), never cut.
  const amountChars = useMemo(
    () =>
      Math.max(
        widestAmount(txTable, view, (amount, currency) => money(amount, currency, { sign: amount > 0 })),
        widestBalance(balancesAfter?.balances, (b) => money(b, balancesAfter!.currency)),
      ),
    // money follows the language
    [view, lang, balancesAfter],
  );

  const activeId = view.length ? `tx-row-${txTable.ids[view[Math.min(active, view.length - 1)]]}` : undefined;

  return (
    <div
      className="vtable"
      role="grid"
      aria-rowcount={view.length + 1}
      aria-label={t('history.title')}
      data-testid="history-table"
      style={{ '--amount-chars': amountChars } as CSSProperties}
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
          empty
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const i = view[item.index];
              const id = txTable.ids[i];
              const amount = txTable.amounts[i];
              const status = txTable.statuses[i];
              const account = accountName(txTable.accountIds[i]);
              const parts = accountParts.get(txTable.accountIds[i]) ?? [{ text: account }];
              const category = categoryCellText(txTable, i, categoryName, t);
              const mark = sourceMark(txTable.categorySources[i]);
              const sourceText = mark
                ? t(`hedit.source.${txTable.categorySources[i] === 'RULE' ? 'RULE_unknown' : 'LEARNED'}`)
                : '';
              return (
                <div
                  key={id}
                  id={`tx-row-${id}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={selected === id}
                  className={`vrow vbody-row${item.index === active ? ' active' : ''}${picked.has(id) ? ' picked' : ''}`}
                  data-picked={picked.has(id) || undefined}
                  style={{ transform: `translateY(${item.start}px)` }}
                  onClick={(e) => {
                    setActive(item.index);
                    if (pickOnClick(e, view, item.index, id)) return;
                    onSelect(id);
                  }}
                  data-testid="tx-row"
                >
                  <div role="gridcell" className="cell num muted">
                    {day(txTable.dates[i])}
                  </div>
                  <div role="gridcell" className="cell">
                    <span
                      className="cell"
                      style={{ display: 'block', fontWeight: 500 }}
                      title={txTable.payeeNames[i] ? `${txTable.payeeNames[i]} · ${txTable.labels[i]}` : txTable.labels[i]}
                      data-testid="tx-label"
                      data-payee={txTable.payeeIds[i] || undefined}
                    >
                      {txTable.displayLabel(i)}
                    </span>
                    {txTable.counterparties[i] && txTable.counterparties[i].toLowerCase() !== txTable.sortLabels[i] && (
                      <span className="cell-sub sub-counterparty">{txTable.counterparties[i]}</span>
                    )}
                    <span className="cell-sub sub-account" title={account} data-testid="tx-account-sub">
                      <PartsLabel parts={parts} />
                    </span>
                  </div>
                  <div role="gridcell" className="cell col-account muted" title={account} data-testid="tx-account">
                    <PartsLabel parts={parts} />
                  </div>
                  <div
                    role="gridcell"
                    className="cell-2 col-category muted"
                    title={mark ? `${category} · ${sourceText}` : category}
                    data-testid="tx-category"
                    data-source={txTable.categorySources[i] || undefined}
                  >
                    {mark && <Icon name={mark} size={12} className="source-mark" label={sourceText} />}
                    {category}
                  </div>
                  <div role="gridcell" className="cell col-status" title={t(`txStatus.${status}` as MessageKey)}>
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
                    {balancesAfter?.balances.has(i) && (
                      <span className="cell-sub" style={{ fontWeight: 400 }} title={t('ledger.runningBalance')} data-testid="tx-balance-after">
                        = {money(balancesAfter.balances.get(i)!, balancesAfter.currency)}
                      </span>
                    )}
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
