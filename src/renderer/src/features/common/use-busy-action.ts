import { useCallback, useState } from 'react';
import { useT } from '../../lib/i18n';
import { errorMessage } from './errors';

/**
 * An action a person starts with a button (delete, close…): `busy` while it runs (the button shows it and
 * cannot be pressed twice), and its failure said in words in `error`, which the next run clears.
 */
export function useBusyAction() {
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
        setError(errorMessage(i18n, err));
      } finally {
        setBusy(false);
      }
    },
    [i18n],
  );
  const clearError = useCallback(() => setError(null), []);
  return { busy, error, run, clearError };
}
