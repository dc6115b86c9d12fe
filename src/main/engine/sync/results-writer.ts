/**
 * Where a channel run's results are written. The write itself is always `writeChannelResults`
 * (channel-results.ts): ONE database transaction per synchronization result, whatever thread runs it.
 *
 * - `inlineResultsWriter`: on the engine's main thread, through the engine's own connection (how the engine
 *   wrote until issue 14; kept for COFFER_RESULTS_WRITER=inline and for comparison in the benchmark).
 * - `ThreadResultsWriter`: in a worker thread (results-thread.ts) with its own better-sqlite3-multiple-ciphers connection to
 *   the same WAL database. A 100,000-transaction result takes about a second to write; on the main thread
 *   that second blocks every HTTP request. In the worker, the main thread keeps serving: its readers see the
 *   last committed data (WAL readers are never blocked by the writer and never see uncommitted rows), and the
 *   result appears to them at once when the worker commits.
 *
 * Why not split the write into slices on the main thread? The transaction would stay open across the
 * slices, and the API's reads run on that same connection: they would see uncommitted rows (and a crash
 * between slices must still roll everything back). Reads would need a connection of their own — a second
 * connection either way, and the worker keeps every read path unchanged.
 *
 * What crosses the thread boundary: the results as plain data (structured clone). The transactions, the
 * bulk of it, are sent in slices of ROWS_PER_MESSAGE with a turn of the event loop between slices, so the
 * main thread never spends more than a few milliseconds serializing at once. Back come the WrittenResults,
 * events included: the worker writes the event rows in the same transaction; the main thread publishes them
 * to the engine's emitter after the commit (the emitter checks their rows are there, as for its own writes).
 * Cancellation: a shared flag set when the run's signal aborts, read by the write at its start, as before.
 *
 * Two writers never deadlock: each connection runs its transaction to the end on its own thread and waits
 * for the other only through SQLite's busy timeout (5 s, db/database.ts). The worker begins IMMEDIATE (it
 * takes the write lock before reading, so a commit of the main connection between its reads and its writes
 * cannot make it fail with SQLITE_BUSY_SNAPSHOT); a write of the main connection (an API rename, an event)
 * that arrives while the worker holds the lock waits for its commit. Results are written one at a time,
 * in the order they were handed over.
 */
import { Worker } from 'node:worker_threads';
import type { CatalogueProvider } from '../catalogue/providers';
import type { PublishedEvent } from '../events/engine-events';
import type { PreparedTransaction } from '../store/transaction-writes';
import { writeChannelResults, type ChannelResults, type ResultsDeps, type WrittenResults } from './channel-results';
import { BUSY_ATTEMPTS, busyBackoffMs, isBusy, retryingBusy } from './busy-retry';
import type { PreparedFetch } from './provider-data';

export interface ResultsWriter {
  /**
   * Writes one run's results in one transaction; null when nothing was written (run cancelled…). A write
   * that finds the database busy is tried again (busy-retry.ts) by the writer itself. The writer takes the
   * fetched rows over: once write() is called, `r.fetched`'s transaction lists belong to it (the thread
   * writer empties them as it hands them on, so the rows are never held twice).
   */
  write(r: ChannelResults): Promise<WrittenResults | null>;
  /**
   * Resolves once no write of this writer holds (or is about to take) the database's write lock from another
   * thread. Writes of the main connection wait for it, without blocking the event loop, instead of sitting in
   * SQLite's busy timeout, a synchronous wait that would stop the HTTP server for the rest of a large write.
   */
  whenIdle(): Promise<void>;
  /** Stops the writer (after the sync service stopped: no write is pending). */
  close(): Promise<void>;
}

/** The write on the main thread, through the engine's connection. */
export function inlineResultsWriter(deps: ResultsDeps): ResultsWriter {
  return {
    write: (r) => retryingBusy(r.signal, async () => writeChannelResults(deps, r)),
    // Its writes are synchronous on the main thread: nothing is ever in hand between two requests.
    whenIdle: async () => {},
    close: async () => {},
  };
}

/** Rows per message: about 2 to 5 ms of structured-clone work on the main thread each. */
export const ROWS_PER_MESSAGE = 2_000;

/** The results without the transactions and without what cannot cross threads (the signal). */
export type WireResults = Omit<ChannelResults, 'signal' | 'fetched'> & {
  fetched: Map<string, Omit<PreparedFetch, 'transactions'>>;
};

export type ToWorker =
  | { type: 'rows'; id: number; reference: string; rows: PreparedTransaction[] }
  | {
      type: 'write';
      id: number;
      results: WireResults;
      /** Int32Array over a SharedArrayBuffer: 1 once the run is cancelled. */
      aborted: Int32Array;
      /** What the write reads of the engine beside the database, taken by the main thread now. */
      now: number;
      syncIntervalHours: number;
      provider: CatalogueProvider | undefined;
      /** For the connection records events carry (their logo URL). */
      hostUrl: string;
    }
  /** The rows of `id` are not needed any more (its write ended without the worker knowing it). */
  | { type: 'forget'; id: number }
  | { type: 'close' };

export type FromWorker =
  | { type: 'written'; id: number; written: WrittenResults | null }
  | { type: 'failed'; id: number; error: { name: string; message: string; code?: string; stack?: string } };

