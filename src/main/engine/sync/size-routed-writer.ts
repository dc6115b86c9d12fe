/**
 * The engine's default results writer: a result of fewer than THREAD_MIN_ROWS transactions is written on
 * the main thread (a few milliseconds: no request waits noticeably, and no thread is started for an engine
 * that never writes a large result); a larger one goes to the results writer thread (results-writer.ts),
 * started the first time one comes, so the HTTP server keeps answering while it is written (issue 14,
 * finding 11: a 100,000-row first synchronization held the server for about a second).
 *
 * Order and locking: while the thread has a write in hand, every result goes to the thread too, so that
 * results are still written one at a time in the order they come, and a small write of the main
 * connection does not sit in SQLite's busy timeout (a synchronous wait that would block the main thread)
 * behind the thread's large transaction.
 */
import type { ChannelResults, WrittenResults } from './channel-results';
import type { ResultsWriter } from './results-writer';

/** About 50 ms of writing at the engine's measured ~100,000 rows/s: the responsiveness target's budget. */
export const THREAD_MIN_ROWS = 5_000;

export class SizeRoutedResultsWriter implements ResultsWriter {
  private thread: ResultsWriter | undefined;
  private inThread = 0;

  constructor(
    private readonly inline: ResultsWriter,
    private readonly startThread: () => ResultsWriter,
    private readonly minRows = THREAD_MIN_ROWS,
  ) {}

  /** Whether the thread has been started (for tests and the log). */
  get threadStarted(): boolean {
    return this.thread !== undefined;
  }

  async write(r: ChannelResults): Promise<WrittenResults | null> {
    if (this.inThread === 0 && rowsOf(r) < this.minRows) return this.inline.write(r);
    this.thread ??= this.startThread();
    this.inThread++;
    try {
      return await this.thread.write(r);
    } finally {
      this.inThread--;
    }
  }

  /** While the thread has a write in hand every write goes to it, so its idleness is the writer's. */
  whenIdle(): Promise<void> {
    return this.thread ? this.thread.whenIdle() : Promise.resolve();
  }

  async close(): Promise<void> {
    await this.thread?.close();
    await this.inline.close();
  }
}

function rowsOf(r: ChannelResults): number {
  let rows = 0;
  for (const f of r.fetched.values()) rows += f.transactions.length;
  return rows;
}
