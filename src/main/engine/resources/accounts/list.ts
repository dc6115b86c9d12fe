import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import { offsetOf, parseEnumList, type PageLimit } from '../common/list-params';
import { parseId } from '../common/record';
import { containsPattern, searchWords } from '../common/text-fold';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ACCOUNT_USAGES } from '../values';
import type { AccountRow } from './record';

export interface AccountListQuery extends PageLimit {
  type?: string;
  q?: string;
  status?: string;
  connection_id?: string;
  usage?: string;
  sort?: string;
}

const SORT_COLUMNS: Record<string, string> = { name: 'name COLLATE NOCASE', creation_date: 'creation_date' };

/**
 * `sort` of GET /accounts: field names `name` and `creation_date`, comma separated, `-` for descending
 * (default `creation_date`). The id breaks ties so that pages never overlap.
 */
export function accountOrderBy(sort: string | undefined): string {
  const items = (sort ?? 'creation_date').split(',').map((s) => s.trim());
  const seen = new Set<string>();
  const terms = items.map((item) => {
    const desc = item.startsWith('-');
    const field = desc ? item.slice(1) : item.startsWith('+') ? item.slice(1) : item;
    const column = Object.hasOwn(SORT_COLUMNS, field) ? SORT_COLUMNS[field] : undefined;
    if (!column) {
      throw badRequest(
        item === '' ? 'query parameter sort has an empty item' : `query parameter sort: unknown field ${JSON.stringify(field.slice(0, 40))} (allowed: name, creation_date)`,
      );
    }
    if (seen.has(field)) throw badRequest(`query parameter sort names ${field} twice`);
    seen.add(field);
    return `${column} ${desc ? 'DESC' : 'ASC'}`;
  });
  return `${terms.join(', ')}, id ASC`;
}

/** GET /accounts: the caller's accounts matching the filters, one page, and the total count. */
export function listAccounts(db: Db, userId: number, query: AccountListQuery): { rows: AccountRow[]; total: number } {
  const where = ['user_id = ?'];
  const params: unknown[] = [userId];
  if (query.type !== undefined) {
    const types = parseEnumList('type', query.type, ACCOUNT_TYPES);
    where.push(`type IN (${types.map(() => '?').join(', ')})`);
    params.push(...types);
  }
  if (query.status !== undefined) {
    const [status] = parseEnumList('status', query.status, ACCOUNT_STATUSES);
    if (query.status.includes(',')) throw badRequest('query parameter status takes one account status');
    where.push('status = ?');
    params.push(status);
  }
  if (query.usage !== undefined) {
    if (!(ACCOUNT_USAGES as readonly string[]).includes(query.usage)) {
      throw badRequest(`query parameter usage must be one of ${ACCOUNT_USAGES.join(', ')}`);
    }
    where.push('usage = ?');
    params.push(query.usage);
  }
  if (query.connection_id !== undefined) {
    // Ids are opaque: one that is not ours matches nothing rather than failing.
    where.push('connection_id = ?');
    params.push(parseId(query.connection_id) ?? -1);
  }
  if (query.q !== undefined) {
    for (const word of searchWords(query.q)) {
      where.push("search_text LIKE ? ESCAPE '\\'");
      params.push(containsPattern(word));
    }
  }
  const orderBy = accountOrderBy(query.sort);
  const whereSql = where.join(' AND ');
  const total = db.prepare(`SELECT count(*) FROM accounts WHERE ${whereSql}`).pluck().get(...params) as number;
  const rows =
    total === 0
      ? []
      : db
          .prepare<unknown[], AccountRow>(`SELECT * FROM accounts WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
          .all(...params, query.limit, offsetOf(query));
  return { rows, total };
}
