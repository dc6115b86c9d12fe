/**
 * Event queues (see docs/api/events.md#queues) over the `events` table, without per-queue copies: a queue is a window
 * on its user's events — those whose id is above `start_event_id` (the last id of the server-wide sequence when it
 * subscribed) and not below `flushed_before` (raised by `flush_from`). A hundred queues cost a hundred rows.
 */
import type { Db } from '../db/database';

/** Events served per read at most; the next read (after a flush_from) gets the rest. */
export const MAX_EVENTS_PER_READ = 500;
/** A queue nobody has read for this many days is dropped. */
export const QUEUE_IDLE_DAYS = 30;

/** Resource types a queue can be filtered on (docs/api/events.md#queues). */
export const QUEUE_RESOURCE_TYPES = ['CONNECTION', 'PAYMENT'] as const;
export type QueueResourceType = (typeof QUEUE_RESOURCE_TYPES)[number];

export interface QueueRow {
  id: number;
  user_id: number;
  start_event_id: number;
  flushed_before: number;
  creation_date: number;
  last_read_date: number;
}

export function createQueuesStore(db: Db) {
  const lastId = db.prepare<[], number | null>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck();
  const insert = db.prepare(
    'INSERT INTO queues (user_id, start_event_id, flushed_before, creation_date, last_read_date) VALUES (?, ?, 0, ?, ?)',
  );
  const find = db.prepare<[number, number], QueueRow>('SELECT * FROM queues WHERE id = ? AND user_id = ?');
  const markRead = db.prepare('UPDATE queues SET flushed_before = ?, last_read_date = ? WHERE id = ?');
  const dropIdle = db.prepare('DELETE FROM queues WHERE last_read_date < ?');
  const payloadStatements = new Map<number, ReturnType<typeof payloadQuery>>();
  function payloadQuery(typeCount: number) {
    return db
      .prepare<unknown[], string>(
        `SELECT payload FROM events WHERE user_id = ? AND id > ? AND resource_type IN (${Array(typeCount).fill('?').join(',')})
         ORDER BY id LIMIT ${MAX_EVENTS_PER_READ}`,
      )
      .pluck();
  }
  return {
    /** A queue that will see every later event of the user. */
    subscribe(userId: number, now: number): QueueRow {
      return db.transaction(() => {
        const start = Number(lastId.get() ?? 0);
        const id = Number(insert.run(userId, start, now, now).lastInsertRowid);
        return { id, user_id: userId, start_event_id: start, flushed_before: 0, creation_date: now, last_read_date: now };
      }).immediate();
    },
    /**
     * The caller's queue, or undefined (another user's queue is the same as none:
     * docs/api/auth-and-scopes.md#isolation).
     */
    find(userId: number, queueId: number): QueueRow | undefined {
      return find.get(queueId, userId);
    },
    /** Raises the flush watermark and the last read date. */
    markRead(queueId: number, flushedBefore: number, now: number): void {
      markRead.run(flushedBefore, now, queueId);
    },
    /** The stored event texts of a user above `after`, of these resource types, oldest first. */
    payloadsAfter(userId: number, after: number, types: readonly string[]): string[] {
      let stmt = payloadStatements.get(types.length);
      if (!stmt) payloadStatements.set(types.length, (stmt = payloadQuery(types.length)));
      return stmt.all(userId, after, ...types);
    },
    dropIdle(now: number): number {
      return dropIdle.run(now - QUEUE_IDLE_DAYS * 86400).changes;
    },
  };
}

export type QueuesStore = ReturnType<typeof createQueuesStore>;
