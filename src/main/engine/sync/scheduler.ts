/**
 * Automatic synchronization (see docs/api/synchronization.md#schedule): connections with `auto_sync` whose
 * `next_sync_date` has passed are synchronized — every `sync_interval_hours` (12 by default), and at start for those
 * that fell due while the app was closed. Each finished run sets the connection's next date (channel-results.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../settings';
import type { SyncRunsStore } from '../store/sync-runs';
import type { SyncPort } from './sync-port';

export interface SchedulerOptions {
  /** Between two looks for due connections (default 60 s). */
  tickMs?: number;
  /** First look after start (default 3 s: the server listens by then). */
  firstTickMs?: number;
}

export interface SchedulerDeps {
  store: { syncRuns: SyncRunsStore };
  settings: Pick<Settings, 'get'>;
  now(): number;
}

/** Starts the due connections once; returns their ids. */
export function runDueSynchronizations(deps: SchedulerDeps, sync: SyncPort): number[] {
  const runs = deps.store.syncRuns;
  const now = deps.now();
  const started: number[] = [];
  const hours = Number(deps.settings.get('sync_interval_hours')) || 12;
  for (const id of runs.dueConnections(now)) {
    if (sync.isRunning(id)) continue;
    if (sync.start(id, { type: 'ALL', unattended: true })) started.push(id);
    // Nothing to run (no usable channel): look again one interval later rather than at every tick.
    else runs.setNextSync(id, now + Math.round(hours * 3600));
  }
  return started;
}

export function startScheduler(
  deps: SchedulerDeps & { log: FastifyBaseLogger },
  sync: SyncPort,
  options: SchedulerOptions = {},
): () => void {
  const tick = () => {
    try {
      if (deps.store.syncRuns.isOpen()) runDueSynchronizations(deps, sync);
    } catch (err) {
      deps.log.error({ err }, 'automatic synchronization failed');
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
