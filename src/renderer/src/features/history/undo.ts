import { useEffect } from 'react';
import { create } from 'zustand';
import { isApiError, operationsApi, type LedgerOperation } from '../../lib/api';
import type { I18n } from '../../lib/i18n';
import { useStore } from '../../store';
import { toast, useToasts } from '../../ui';
import { errorMessage } from '../common/errors';

/**
 * Undo of the person's changes: every change of their corrections is one operation in the engine, undone
 * as a whole. After a change the app offers Undo in its toast; Ctrl+Z (⌘Z) undoes the last change.
 */

/**
 * Counts the undos done: an open transaction form starts again from the stored values after one (it would
 * otherwise show, and could save back, what was just undone).
 */
export const useUndoCount = create<{ count: number }>(() => ({ count: 0 }));

/** Reads again the rows an operation touched: the one row of a single change, else everything. */
async function refreshAfter(operation: LedgerOperation): Promise<void> {
  const one = operation.details?.transaction_id;
  const store = useStore.getState();
  if (typeof one === 'string') await store.refreshRows([one]);
  else await store.loadTransactions(true);
  useUndoCount.setState((s) => ({ count: s.count + 1 }));
}

export async function undoOperation(i18n: I18n, operation: LedgerOperation): Promise<void> {
  try {
    const undone = await operationsApi.undo(operation.id);
    // Its Undo, still offered by an earlier toast, has nothing left to do.
    useToasts.getState().dismissAction(`operation:${operation.id}`);
    await refreshAfter(undone);
    toast.info(i18n.tn('ledger.undone', undone.transaction_count, { count: i18n.number(undone.transaction_count) }));
  } catch (err) {
    if (isApiError(err) && err.status === 409) toast.error(i18n.t('ledger.undoConflict'));
    else toast.error(i18n.t('ledger.undoFailed', { message: errorMessage(i18n, err) }));
  }
}

/** Undoes the person's last change, if it still stands. */
export async function undoLast(i18n: I18n): Promise<void> {
  let last: LedgerOperation | undefined;
  try {
    [last] = await operationsApi.recent(1);
  } catch (err) {
    toast.error(i18n.t('ledger.undoFailed', { message: errorMessage(i18n, err) }));
    return;
  }
  if (!last || last.undone_date !== undefined) {
    toast.info(i18n.t('ledger.nothingToUndo'));
    return;
  }
  await undoOperation(i18n, last);
}

/** A success toast with Undo for the operation just recorded (none when nothing changed). */
export function toastWithUndo(i18n: I18n, message: string, operation: LedgerOperation | undefined): void {
  toast.success(message, operation ? { label: i18n.t('ledger.undo'), run: () => void undoOperation(i18n, operation), key: `operation:${operation.id}` } : undefined);
}

/** Ctrl+Z / ⌘Z undoes the last change while this screen is shown, except while typing in a field. */
export function useUndoShortcut(i18n: I18n): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      e.preventDefault();
      void undoLast(i18n);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [i18n]);
}
