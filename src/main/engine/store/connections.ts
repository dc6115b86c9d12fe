import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';
import { offsetOf, type PageLimit } from '../domain/list-input';
import type { ConnectionStatus } from '../domain/values';

/** A row of the `connections` table. */
export interface ConnectionRow {
  id: number;
  user_id: number;
  provider_id: string;
  name: string;
  status: ConnectionStatus;
  auto_sync: number;
  consent_per_account: number;
  owner_name: string | null;
  rollout_member: number;
  document_settings: string | null;
  next_sync_date: number | null;
  creation_date: number;
}

export interface NewConnection {
  userId: number;
  providerId: string;
  name: string;
  autoSync: boolean;
  consentPerAccount: boolean;
  now: number;
}

/** Filters of GET /connections, already checked. */
export interface ConnectionFilters {
  status?: ConnectionStatus;
  providerId?: string;
}

/** The `connections` table: one connection of a user to a provider. */
export function createConnectionStore(db: Db) {
  const byId = db.prepare<[number], ConnectionRow>('SELECT * FROM connections WHERE id = ?');
  const owned = db.prepare<[number, number], ConnectionRow>('SELECT * FROM connections WHERE id = ? AND user_id = ?');
  const statusOf = db.prepare<[number], ConnectionStatus>('SELECT status FROM connections WHERE id = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO connections (user_id, provider_id, name, status, auto_sync, consent_per_account, creation_date)
     VALUES (?, ?, ?, 'NEVER', ?, ?, ?)`,
  );
  const rename = db.prepare('UPDATE connections SET name = ? WHERE id = ?');
  const setStatus = db.prepare('UPDATE connections SET status = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM connections WHERE id = ?');
  const autoSynced = db
    .prepare<[number], number>(
      "SELECT id FROM connections WHERE user_id = ? AND auto_sync = 1 AND status <> 'CLOSED' ORDER BY creation_date, id",
    )
    .pluck();
  const closeChannels = db.prepare(
    "UPDATE channels SET status_before_close = status, status = 'CLOSED' WHERE connection_id = ? AND status <> 'CLOSED'",
  );
  const closeAccounts = db.prepare(
    "UPDATE accounts SET status_before_close = status, status = 'CLOSED' WHERE connection_id = ? AND status <> 'CLOSED'",
  );
  const closeConnection = db.prepare("UPDATE connections SET status = 'CLOSED' WHERE id = ?");
  // GET /connections has four shapes of WHERE (status and provider_id each given or not).
  const listStatements = new Map<string, { count: Statement; page: Statement }>();

  return {
    byId: (id: number): ConnectionRow | undefined => byId.get(id),
    /**
     * The caller's connection, or undefined (another user's is the same as none, a 404:
     * docs/api/auth-and-scopes.md#isolation).
     */
    findOwned(userId: number, id: number | null): ConnectionRow | undefined {
      return id === null ? undefined : owned.get(id, userId);
    },
    statusOf: (id: number): ConnectionStatus | undefined => statusOf.get(id),
    insert(c: NewConnection): number {
      return Number(insert.run(c.userId, c.providerId, c.name, c.autoSync ? 1 : 0, c.consentPerAccount ? 1 : 0, c.now).lastInsertRowid);
    },
    rename: (id: number, name: string): void => void rename.run(name, id),
    setStatus: (id: number, status: ConnectionStatus): void => void setStatus.run(status, id),
    /** Removes the connection; its channels, accounts, transactions and listings go with it (ON DELETE CASCADE). */
    remove: (id: number): void => void remove.run(id),
    /** The user's connections with auto_sync that are not CLOSED, in creation order. */
    autoSyncedIds: (userId: number): number[] => autoSynced.all(userId),
    /** The connection, its channels and its accounts become CLOSED, each keeping the status it had in status_before_close. */
    close(id: number): void {
      closeChannels.run(id);
      closeAccounts.run(id);
      closeConnection.run(id);
    },
    /** One page of the user's connections (creation date, then id) and the total count. */
    list(userId: number, filters: ConnectionFilters, page: PageLimit): { rows: ConnectionRow[]; total: number } {
      const where = ['user_id = ?'];
      const params: unknown[] = [userId];
      if (filters.status !== undefined) {
        where.push('status = ?');
        params.push(filters.status);
      }
      if (filters.providerId !== undefined) {
        where.push('provider_id = ?');
        params.push(filters.providerId);
      }
      const whereSql = where.join(' AND ');
      let s = listStatements.get(whereSql);
      if (!s) {
        s = {
          count: db.prepare(`SELECT count(*) FROM connections WHERE ${whereSql}`).pluck(),
          page: db.prepare(`SELECT * FROM connections WHERE ${whereSql} ORDER BY creation_date, id LIMIT ? OFFSET ?`),
        };
        listStatements.set(whereSql, s);
      }
      const total = s.count.get(...params) as number;
      const rows = total === 0 ? [] : (s.page.all(...params, page.limit, offsetOf(page)) as ConnectionRow[]);
      return { rows, total };
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
