/**
 * Request windows of GET /accounts (see docs/api/simplefin.md#windows). The Bridge caps a request at 90 days (it
 * silently shortens a longer range, with a `gen.api` warning), and `end-date` is exclusive. So a range is cut into
 * windows of at most 90 days, newest first: the first synchronization reaches at least 365 days back, a later one
 * starts 14 days before the last successful one (late postings and pending rows that settled).
 */
export const DAY = 86_400;
export const MAX_WINDOW = 90 * DAY;
export const FIRST_HISTORY = 365 * DAY;
export const OVERLAP = 14 * DAY;

export interface Window {
  start: number;
  /** Exclusive. */
  end: number;
}

/** Where a synchronization starts reading: 365 days back the first time, else 14 days before the last success. */
export function historyStart(now: number, lastSuccess: number | undefined): number {
  if (lastSuccess === undefined || lastSuccess > now) return now - FIRST_HISTORY;
  return Math.max(now - FIRST_HISTORY, lastSuccess - OVERLAP);
}

/** Windows covering [start, end), newest first, each end − start ≤ 90 days. */
export function requestWindows(start: number, end: number): Window[] {
  const out: Window[] = [];
  for (let hi = end; hi > start; hi -= MAX_WINDOW) out.push({ start: Math.max(start, hi - MAX_WINDOW), end: hi });
  return out;
}

/**
 * Windows asked at the same time. The Bridge prepares an answer per request, so two at once keep the run
 * short; more would hold that many answers (each up to the answer limit) in memory together.
 */
export const WINDOWS_AT_ONCE = 2;

/**
 * Runs `read` on every window, at most `atOnce` at a time, in order. After a failure no further window is
 * asked (it would spend the daily budget for an answer that is dropped); the results are those of the
 * windows asked, settled.
 */
export async function readInTurn<T>(
  windows: readonly Window[],
  atOnce: number,
  read: (w: Window) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const settled: PromiseSettledResult<T>[] = [];
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < windows.length) {
      const index = next++;
      try {
        settled[index] = { status: 'fulfilled', value: await read(windows[index]) };
      } catch (reason) {
        settled[index] = { status: 'rejected', reason };
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, windows.length) }, worker));
  return settled.filter((s) => s !== undefined);
}
