/**
 * Detection after each synchronization: when a channel run of a person ends (its results committed), their
 * recurring payments are looked for again, so a new series, a price change or a missed payment is heard of
 * right after the bank's data came. Runs of several channels ending together give one detection per person.
 */
import type { EngineEvents } from '../../events/engine-events';

export interface AfterSyncDeps {
  events: Pick<EngineEvents, 'on'>;
  detect(userId: number): unknown;
  isOpen(): boolean;
  onError(err: unknown): void;
}

/** Starts listening; returns the function that stops it. */
export function startRecurringDetection(deps: AfterSyncDeps): () => void {
  const waiting = new Set<number>();
  let timer: NodeJS.Immediate | undefined;
  const runWaiting = () => {
    timer = undefined;
    const users = [...waiting];
    waiting.clear();
    for (const userId of users) {
      if (!deps.isOpen()) return;
      try {
        deps.detect(userId);
      } catch (err) {
        deps.onError(err);
      }
    }
  };
  const off = deps.events.on((event) => {
    if (!event.channelRun) return;
    waiting.add(event.userId);
    timer ??= setImmediate(runWaiting);
  });
  return () => {
    off();
    if (timer) clearImmediate(timer);
    waiting.clear();
  };
}
