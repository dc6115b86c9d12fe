/**
 * Event queues (C9) over the `events` table, without per-queue copies: a queue is a window on its user's
 * events — those whose id is above `start_event_id` (the last id of the server-wide sequence when it
 * subscribed) and not below `flushed_before` (raised by `flush_from`). A hundred queues cost a hundred rows.
 */
import type { Db } from '../db/database';

/** Events served per read at most; the next read (after a flush_from) gets the rest. */
export const MAX_EVENTS_PER_READ = 500;

/** Resource types a queue can be filtered on (interface.md "Queues"). */
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

export interface ReadOptions {
  /** Events whose id is below this are deleted from the queue first. */
  flushFrom?: number;
  /** Only events of these resource types (default: all). */
  resourceTypes?: readonly QueueResourceType[];
}

export interface QueueRead {
  queue: QueueRow;
  /** The events' JSON texts as stored (each is the whole event as served), in id order. */
  payloads: string[];
}

/** The highest event id ever handed out (rows may have been collected since; ids are never reused). */
export function lastEventId(db: Db): number {
  const seq = db.prepare<[], number | null>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck().get();
  return Number(seq ?? 0);
}

/** POST /queues/subscribe: a queue that will see every later event of the user. */
export function subscribe(db: Db, userId: number, now: number): QueueRow {
  return db.transaction(() => {
    const start = lastEventId(db);
    const id = Number(
      db
        .prepare(
          'INSERT INTO queues (user_id, start_event_id, flushed_before, creation_date, last_read_date) VALUES (?, ?, 0, ?, ?)',
        )
        .run(userId, start, now, now).lastInsertRowid,
    );
    return { id, user_id: userId, start_event_id: start, flushed_before: 0, creation_date: now, last_read_date: now };
  })();
}

/** The caller's queue, or undefined (another user's queue is the same as none: C4). */
export function findQueue(db: Db, userId: number, queueId: number): QueueRow | undefined {
  return db
    .prepare<[number, number], QueueRow>('SELECT * FROM queues WHERE id = ? AND user_id = ?')
    .get(queueId, userId);
}

/**
 * GET /queues/{id}: raises the flush watermark (never lowers it), marks the queue read, and returns its
 * remaining events (at most MAX_EVENTS_PER_READ), oldest first.
 */
export function readQueue(db: Db, queue: QueueRow, options: ReadOptions, now: number): QueueRead {
  const flushedBefore = Math.max(queue.flushed_before, options.flushFrom ?? 0);
  db.prepare('UPDATE queues SET flushed_before = ?, last_read_date = ? WHERE id = ?').run(flushedBefore, now, queue.id);
  // id > start_event_id AND id >= flushed_before, as one lower bound.
  const after = Math.max(queue.start_event_id, flushedBefore - 1);
  const types = options.resourceTypes ?? QUEUE_RESOURCE_TYPES;
  const payloads = db
    .prepare<unknown[], string>(
      `SELECT payload FROM events WHERE user_id = ? AND id > ? AND resource_type IN (${types.map(() => '?').join(',')})
       ORDER BY id LIMIT ${MAX_EVENTS_PER_READ}`,
    )
    .pluck()
    .all(queue.user_id, after, ...types);
  return { queue: { ...queue, flushed_before: flushedBefore, last_read_date: now }, payloads };
}

/** The queue record `{id, creation_date, events}` as JSON text, built around the stored event texts. */
export function queueJson(queue: Pick<QueueRow, 'id' | 'creation_date'>, payloads: readonly string[]): string {
  return `{"id":${JSON.stringify(String(queue.id))},"creation_date":${queue.creation_date},"events":[${payloads.join(',')}]}`;
}
