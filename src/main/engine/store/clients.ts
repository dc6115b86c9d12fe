import type { Db } from '../db/database';
import { statementCache } from './statements';

/** A row of `oauth_clients`. */
export interface ClientRow {
  id: string;
  secret_hash: string | null;
  name: string;
  /** JSON array of strings. */
  redirect_uris: string;
  /** Space-separated client scopes. */
  scopes: string;
  is_integrator: number;
  creation_date: number;
  revoked_date: number | null;
}

export type NewClientRow = Omit<ClientRow, 'revoked_date'>;

export type ClientsStore = ReturnType<typeof createClientsStore>;

export function createClientsStore(db: Db) {
  const sql = statementCache(db);
  const active = db.prepare<[string], ClientRow>('SELECT * FROM oauth_clients WHERE id = ? AND revoked_date IS NULL');

  return {
    insert(row: NewClientRow): void {
      sql(
        `INSERT INTO oauth_clients (id, secret_hash, name, redirect_uris, scopes, is_integrator, creation_date)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(row.id, row.secret_hash, row.name, row.redirect_uris, row.scopes, row.is_integrator, row.creation_date);
    },

    /** An active (not revoked) client. */
    findActive: (id: string): ClientRow | undefined => active.get(id),

    /** A client whatever its state (revoked ones included). */
    findAny: (id: string): ClientRow | undefined =>
      sql<[string], ClientRow>('SELECT * FROM oauth_clients WHERE id = ?').get(id),

    listActive: (): ClientRow[] =>
      sql<[], ClientRow>('SELECT * FROM oauth_clients WHERE revoked_date IS NULL ORDER BY creation_date, rowid').all(),

    /** Revokes a client and deletes every token issued to it. False when there is no such active client. */
    revokeWithTokens(id: string, now: number): boolean {
      const revoke = sql('UPDATE oauth_clients SET revoked_date = ? WHERE id = ? AND revoked_date IS NULL');
      const tokens = sql('DELETE FROM oauth_tokens WHERE client_id = ?');
      return db.transaction(() => {
        if (revoke.run(now, id).changes === 0) return false;
        tokens.run(id);
        return true;
      }).immediate();
    },

    /** Makes a client active again as a public client without client scopes (the desktop app's own client). */
    restoreAsPublic(id: string): void {
      sql("UPDATE oauth_clients SET revoked_date = NULL, secret_hash = NULL, scopes = '' WHERE id = ?").run(id);
    },
  };
}
