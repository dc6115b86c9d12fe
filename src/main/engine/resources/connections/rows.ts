import type { Db } from '../../db/database';
import type { ChannelStatus, ConnectionStatus } from '../values';

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

/** The caller's connection, or undefined (another user's is the same as none: C4 404). */
export function findConnection(db: Db, userId: number, id: number | null): ConnectionRow | undefined {
  if (id === null) return undefined;
  return db.prepare<[number, number], ConnectionRow>('SELECT * FROM connections WHERE id = ? AND user_id = ?').get(id, userId);
}

export function channelsOf(db: Db, connectionId: number): ChannelRow[] {
  return db
    .prepare<[number], ChannelRow>('SELECT * FROM channels WHERE connection_id = ? ORDER BY channel_definition_id')
    .all(connectionId);
}

/** Channels of several connections at once, grouped by connection id. */
export function channelsOfMany(db: Db, connectionIds: readonly number[]): Map<number, ChannelRow[]> {
  const out = new Map<number, ChannelRow[]>();
  if (connectionIds.length === 0) return out;
  const rows = db
    .prepare<number[], ChannelRow>(
      `SELECT * FROM channels WHERE connection_id IN (${connectionIds.map(() => '?').join(',')}) ORDER BY connection_id, channel_definition_id`,
    )
    .all(...connectionIds);
  for (const row of rows) {
    const list = out.get(row.connection_id) ?? [];
    list.push(row);
    out.set(row.connection_id, list);
  }
  return out;
}
