import type { Connection } from '../../lib/api';
import { dataSelectors, syncSelectors, useStore } from '../../store';
import { connectionSyncState, type SyncState } from './connection-state';

/**
 * A connection's synchronization state as every screen shows it (connection-state.ts), from the record and
 * what the app follows live: the run in progress, the code awaited, the accounts it knows.
 */
export function useConnectionSyncState(connection: Connection): { state: SyncState; document: boolean } {
  const running = useStore((s) => syncSelectors.isRunning(s, connection.id));
  const awaitingCode = useStore((s) => syncSelectors.awaitingCode(s, connection.id));
  const accountCount = useStore((s) =>
    s.accountsLoad.status === 'ready' ? dataSelectors.accountsOf(s, connection.id).length : undefined,
  );
  const document = useStore((s) => s.providers.find((p) => p.id === connection.provider_id)?.type === 'DOCUMENT');
  return { state: connectionSyncState(connection, { running, awaitingCode, accountCount }), document };
}
