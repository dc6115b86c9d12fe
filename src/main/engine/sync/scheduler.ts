/**
 * Automatic synchronization (C8): connections with `auto_sync` whose `next_sync_date` has passed are
 * synchronized — every `sync_interval_hours` (12 by default), and at start for those that fell due while
 * the app was closed. Each finished run sets the connection's next date (channel-results.ts).
 */
import type { EngineContext } from '../context';
import type { SyncPort } from './sync-port';

export interface SchedulerOptions {
  /** Between two looks for due connections (default 60 s). */
  tickMs?: number;
  /** First look after start (default 3 s: the server listens by then). */
  firstTickMs?: number;
}

/** Starts the due connections once; returns their ids. */
export function runDueSynchronizations(ctx: EngineContext, sync: SyncPort): number[] {
  const now = ctx.now();
  const due = ctx.db
    .prepare<[number], number>(
      `SELECT id FROM connections WHERE auto_sync = 1 AND next_sync_date IS NOT NULL AND next_sync_date <= ?
         AND status NOT IN ('CLOSED', 'RUNNING') ORDER BY next_sync_date, id LIMIT 200`,
    )
    .pluck()
    .all(now);
  const started: number[] = [];
  const hours = Number(ctx.settings.get('sync_interval_hours')) || 12;
  const postpone = ctx.db.prepare('UPDATE connections SET next_sync_date = ? WHERE id = ?');
  for (const id of due) {
    if (sync.isRunning(id)) continue;
    if (sync.start(id, { type: 'ALL', unattended: true })) started.push(id);
    // Nothing to run (no usable channel): look again one interval later rather than at every tick.
    else postpone.run(now + Math.round(hours * 3600), id);
  }
  return started;
}

export function startScheduler(ctx: EngineContext, sync: SyncPort, options: SchedulerOptions = {}): () => void {
  const tick = () => {
    try {
      if (ctx.db.open) runDueSynchronizations(ctx, sync);
    } catch (err) {
      ctx.log.error({ err }, 'automatic synchronization failed');
    }
  };
  const first = setTimeout(tick, options.firstTickMs ?? 3000);
  const every = setInterval(tick, options.tickMs ?? 60_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
