/**
 * Event queues (C9): reading a queue raises its flush watermark, marks it read, and serves its remaining
 * events as the stored JSON texts (store/queues.ts keeps the rows).
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
 * GET /queues/{id}: raises the flush watermark (never lowers it), marks the queue read, and returns its
 * remaining events (at most MAX_EVENTS_PER_READ), oldest first.
 */
export function readQueue(store: QueuesStore, queue: QueueRow, options: ReadOptions, now: number): QueueRead {
  const flushedBefore = Math.max(queue.flushed_before, options.flushFrom ?? 0);
  store.markRead(queue.id, flushedBefore, now);
  // id > start_event_id AND id >= flushed_before, as one lower bound.
  const after = Math.max(queue.start_event_id, flushedBefore - 1);
  const payloads = store.payloadsAfter(queue.user_id, after, options.resourceTypes ?? QUEUE_RESOURCE_TYPES);
  return { queue: { ...queue, flushed_before: flushedBefore, last_read_date: now }, payloads };
}

/** The queue record `{id, creation_date, events}` as JSON text, built around the stored event texts. */
export function queueJson(queue: Pick<QueueRow, 'id' | 'creation_date'>, payloads: readonly string[]): string {
  return `{"id":${JSON.stringify(String(queue.id))},"creation_date":${queue.creation_date},"events":[${payloads.join(',')}]}`;
}
