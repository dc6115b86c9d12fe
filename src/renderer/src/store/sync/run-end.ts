import type { Connection } from '../../lib/api';
import type { MessageKey } from '../../lib/i18n/en';
import { toast } from '../../ui/Toast';
import { simplefinStatusSentence } from '../../features/connections/simplefin/strings';
import { dataSelectors } from '../data/selectors';
import type { ChallengeBook } from './challenge-book';
import { stopFollowing, type StoreAccess } from './slice-parts';

const RELOAD_AFTER_MS = 400;

/**
 * What one store does when a run ends: stop following it, say how it ended, and reload accounts,
 * connections and new transactions once for a burst of endings.
 */
export function createRunEnd(access: StoreAccess, challenges: ChallengeBook) {
  const { get, t } = access;
  let reloadTimer: ReturnType<typeof setTimeout> | null = null;

  const reloadSoon = () => {
    if (reloadTimer) clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => {
      reloadTimer = null;
      void get().loadAccounts();
      void get().loadConnections();
      void get().refreshTransactions();
    }, RELOAD_AFTER_MS);
  };

  const announce = (connection: Connection) => {
    // A statement-files source says a partial run in the words of files (as its status line does).
    const document = get().providers.find((p) => p.id === connection.provider_id)?.type === 'DOCUMENT';
    const key =
      document && connection.status === 'PARTIAL_SUCCESS'
        ? 'status.PARTIAL_SUCCESS.document'
        : `status.${connection.status}`;
    const status =
      simplefinStatusSentence(get().language, connection.provider_id, connection.status) ?? t(key as MessageKey);
    const message = t('connections.finished', { name: dataSelectors.connectionLabelText(get(), connection), status });
    if (connection.status === 'SUCCESS') toast.success(message);
    else if (connection.status === 'PARTIAL_SUCCESS') toast.info(message);
    else toast.error(message);
  };

  return function finished(connection: Connection): void {
    const wasRunning = connection.id in get().running;
    // The accounts the run wrote are read before the connection stops showing as synchronizing: its end
    // never shows "Up to date" above the accounts list of before the run ("No account yet" on a first one).
    if (wasRunning)
      void get()
        .loadAccounts()
        .finally(() => stopFollowing(access, connection.id));
    else stopFollowing(access, connection.id);
    challenges.answered.delete(connection.id);
    if (connection.status !== 'CHALLENGE_REQUIRED') challenges.drop(connection.id);
    if (wasRunning) announce(connection);
    reloadSoon();
  };
}
