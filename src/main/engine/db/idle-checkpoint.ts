import type { Db } from './database';

export interface IdleCheckpointDeps {
  db: Db;
  log: { debug(obj: object, msg: string): void };
  /** How often the write-ahead log is copied into the database file (milliseconds). */
  everyMs: number;
}

/**
 * Copies the write-ahead log into the database file at regular intervals. SQLite only does it by itself
 * once the log holds 1,000 pages (about 4 MB): a small installation could run for days with every change in
 * `coffer.db-wal` and a `coffer.db` that looks empty, so that a copy of `coffer.db` alone (a person's own
 * backup, a file sync) held nothing. A PASSIVE checkpoint waits for no one: it copies what no reader still
 * needs and leaves the rest for the next one; it writes nothing when the log has nothing new. Returns the
 * function that stops it.
 */
export function startIdleCheckpoints(deps: IdleCheckpointDeps): () => void {
  const timer = setInterval(() => {
    if (!deps.db.open || deps.db.inTransaction) return;
    try {
      deps.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      // A checkpoint that could not run now (a busy database, a full disk) is simply tried again later.
      deps.log.debug({ err }, 'write-ahead log checkpoint postponed');
    }
  }, deps.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
