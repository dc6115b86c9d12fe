import { useState } from 'react';
import { operationsApi } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';
import { Button, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { toastWithUndo } from './undo';

/**
 * "Back to automatic" on a transaction whose category the person chose: the engine forgets that choice and
 * files the row again by their rules or the automatic filing (one change, undoable from the toast).
 */
export function BackToAutomatic({ id, onDone }: { id: string; onDone(category: string): void }) {
  const i18n = useT();
  const refreshRows = useStore((s) => s.refreshRows);
  const categories = useStore(dataSelectors.categoriesById);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { operation } = await operationsApi.backToAutomatic(id);
      await refreshRows([id]);
      const category = txTable.categories[txTable.indexOf(id)];
      onDone(category);
      if (operation) toastWithUndo(i18n, i18n.t('ledger.backDone', { category: categories.get(category)?.label ?? category }), operation);
      else toast.info(i18n.t('ledger.alreadyAutomatic'));
    } catch (err) {
      toast.error(i18n.t('ledger.undoFailed', { message: errorMessage(i18n, err) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon="refresh" busy={busy} onClick={() => void run()} title={i18n.t('ledger.backToAutomaticHint')} data-testid="back-to-automatic">
      {i18n.t('ledger.backToAutomatic')}
    </Button>
  );
}
