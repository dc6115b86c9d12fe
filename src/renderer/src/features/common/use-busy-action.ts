import { useCallback, useState } from 'react';
import { useT, type I18n } from '../../lib/i18n';
import { errorMessage } from './errors';

/** A sentence of the action's own for some failures (null: the shared sentence of the error). */
export type OwnWords = (i18n: I18n, err: unknown) => string | null;

/**
 * An action a person starts with a button (delete, close…): `busy` while it runs (the button shows it and
 * cannot be pressed twice), and its failure said in words in `error`, which the next run clears.
 */
export function useBusyAction(ownWords?: OwnWords) {
  const i18n = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (err) {
        setError(ownWords?.(i18n, err) ?? errorMessage(i18n, err));
      } finally {
        setBusy(false);
      }
    },
    [i18n, ownWords],
  );
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, run, clearError };
}
