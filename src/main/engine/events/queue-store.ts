/**
 * Event queues (see docs/api/events.md#queues): reading a queue raises its flush watermark, marks it read, and serves
 * its remaining events as the stored JSON texts (store/queues.ts keeps the rows).
 */
import {
  MAX_EVENTS_PER_READ,
  QUEUE_RESOURCE_TYPES,
  type QueueResourceType,
  type QueueRow,
  type QueuesStore,
} from '../store/queues';

export { MAX_EVENTS_PER_READ, QUEUE_RESOURCE_TYPES, type QueueResourceType, type QueueRow };

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

/**
 * How old a queue's read mark may get before a read writes it again. The mark only serves to drop queues
 * nobody reads for QUEUE_IDLE_DAYS (30 days), so a minute more or less changes nothing; but a write on
 * every read (the app polls its queue every 1–10 s) changed the database each time, which made every
 * cached list answer (transactions, providers: store/db-version.ts) stale and waited for a results
 * write in progress (http/write-gate.ts).
 */
export const READ_MARK_SECONDS = 60;

/**
 * Whether reading `queue` now writes its row: when the read raises the flush watermark, or when the read
 * mark is READ_MARK_SECONDS old. A read that does not write need not wait for a results write in progress
 * (routes/queues.ts): the app's quiet polls go on during a large synchronization's write.
 */
export function queueReadWrites(
  queue: Pick<QueueRow, 'flushed_before' | 'last_read_date'>,
  options: Pick<ReadOptions, 'flushFrom'>,
  now: number,
): boolean {
  return (options.flushFrom ?? 0) > queue.flushed_before || now - queue.last_read_date >= READ_MARK_SECONDS;
}

/**
 * GET /queues/{id}: raises the flush watermark (never lowers it), marks the queue read, and returns its
 * remaining events (at most MAX_EVENTS_PER_READ), oldest first. The row is written only when the watermark
 * rises or its read mark is READ_MARK_SECONDS old.
 */
export function readQueue(store: QueuesStore, queue: QueueRow, options: ReadOptions, now: number): QueueRead {
  const flushedBefore = Math.max(queue.flushed_before, options.flushFrom ?? 0);
  const write = queueReadWrites(queue, options, now);
  if (write) store.markRead(queue.id, flushedBefore, now);
  const lastRead = write ? now : queue.last_read_date;
  // id > start_event_id AND id >= flushed_before, as one lower bound.
  const after = Math.max(queue.start_event_id, flushedBefore - 1);
  const payloads = store.payloadsAfter(queue.user_id, after, options.resourceTypes ?? QUEUE_RESOURCE_TYPES);
  return { queue: { ...queue, flushed_before: flushedBefore, last_read_date: lastRead }, payloads };
}

/** The queue record `{id, creation_date, events}` as JSON text, built around the stored event texts. */
export function queueJson(queue: Pick<QueueRow, 'id' | 'creation_date'>, payloads: readonly string[]): string {
  return `{"id":${JSON.stringify(String(queue.id))},"creation_date":${queue.creation_date},"events":[${payloads.join(',')}]}`;
}
