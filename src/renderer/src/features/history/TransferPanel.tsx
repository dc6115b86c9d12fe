import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';
import { Alert, Button, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { transferCandidates } from './transfer-candidates';

/**
 * A row as one side of a transfer between the person's own accounts: the other side and buttons to confirm
 * or unlink a link found automatically; for a row in no link, the rows that could be its other side, to
 * link by hand. A linked row counts as neither spending nor income.
 */
export function TransferPanel({ id, accountName }: { id: string; accountName: (id: string) => string }) {
  const i18n = useT();
  const { t, day, money } = i18n;
  useStore((s) => s.txVersion);
  const { linkTransfer, confirmTransfer, unlinkTransfer } = useStore.getState();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const i = txTable.indexOf(id);
  const link = txTable.transfers[i];

  const act = async (run: () => Promise<void>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      await run();
      toast.success(done);
    } catch (err) {
      setProblem(t('transfer.failed', { message: errorMessage(i18n, err) }));
    } finally {
      setBusy(false);
    }
  };
  const describe = (k: number) =>
    t('transfer.with', {
      direction: txTable.amounts[i] < 0 ? t('transfer.to') : t('transfer.from'),
      account: accountName(txTable.accountIds[k]),
      label: `${txTable.labels[k]} (${money(txTable.amounts[k], txTable.currencies[k], { sign: true })})`,
      date: day(txTable.dates[k]),
    });

  if (link) {
    const k = txTable.indexOf(link.other);
    return (
      <section className="stack" style={{ gap: 'var(--space-2)' }} data-testid="transfer-panel">
        <h3 className="stat-label" style={{ margin: 0 }}>
          {t('transfer.title')}
        </h3>
        {k >= 0 && <div data-testid="transfer-other">{describe(k)}</div>}
        <span className="hint" data-testid="transfer-state">
          {link.confirmed ? t('transfer.confirmed') : t('transfer.auto')}
        </span>
        {problem && <Alert tone="warning">{problem}</Alert>}
        <div className="row" style={{ gap: 'var(--space-2)', flexWrap: 'wrap' }}>
          {!link.confirmed && (
            <Button size="sm" icon="check" variant="primary" busy={busy} onClick={() => void act(() => confirmTransfer(link.id), t('transfer.confirmedToast'))} data-testid="transfer-confirm">
              {t('transfer.confirm')}
            </Button>
          )}
          <Button size="sm" icon="x" disabled={busy} onClick={() => void act(() => unlinkTransfer(link.id), t('transfer.unlinked'))} data-testid="transfer-unlink">
            {t('transfer.unlink')}
          </Button>
        </div>
      </section>
    );
  }
  const candidates = transferCandidates(txTable, i);
  if (candidates.length === 0) return null;
  return (
    <section className="stack" style={{ gap: 'var(--space-2)' }} data-testid="transfer-candidates">
      <h3 className="stat-label" style={{ margin: 0 }}>
        {t('transfer.title')}
      </h3>
      <span className="hint">{t('transfer.candidates')}</span>
      {problem && <Alert tone="warning">{problem}</Alert>}
      {candidates.map((k) => (
        <div key={txTable.ids[k]} className="stack" style={{ gap: 4 }}>
          <div>{describe(k)}</div>
          <div>
            <Button size="sm" icon="link" disabled={busy} onClick={() => void act(() => linkTransfer(id, txTable.ids[k]), t('transfer.linked'))} data-testid="transfer-link">
              {t('transfer.link')}
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
