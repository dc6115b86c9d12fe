/**
 * Housekeeping of queues and events (C9): a queue nobody has read for QUEUE_IDLE_DAYS is dropped, and an
 * event no live queue can still serve is deleted. Runs at start and then every SWEEP_INTERVAL_MS.
 */
import type { EngineContext } from '../context';
import type { Db } from '../db/database';

export const QUEUE_IDLE_DAYS = 30;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Events younger than this are kept whatever the queues (a sync transaction may still be handing them out). */
export const EVENT_GRACE_SECONDS = 3600;
/** Delivery-log rows kept at most (oldest go first). */
export const MAX_DELIVERY_LOG_ROWS = 10_000;

export interface SweepResult {
  queuesDropped: number;
  eventsDeleted: number;
  deliveriesDeleted: number;
}

/** One sweep, in one transaction. */
export function sweepEvents(db: Db, now: number): SweepResult {
  return db.transaction(() => {
    const queuesDropped = db
      .prepare('DELETE FROM queues WHERE last_read_date < ?')
      .run(now - QUEUE_IDLE_DAYS * 86400).changes;
    // An event is still needed while one queue of its user has it in its window (id above start_event_id and
    // not below flushed_before). Below the smallest window start of its user (or with no queue at all) it is not.
    const eventsDeleted = db
      .prepare(
        `DELETE FROM events
          WHERE creation_date < ?
            AND id < COALESCE(
              (SELECT MIN(MAX(q.start_event_id + 1, q.flushed_before)) FROM queues q WHERE q.user_id = events.user_id),
              9223372036854775807)`,
      )
      .run(now - EVENT_GRACE_SECONDS).changes;
    const deliveriesDeleted = db
      .prepare('DELETE FROM webhook_deliveries WHERE id <= (SELECT MAX(id) FROM webhook_deliveries) - ?')
      .run(MAX_DELIVERY_LOG_ROWS).changes;
    return { queuesDropped, eventsDeleted, deliveriesDeleted };
  })();
}

/** StartupStep: a sweep now, then one every hour until the engine closes. */
export function startEventSweeper(ctx: EngineContext): void {
  const run = () => {
    if (!ctx.db.open) return;
    try {
      const r = sweepEvents(ctx.db, ctx.now());
      if (r.queuesDropped || r.eventsDeleted) ctx.log.info(r, 'event queues swept');
    } catch (err) {
      ctx.log.error({ err }, 'event queue sweep failed');
    }
  };
  run();
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
