/**
 * Startup step of the synchronization engine: settles the runs a previous process left unfinished (killed
 * mid-run), installs the real SyncPort in `ctx.services.sync`, starts the scheduler, and stops runs
 * cleanly at shutdown.
 */
import type { EngineContext } from '../context';
import { setEventErrorSink } from '../events/event-bus';
import { settleInterruptedRuns } from './recovery';
import { startScheduler } from './scheduler';
import { SyncService } from './sync-service';

export function startSynchronization(ctx: EngineContext): void {
  const settled = settleInterruptedRuns(ctx.db, ctx.now());
  if (settled.length)
    ctx.log.warn({ connections: settled.length }, 'settled synchronizations interrupted by the previous stop');
  setEventErrorSink((err) => ctx.log.error({ err }, 'event listener failed'));
  const service = new SyncService(ctx);
  ctx.services.sync = service;
  const stopScheduler = startScheduler(ctx, service);
  ctx.onClose(async () => {
    stopScheduler();
    await service.shutdown();
  });
}
