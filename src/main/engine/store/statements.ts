import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';

/**
 * Prepared statements of one store module, compiled at first use and kept for the life of the module's
 * closure (one per database handle: statements belong to their connection). Compiling is a large share of
 * a fast query, so a store never prepares the same text twice.
 */
export function statementCache(db: Db): <P extends unknown[] = unknown[], R = unknown>(sql: string) => Statement<P, R> {
  const cache = new Map<string, Statement>();
  return <P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s as unknown as Statement<P, R>;
  };
}
