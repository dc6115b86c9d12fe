/**
 * The results writer thread (a node:worker_threads worker; sync/results-writer.ts is the main thread's
 * side and says why). It composes the few engine parts the write needs on its OWN connection to the
 * engine's database — the store, an event writer that collects events instead of publishing them (the
 * engine's emitter lives on the main thread), connection records — and runs the same `writeChannelResults`
 * the main thread would, one result at a time, each in one IMMEDIATE transaction.
 *
 * It keeps no state beside the rows of the result being handed over; it never migrates, checkpoints or
 * closes anything but its own connection (the main thread owns the database file's life).
 */
import Database from 'better-sqlite3-multiple-ciphers';
import { parentPort, workerData } from 'node:worker_threads';
import { applyDatabaseKey, type Db } from './db/database';
import { EventWriter } from './events/emit';
import { loadConnectionRecord } from './services/connections/record';
import { createStore } from './store';
import type { PreparedTransaction } from './store/transaction-writes';
import { writeChannelResults, type ChannelResults, type ResultsDeps } from './sync/channel-results';
import type { PreparedFetch } from './sync/provider-data';
import type { FromWorker, ToWorker } from './sync/results-writer';

export interface ResultsThreadData {
  file: string;
  /** SQLite driver addon of the running runtime (the desktop app's Electron build), as the engine opens it. */
  nativeBinding?: string;
  /** The database's encryption key (the thread's connection reads and writes encrypted pages too). */
  key: Uint8Array;
}

function openConnection(data: ResultsThreadData): Db {
  const db = new Database(data.file, data.nativeBinding ? { nativeBinding: data.nativeBinding } : {});
  applyDatabaseKey(db, data.key);
  // The same settings as db/database.ts (WAL is a property of the file, set by the main connection), the
  // page cache included: with a quarter of it (16 MB) the 100,000 rows' index pages no longer fit, and the
  // worker's write took about 2.2 s against 1.7–1.9 s with 64 MB, for a peak memory within the benchmark's
  // noise (`COFFER_BENCH_ENGINE=built npm run bench -- sync`: 255 vs 266 MB).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  return db;
}

function main(port: NonNullable<typeof parentPort>, data: ResultsThreadData): void {
  const db = openConnection(data);
  const store = createStore(db);
  const rows = new Map<number, Map<string, PreparedTransaction[]>>();
  const strings = new Map<string, string>();

  port.on('message', (m: ToWorker) => {
    if (m.type === 'close') {
      db.close();
      port.close();
      return;
    }
    if (m.type === 'forget') {
      rows.delete(m.id);
      if (rows.size === 0) strings.clear();
      return;
    }
    if (m.type === 'rows') {
      let of = rows.get(m.id);
      if (!of) rows.set(m.id, (of = new Map()));
      let list = of.get(m.reference);
      if (!list) of.set(m.reference, (list = []));
      for (const row of m.rows) list.push(shareStrings(row, strings));
      return;
    }
    // Kept until the main thread says `forget`: a write that failed busy is asked again with the same rows.
    const received = rows.get(m.id);
    let answer: FromWorker;
    try {
      const fetched = new Map<string, PreparedFetch>();
      for (const [reference, f] of m.results.fetched)
        fetched.set(reference, { ...f, transactions: received?.get(reference) ?? [] });
      const results: ChannelResults = {
        ...m.results,
        fetched,
        signal: {
          get aborted() {
            return Atomics.load(m.aborted, 0) === 1;
          },
        },
      };
      const now = () => m.now;
      const eventWriter = new EventWriter({
        store: store.events,
        // Collected by writeChannelResults into its result; the main thread publishes them after the commit.
        events: { publishAfterCommit: () => {} },
        now,
        connectionRecord: (id) => loadConnectionRecord({ store, urls: { host_url: m.hostUrl } }, id),
      });
      const deps: ResultsDeps = {
        store,
        eventWriter,
        settings: {
          get: ((key: string) =>
            key === 'sync_interval_hours' ? m.syncIntervalHours : undefined) as ResultsDeps['settings']['get'],
        },
        now,
        catalogueProvider: () => m.provider,
      };
      // IMMEDIATE: the write lock first, so no commit of the main connection can come between this
      // transaction's reads and its writes (the nested transactions of the write join this one).
      const written = db.transaction(() => writeChannelResults(deps, results)).immediate();
      answer = { type: 'written', id: m.id, written };
    } catch (err) {
      const e = err as { name?: string; message?: string; code?: string; stack?: string };
      answer = {
        type: 'failed',
        id: m.id,
        error: { name: e.name ?? 'Error', message: e.message ?? String(err), code: e.code, stack: e.stack },
      };
    }
    port.postMessage(answer);
  });
}

/**
 * A message arrives as fresh copies of every string, the same "EUR", "BOOKED" or shop name once per row,
 * where the main thread had one string shared by many rows. Sharing them again keeps the worker's copy of a
 * 100,000-row result about as small as the main thread's was (the per-row copies die young).
 */
function shareStrings(row: PreparedTransaction, strings: Map<string, string>): PreparedTransaction {
  row.currency = shared(row.currency, strings);
  row.type = shared(row.type, strings);
  row.category = shared(row.category, strings);
  row.status = shared(row.status, strings) as PreparedTransaction['status'];
  row.label = shared(row.label, strings);
  if (row.source !== null) row.source = shared(row.source, strings);
  return row;
}

function shared(value: string, strings: Map<string, string>): string {
  const known = strings.get(value);
  if (known !== undefined) return known;
  strings.set(value, value);
  return value;
}

if (parentPort) main(parentPort, workerData as ResultsThreadData);
