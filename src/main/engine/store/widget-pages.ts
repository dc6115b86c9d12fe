import type { AccountStatus } from '../../../shared/api-values';
import type { Db } from '../db/database';
import { statementCache } from './statements';

/** A challenge a connection waits for, as stored (fields is a JSON array). */
export interface PendingChallengeRow {
  channel_definition_id: string;
  fields: string;
  message: string;
  expires: number;
}

/**
 * What the widget pages read and write beside the public API: the pending challenge of a connection (the
 * user_input page opened on its own) and the per-account consent of the manage-accounts page.
 */
export type WidgetPagesStore = ReturnType<typeof createWidgetPagesStore>;

export function createWidgetPagesStore(db: Db) {
  const sql = statementCache(db);
  return {
    /** The latest unexpired challenge of one of the user's connections. */
    pendingChallenge: (connectionId: number, userId: number, now: number): PendingChallengeRow | undefined =>
      sql<[number, number, number], PendingChallengeRow>(
        `SELECT c.channel_definition_id, c.fields, c.message, c.expires
           FROM challenges c JOIN connections k ON k.id = c.connection_id
          WHERE k.id = ? AND k.user_id = ? AND c.expires > ?
          ORDER BY c.expires DESC LIMIT 1`,
      ).get(connectionId, userId, now),

    /** An account of a connection, with its status. */
    accountOf: (accountId: number, connectionId: number): { id: number; status: AccountStatus } | undefined =>
      sql<[number, number], { id: number; status: AccountStatus }>(
        'SELECT id, status FROM accounts WHERE id = ? AND connection_id = ?',
      ).get(accountId, connectionId),

    /**
     * Moves accounts from the status they were read with to a new one, together (a changed account is left
     * alone), and records in the same transaction which accounts the person chose not to share (`declined`).
     */
    setAccountStatuses(
      changes: ReadonlyArray<{ id: number; from: AccountStatus; to: AccountStatus }>,
      declined: ReadonlyArray<{ id: number; declined: boolean }> = [],
    ): void {
      const set = sql('UPDATE accounts SET status = ? WHERE id = ? AND status = ?');
      const decide = sql('UPDATE accounts SET consent_declined = ? WHERE id = ?');
      db.transaction(() => {
        for (const c of changes) set.run(c.to, c.id, c.from);
        for (const d of declined) decide.run(d.declined ? 1 : 0, d.id);
      }).immediate();
    },
  };
}
