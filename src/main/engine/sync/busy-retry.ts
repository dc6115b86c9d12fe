/**
 * SQLite's "database is busy" family: another connection (the engine's other thread, a CLI, a backup)
 * held the database beyond the busy timeout (5 s, db/database.ts), or a read snapshot went stale.
 * None of them is the data's fault, so the whole results transaction is tried again a few times, a
 * little later each time, before the run is given up.
 */
const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);

export const BUSY_ATTEMPTS = 3;

export function isBusy(err: unknown): boolean {
  return BUSY.has((err as { code?: string } | null)?.code ?? '');
}

/** Milliseconds to wait before attempt `attempt + 1`. */
export function busyBackoffMs(attempt: number): number {
  return 250 * attempt;
}

/** `write` again while it fails busy, at most BUSY_ATTEMPTS times in all, never once `signal` aborted. */
export async function retryingBusy<T>(signal: { readonly aborted: boolean }, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= BUSY_ATTEMPTS || signal.aborted || !isBusy(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, busyBackoffMs(attempt)));
    }
  }
}
