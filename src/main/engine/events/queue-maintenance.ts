/**
 * Housekeeping of queues and events (see docs/api/events.md#queues): a queue nobody has read for QUEUE_IDLE_DAYS is
 * dropped, an event no live queue can still serve is deleted, and the webhook delivery log keeps its newest rows. Runs
 * at start and then every SWEEP_INTERVAL_MS.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store';

export { QUEUE_IDLE_DAYS } from '../store/queues';
export { EVENT_GRACE_SECONDS } from '../store/events';
export { MAX_DELIVERY_LOG_ROWS } from '../store/webhooks';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface SweepResult {
  queuesDropped: number;
  eventsDeleted: number;
  deliveriesDeleted: number;
}

type SweptStore = Pick<Store, 'events' | 'queues' | 'webhooks'>;

/** One sweep, in one transaction. */
export function sweepEvents(store: SweptStore, now: number): SweepResult {
  return store.events.atomically(() => ({
    queuesDropped: store.queues.dropIdle(now),
    eventsDeleted: store.events.deleteUnreachable(now),
    deliveriesDeleted: store.webhooks.trimDeliveries(),
  }));
}

/** A sweep now, then one every hour; returns the function that stops it. */
export function startEventSweeper(deps: {
  store: SweptStore;
  isOpen(): boolean;
  now(): number;
  log: FastifyBaseLogger;
}): () => void {
  const run = () => {
    if (!deps.isOpen()) return;
    try {
      const r = sweepEvents(deps.store, deps.now());
      if (r.queuesDropped || r.eventsDeleted) deps.log.info(r, 'event queues swept');
    } catch (err) {
      deps.log.error({ err }, 'event queue sweep failed');
    }
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
