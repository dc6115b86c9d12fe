/**
 * The runs a store follows after reading a list of connections: a connection RUNNING is followed from now; one
 * that no longer runs stops being followed when no event could tell its end (no queues), or when it was
 * followed for more than 5 s (the event of its end went elsewhere). `changed` says whether anything moved.
 */
export function followedRuns(
  current: Record<string, number>,
  connections: readonly { id: string; status: string }[],
  withoutQueues: boolean,
  now: number,
): { running: Record<string, number>; changed: boolean } {
  const running = { ...current };
  let changed = false;
  for (const c of connections) {
    if (c.status === 'RUNNING' && !(c.id in running)) {
      running[c.id] = now;
      changed = true;
    } else if (c.status !== 'RUNNING' && c.id in running && (withoutQueues || running[c.id] < now - 5)) {
      // Ended while no event reached us (or without queues): stop following it.
      delete running[c.id];
      changed = true;
    }
  }
  return { running, changed };
}
