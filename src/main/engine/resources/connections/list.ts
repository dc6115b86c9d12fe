import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import { offsetOf, type PageLimit } from '../common/list-params';
import { CONNECTION_STATUSES } from '../values';
import type { ConnectionRow } from './rows';

export interface ConnectionListQuery extends PageLimit {
  status?: string;
  provider_id?: string;
}

/** GET /connections: the caller's connections (creation date, then id), one page, and the total count. */
export function listConnections(db: Db, userId: number, query: ConnectionListQuery): { rows: ConnectionRow[]; total: number } {
  const where = ['user_id = ?'];
  const params: unknown[] = [userId];
  if (query.status !== undefined) {
    if (!(CONNECTION_STATUSES as readonly string[]).includes(query.status)) {
      throw badRequest(`query parameter status: unknown connection status ${JSON.stringify(query.status.slice(0, 40))}`);
    }
    where.push('status = ?');
    params.push(query.status);
  }
  if (query.provider_id !== undefined) {
    where.push('provider_id = ?');
    params.push(query.provider_id);
  }
  const whereSql = where.join(' AND ');
  const total = db.prepare(`SELECT count(*) FROM connections WHERE ${whereSql}`).pluck().get(...params) as number;
  const rows =
    total === 0
      ? []
      : db
          .prepare<unknown[], ConnectionRow>(
            `SELECT * FROM connections WHERE ${whereSql} ORDER BY creation_date, id LIMIT ? OFFSET ?`,
          )
          .all(...params, query.limit, offsetOf(query));
  return { rows, total };
}
