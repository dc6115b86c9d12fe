import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';

/**
 * Prepared statements compiled once per SQL text and reused (compiling is a large share of a fast query).
 * One cache per connection: statements belong to their database handle.
 */
const caches = new WeakMap<Db, Map<string, Statement>>();

export function statement<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql)));
  return s as unknown as Statement<P, R>;
}
