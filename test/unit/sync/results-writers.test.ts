/**
 * Where results are written (issue 14, finding 11): the size-routed default and the main thread's side of
 * the results writer thread's protocol. The writers below are the engine's; what stands in is only what is
 * on the far side of a thread boundary (a worker that answers messages as results-thread.ts does).
 * The real thread is exercised end to end by test/http/sync/responsive-write.test.ts.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { ChannelResults, WrittenResults } from '../../../src/main/engine/sync/channel-results';
import type { PreparedFetch } from '../../../src/main/engine/sync/provider-data';
import {
  ROWS_PER_MESSAGE,
  ThreadResultsWriter,
  type FromWorker,
  type ResultsWriter,
  type ThreadWriterDeps,
  type ToWorker,
} from '../../../src/main/engine/sync/results-writer';
import { SizeRoutedResultsWriter } from '../../../src/main/engine/sync/size-routed-writer';
import type { PreparedTransaction } from '../../../src/main/engine/store/transaction-writes';

function row(i: number): PreparedTransaction {
  return {
    key: `k${i}`,
    amount: -100 - i,
    currency: 'EUR',
    date: 1_700_000_000,
    booking_date: null,
    value_date: null,
    label: 'CARREFOUR',
    notes: null,
    remittance: null,
    source: null,
    type: 'POINT_OF_SALE',
    category: 'SUPERMARKET',
    status: 'BOOKED',
  };
}

function results(rows: number, signal: { aborted: boolean } = { aborted: false }): ChannelResults {
  const fetched = new Map<string, PreparedFetch>([
    [
      'acc-1',
      {
        reference: 'acc-1',
        balanceMinor: 0,
        balanceDate: 1_700_000_000,
        pendingComplete: true,
        transactions: Array.from({ length: rows }, (_, i) => row(i)),
      },
    ],
  ]);
  return {
    connectionId: 1,
    channelId: 1,
    channelDefinitionId: '900000',
    runId: 1,
    type: 'ALL',
    runTime: 1_700_000_000,
    status: 'SUCCESS',
    fetched,
    outcomes: new Map(),
    followedByAll: false,
    signal,
  };
}

const WRITTEN = { newTransactions: 0, events: [] } as unknown as WrittenResults;

/** A writer that records what it was given, optionally holding each write until released. */
function recordingWriter(name: string, log: string[], hold?: Promise<void>): ResultsWriter {
  return {
    async write(r) {
      const rows = [...r.fetched.values()].reduce((n, f) => n + f.transactions.length, 0);
      log.push(`${name}:${rows}`);
      if (hold) await hold;
      return WRITTEN;
    },
    whenIdle: async () => {},
    close: async () => {},
  };
}

describe('SizeRoutedResultsWriter (the default)', () => {
  it('writes small results inline and starts the thread only for the first large one', async () => {
    const log: string[] = [];
    let started = 0;
    const writer = new SizeRoutedResultsWriter(
      recordingWriter('inline', log),
      () => {
        started++;
        return recordingWriter('thread', log);
      },
      1_000,
    );
    await writer.write(results(10));
    await writer.write(results(999));
    expect(started).toBe(0);
    expect(writer.threadStarted).toBe(false);
    await writer.write(results(1_000));
    await writer.write(results(5_000));
    expect(started).toBe(1);
    expect(log).toEqual(['inline:10', 'inline:999', 'thread:1000', 'thread:5000']);
  });

  it('sends a small result to the thread while the thread has a write in hand (order kept, no busy wait)', async () => {
    const log: string[] = [];
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const writer = new SizeRoutedResultsWriter(
      recordingWriter('inline', log),
      () => recordingWriter('thread', log, hold),
      1_000,
    );
    const big = writer.write(results(2_000));
    const small = writer.write(results(3));
    release();
    await Promise.all([big, small]);
    await writer.write(results(4));
    expect(log).toEqual(['thread:2000', 'thread:3', 'inline:4']);
  });
});

/** Stands for the worker: answers `write` with what `answer` returns, counting the rows it received. */
class FakeWorker extends EventEmitter {
  readonly received: ToWorker[] = [];
  rowsHeld = new Map<number, number>();
  constructor(
    private readonly answer: (m: Extract<ToWorker, { type: 'write' }>, rows: number, attempt: number) => FromWorker,
  ) {
    super();
  }
  private attempts = new Map<number, number>();
  postMessage(m: ToWorker): void {
    this.received.push(m);
    if (m.type === 'rows') this.rowsHeld.set(m.id, (this.rowsHeld.get(m.id) ?? 0) + m.rows.length);
    if (m.type === 'forget') this.rowsHeld.delete(m.id);
    if (m.type === 'write') {
      const attempt = (this.attempts.get(m.id) ?? 0) + 1;
      this.attempts.set(m.id, attempt);
      const reply = this.answer(m, this.rowsHeld.get(m.id) ?? 0, attempt);
      setImmediate(() => this.emit('message', reply));
    }
    if (m.type === 'close') setImmediate(() => this.emit('exit', 0));
  }
  ref(): void {}
  unref(): void {}
}

