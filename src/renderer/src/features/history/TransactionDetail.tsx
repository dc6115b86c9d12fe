import { useEffect, useRef, useState } from 'react';
import { transactionsApi, type Transaction } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { Badge, Button, Card } from '../../ui';
import { CategorySource } from './CategorySource';
import { SplitEditor } from './SplitEditor';
import { TransactionEditor } from './TransactionEditor';
import { TransferPanel } from './TransferPanel';
import { useUndoCount } from './undo';

/**
 * The selected transaction's details: what the local table holds at once, then the full record from the
 * engine (its type and remittance information) when it arrives.
 */
export function TransactionDetail({
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
  const undos = useUndoCount((s) => s.count);
  const [full, setFull] = useState<Transaction | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const i = txTable.indexOf(id);
  // In a narrow window the details replace the table, which held the focus: bring it here.
  useEffect(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body || focused.offsetParent === null) headingRef.current?.focus();
  }, [id]);
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
    [
      t('history.col.category'),
      <>
        <span data-testid="tx-detail-category">{categoryName(txTable.categories[i])}</span>
        <br />
        <CategorySource source={txTable.categorySources[i]} ruleId={txTable.categoryRuleIds[i]} />
      </>,
    ],
    [t('history.col.account'), accountName(txTable.accountIds[i])],
    [t('history.type'), t(`txType.${full?.type ?? txTable.types[i]}` as MessageKey)],
    ...(txTable.counterparties[i]
      ? ([[t('history.counterparty'), txTable.counterparties[i]]] as Array<[string, React.ReactNode]>)
      : []),
  ];
  return (
    <Card
      className="history-detail stack"
      aria-label={t('history.detail')}
      data-testid="tx-detail"
      onKeyDown={(e) => {
        // Escape closes the details, except while typing in the form (it would drop what is being typed).
        const typing = (e.target as HTMLElement).closest('input, textarea, select');
        if (e.key === 'Escape' && !e.defaultPrevented && !typing) onClose();
      }}
    >
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <h2 style={{ fontSize: 15 }} tabIndex={-1} ref={headingRef}>
          {t('history.detail')}
        </h2>
        <Button variant="ghost" size="sm" icon="x" iconOnly onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
      <div>
        <div style={{ fontWeight: 600, fontSize: 15, overflowWrap: 'anywhere' }} data-testid="tx-detail-label">
          {txTable.displayLabel(i)}
        </div>
        {txTable.payeeNames[i] && (
          <div className="muted" style={{ fontSize: 13, overflowWrap: 'anywhere' }} data-testid="tx-detail-bank-label">
            {t('payee.bankText')}: {txTable.labels[i]}
          </div>
        )}
        <div className={`num detail-amount${amount > 0 ? ' positive' : ''}`} data-testid="tx-detail-amount">
          {money(amount, txTable.currencies[i], { sign: amount > 0 })}
        </div>
        {/* A transaction the person entered (the bank does not know it). */}
        {full?.manual && (
          <span data-testid="tx-detail-manual">
            <Badge tone="info">{t('ledger.manualBadge')}</Badge>
          </span>
        )}
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
      <TransferPanel key={`transfer-${id}`} id={id} accountName={accountName} />
      <TransactionEditor key={`${id}:${undos}`} id={id} />
      <SplitEditor key={`split-${id}`} id={id} />
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
