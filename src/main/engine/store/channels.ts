import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';
import type { ChannelMode, ChannelStatus } from '../domain/values';

/** A row of the `channels` table. */
export interface ChannelRow {
  id: number;
  connection_id: number;
  channel_definition_id: string;
  mode: 'REDIRECT' | 'EMBEDDED';
  status: ChannelStatus;
  expires: number | null;
  last_success_date: number | null;
  last_end_date: number | null;
  masked_credentials: string;
  has_secret: number;
  connector_state: string;
  last_error: string | null;
  status_before_close: string | null;
}

export interface NewChannel {
  connectionId: number;
  channelDefinitionId: string;
  mode: ChannelMode;
  status: ChannelStatus;
  /** JSON text `[{id, masked_value}]`. */
  maskedCredentials: string;
  hasSecret: boolean;
}

/** Largest number of connections read at once by `ofConnections` (one statement per count is kept). */
const MAX_CACHED_IN_LIST = 64;

/** The `channels` table: one channel definition used by a connection. */
export function createChannelStore(db: Db) {
  const ofConnection = db.prepare<[number], ChannelRow>('SELECT * FROM channels WHERE connection_id = ? ORDER BY channel_definition_id');
  const byDefinition = db.prepare<[number, string], ChannelRow>('SELECT * FROM channels WHERE connection_id = ? AND channel_definition_id = ?');
  const ids = db.prepare<[number], number>('SELECT id FROM channels WHERE connection_id = ?').pluck();
  const statuses = db.prepare<[number], ChannelStatus>('SELECT status FROM channels WHERE connection_id = ?').pluck();
  const forReopen = db.prepare<[number], { id: number; status: ChannelStatus; status_before_close: ChannelStatus | null }>(
    'SELECT id, status, status_before_close FROM channels WHERE connection_id = ?',
  );
  const reopen = db.prepare('UPDATE channels SET status = ?, status_before_close = NULL WHERE id = ?');
  const runnable = db
    .prepare<[number], number>("SELECT count(*) FROM channels WHERE connection_id = ? AND status NOT IN ('EMPTY', 'CLOSED')")
    .pluck();
  const insert = db.prepare(
    `INSERT INTO channels (connection_id, channel_definition_id, mode, status, masked_credentials, has_secret)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const setCredentials = db.prepare(
    `UPDATE channels SET masked_credentials = ?, has_secret = 1, status = CASE WHEN status = 'EMPTY' THEN 'NEVER' ELSE status END
     WHERE id = ?`,
  );
  const empty = db.prepare(
    `UPDATE channels SET status = 'EMPTY', expires = NULL, last_success_date = NULL, last_end_date = NULL,
       masked_credentials = '[]', has_secret = 0, connector_state = '{}', last_error = NULL, status_before_close = NULL
     WHERE id = ?`,
  );
  const challenges = db.prepare<[number], { channel_definition_id: string; fields: string; expires: number }>(
    'SELECT channel_definition_id, fields, expires FROM challenges WHERE connection_id = ? ORDER BY channel_definition_id',
  );
  const inLists = new Map<number, Statement<number[], ChannelRow>>();

  return {
    /** The connection's channels, by channel definition id. */
    ofConnection: (connectionId: number): ChannelRow[] => ofConnection.all(connectionId),
    /** Channels of several connections at once, grouped by connection id. */
    ofConnections(connectionIds: readonly number[]): Map<number, ChannelRow[]> {
      const out = new Map<number, ChannelRow[]>();
      if (connectionIds.length === 0) return out;
      const n = connectionIds.length;
      let s = inLists.get(n);
      if (!s) {
        s = db.prepare<number[], ChannelRow>(
          `SELECT * FROM channels WHERE connection_id IN (${connectionIds.map(() => '?').join(',')}) ORDER BY connection_id, channel_definition_id`,
        );
        if (n <= MAX_CACHED_IN_LIST) inLists.set(n, s);
      }
      for (const row of s.all(...connectionIds)) {
        const list = out.get(row.connection_id) ?? [];
        list.push(row);
        out.set(row.connection_id, list);
      }
      return out;
    },
    byDefinition: (connectionId: number, channelDefinitionId: string): ChannelRow | undefined =>
      byDefinition.get(connectionId, channelDefinitionId),
    idsOf: (connectionId: number): number[] => ids.all(connectionId),
    statusesOf: (connectionId: number): ChannelStatus[] => statuses.all(connectionId),
    /** Whether the connection has a channel a synchronization can run (not EMPTY, not CLOSED). */
    hasRunnable: (connectionId: number): boolean => runnable.get(connectionId)! > 0,
    closedStatuses: (connectionId: number) => forReopen.all(connectionId),
    /** Sets the status and forgets status_before_close (a reopened channel). */
    setReopened: (id: number, status: ChannelStatus): void => void reopen.run(status, id),
    insert(c: NewChannel): number {
      return Number(
        insert.run(c.connectionId, c.channelDefinitionId, c.mode, c.status, c.maskedCredentials, c.hasSecret ? 1 : 0).lastInsertRowid,
      );
    },
    /** New credentials for a channel: an EMPTY one becomes NEVER (used again). */
    setCredentials: (id: number, maskedCredentials: string): void => void setCredentials.run(maskedCredentials, id),
    /** The challenges a run of the connection is waiting on (one per channel at most); `fields` is JSON. */
    pendingChallenges: (connectionId: number) => challenges.all(connectionId),
    /** The channel is no longer used: EMPTY, without credentials, consent expiry or connector memory. */
    empty: (id: number): void => void empty.run(id),
  };
}

export type ChannelStore = ReturnType<typeof createChannelStore>;
