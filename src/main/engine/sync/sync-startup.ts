/**
 * Start of the synchronization service: settles the runs a previous process left unfinished (killed
 * mid-run), makes the engine's SyncService, starts the scheduler. The returned `stop` ends runs cleanly.
 */
import { startScheduler } from './scheduler';
import { settleInterruptedRuns } from './recovery';
import { SyncService, type SyncDeps } from './sync-service';

export function startSynchronization(deps: SyncDeps): { service: SyncService; stop(): Promise<void> } {
  const settled = settleInterruptedRuns(deps.store.syncRuns, deps.now());
  if (settled.length)
    deps.log.warn({ connections: settled.length }, 'settled synchronizations interrupted by the previous stop');
  const service = new SyncService(deps);
  const stopScheduler = startScheduler(deps, service);
  return {
    service,
    async stop() {
      stopScheduler();
      await service.shutdown();
    },
  };
}