export interface ThreadWriterDeps extends ResultsDeps {
  /** Publishes events another connection committed (the engine's EventWriter.publishCommitted). */
  publishCommitted(events: readonly PublishedEvent[]): void;
  /** The engine's host URL (known once the server listens). */
  hostUrl(): string;
}

interface Pending {
  resolve(w: WrittenResults | null): void;
  reject(err: unknown): void;
}

/** What a handed-over row is replaced with in the caller's list until the list is emptied. */
const RELEASED = null as unknown as PreparedTransaction;

/** The main thread's side of the results writer thread. */
export class ThreadResultsWriter implements ResultsWriter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private exited = false;
  private readonly exit: Promise<void>;
  /** Writes handed to the worker and not answered yet, and who waits for none to be left. */
  private inHand = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly worker: Worker,
    private readonly deps: ThreadWriterDeps,
  ) {
    worker.on('message', (m: FromWorker) => this.answer(m));
    worker.on('error', (err) => this.failAll(err));
    this.exit = new Promise((resolve) =>
      worker.on('exit', (code) => {
        this.exited = true;
        this.failAll(new Error(`the results writer thread stopped (exit code ${code})`));
        resolve();
      }),
    );
    // The worker does not keep the engine's process alive by itself.
    worker.unref();
  }

  async write(r: ChannelResults): Promise<WrittenResults | null> {
    if (this.exited) throw new Error('the results writer thread is not running');
    this.inHand++;
    try {
      return await this.writeInWorker(r);
    } finally {
      if (--this.inHand === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  async whenIdle(): Promise<void> {
    // A loop: a write handed over while a waiter was being woken keeps it waiting.
    while (this.inHand > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private async writeInWorker(r: ChannelResults): Promise<WrittenResults | null> {
    const id = this.nextId++;
    let answer = this.expect(id);
    const aborted = new Int32Array(new SharedArrayBuffer(4));
    const abort = () => Atomics.store(aborted, 0, 1);
    const signal = r.signal as Partial<AbortSignal> & { readonly aborted: boolean };
    if (signal.aborted) abort();
    signal.addEventListener?.('abort', abort, { once: true });
    try {
      const fetched = await this.handOver(id, r.fetched);
      const { signal: _signal, fetched: _fetched, ...rest } = r;
      const connection = this.deps.store.syncRuns.connection(r.connectionId);
      const message: ToWorker = {
        type: 'write',
        id,
        results: { ...rest, fetched },
        aborted,
        now: this.deps.now(),
        syncIntervalHours: Number(this.deps.settings.get('sync_interval_hours')) || 12,
        provider: connection ? this.deps.catalogueProvider(connection.provider_id) : undefined,
        hostUrl: this.deps.hostUrl(),
      };
      // The worker keeps the rows while its write fails busy, so the same write can be asked again here
      // (the main thread no longer has them).
      for (let attempt = 1; ; attempt++) {
        this.post(message);
        try {
          const written = await answer;
          if (written) this.deps.publishCommitted(written.events);
          return written;
        } catch (err) {
          if (attempt >= BUSY_ATTEMPTS || signal.aborted || !isBusy(err)) throw err;
          answer = this.expect(id);
          await new Promise((resolve) => setTimeout(resolve, busyBackoffMs(attempt)));
        }
      }
    } finally {
      signal.removeEventListener?.('abort', abort);
      this.pending.delete(id);
      if (!this.exited) this.worker.postMessage({ type: 'forget', id } satisfies ToWorker);
    }
  }

  /**
   * Sends the fetched rows in slices, with a turn of the event loop between slices (requests that arrived
   * meanwhile are served), and lets go of each slice once sent: the worker's copy is the only one left.
   */
  private async handOver(
    id: number,
    from: ReadonlyMap<string, PreparedFetch>,
  ): Promise<Map<string, Omit<PreparedFetch, 'transactions'>>> {
    const fetched = new Map<string, Omit<PreparedFetch, 'transactions'>>();
    for (const [reference, f] of from) {
      const { transactions, ...rest } = f;
      fetched.set(reference, rest);
      const count = transactions.length;
      for (let i = 0; i < count; i += ROWS_PER_MESSAGE) {
        this.post({ type: 'rows', id, reference, rows: transactions.slice(i, i + ROWS_PER_MESSAGE) });
        transactions.fill(RELEASED, i, i + ROWS_PER_MESSAGE);
        if (i + ROWS_PER_MESSAGE < count) await new Promise((resolve) => setImmediate(resolve));
      }
      transactions.length = 0;
    }
    return fetched;
  }

  private expect(id: number): Promise<WrittenResults | null> {
    const answer = new Promise<WrittenResults | null>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    // Awaited by write(); a failure that comes while the rows are still being sent must not go unhandled.
    answer.catch(() => {});
    return answer;
  }

  async close(): Promise<void> {
    if (!this.exited) {
      // Referenced again while it stops: else the process could end before the engine finished closing.
      this.worker.ref();
      this.worker.postMessage({ type: 'close' } satisfies ToWorker);
    }
    await this.exit;
  }

  private post(m: ToWorker): void {
    if (this.exited) throw new Error('the results writer thread is not running');
    this.worker.postMessage(m);
  }

  private answer(m: FromWorker): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'written') p.resolve(m.written);
    else p.reject(Object.assign(new Error(m.error.message), m.error));
  }

  private failAll(err: unknown): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