function threadWriter(worker: FakeWorker, published: unknown[][] = []): ThreadResultsWriter {
  const deps = {
    store: { syncRuns: { connection: () => undefined } },
    settings: { get: () => 12 },
    now: () => 1_700_000_000,
    catalogueProvider: () => undefined,
    publishCommitted: (events: unknown[]) => published.push(events),
    hostUrl: () => 'http://127.0.0.1:1',
  } as unknown as ThreadWriterDeps;
  return new ThreadResultsWriter(worker as unknown as Worker, deps);
}

describe('ThreadResultsWriter (main thread side)', () => {
  it('hands the rows over in slices and lets go of them: the caller’s lists are emptied', async () => {
    const worker = new FakeWorker((m, rows) => ({
      type: 'written',
      id: m.id,
      written: { ...WRITTEN, newTransactions: rows },
    }));
    const writer = threadWriter(worker);
    const r = results(ROWS_PER_MESSAGE * 2 + 5);
    const written = await writer.write(r);
    expect(written?.newTransactions).toBe(ROWS_PER_MESSAGE * 2 + 5);
    expect(worker.received.filter((m) => m.type === 'rows')).toHaveLength(3);
    expect(r.fetched.get('acc-1')!.transactions).toHaveLength(0);
    // Once the write ended, the worker is told to drop its copy.
    expect(worker.received.at(-1)).toEqual({ type: 'forget', id: 1 });
    await writer.close();
  });

  it('asks the same write again, without sending the rows again, while the worker finds the database busy', async () => {
    const worker = new FakeWorker((m, rows, attempt) =>
      attempt < 3
        ? {
            type: 'failed',
            id: m.id,
            error: { name: 'SqliteError', message: 'database is locked', code: 'SQLITE_BUSY' },
          }
        : { type: 'written', id: m.id, written: { ...WRITTEN, newTransactions: rows } },
    );
    const published: unknown[][] = [];
    const writer = threadWriter(worker, published);
    const written = await writer.write(results(10));
    expect(written?.newTransactions).toBe(10);
    expect(worker.received.filter((m) => m.type === 'write')).toHaveLength(3);
    expect(worker.received.filter((m) => m.type === 'rows')).toHaveLength(1);
    expect(published).toHaveLength(1);
    await writer.close();
  });

  it('gives up after three busy attempts, and at once on any other failure', async () => {
    const busy = new FakeWorker((m) => ({
      type: 'failed',
      id: m.id,
      error: { name: 'SqliteError', message: 'locked', code: 'SQLITE_BUSY' },
    }));
    await expect(threadWriter(busy).write(results(1))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(busy.received.filter((m) => m.type === 'write')).toHaveLength(3);
    expect(busy.rowsHeld.size).toBe(0);

    const broken = new FakeWorker((m) => ({
      type: 'failed',
      id: m.id,
      error: { name: 'SqliteError', message: 'constraint', code: 'SQLITE_CONSTRAINT' },
    }));
    await expect(threadWriter(broken).write(results(1))).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(broken.received.filter((m) => m.type === 'write')).toHaveLength(1);
  });

  it('does not ask again once the run was cancelled', async () => {
    const signal = { aborted: false };
    const worker = new FakeWorker((m) => {
      signal.aborted = true;
      return { type: 'failed', id: m.id, error: { name: 'SqliteError', message: 'locked', code: 'SQLITE_BUSY' } };
    });
    await expect(threadWriter(worker).write(results(1, signal))).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(worker.received.filter((m) => m.type === 'write')).toHaveLength(1);
  });

  it('tells when no write is in hand: a waiter wakes only once every write handed over was answered', async () => {
    const replies: Array<() => void> = [];
    const worker = new FakeWorker((m, rows) => ({
      type: 'written',
      id: m.id,
      written: { ...WRITTEN, newTransactions: rows },
    }));
    // Answers wait until the test lets them go.
    const emit = worker.emit.bind(worker);
    worker.emit = ((event: string, ...args: unknown[]) =>
      event === 'message'
        ? (replies.push(() => emit(event, ...args)), true)
        : emit(event, ...args)) as typeof worker.emit;
    const writer = threadWriter(worker);
    let idle = false;
    await writer.whenIdle();
    const first = writer.write(results(3));
    const second = writer.write(results(4));
    void writer.whenIdle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies).toHaveLength(2);
    replies.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle, 'one write is still in hand').toBe(false);
    replies.shift()!();
    await second;
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(true);
  });
});
