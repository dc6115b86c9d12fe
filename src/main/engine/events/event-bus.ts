/**
 * In-process notification of events (C9) once they are committed. `emit.ts` writes an event row (often
 * inside a larger transaction); listeners hear of it only after that transaction committed, and never of
 * an event whose transaction rolled back. Queues and webhooks are built on this.
 */
import type { Db } from '../db/database';

/** What a finished channel run adds for listeners (the webhook needs it; queue events do not carry it). */
export interface ChannelRunOutcome {
  /** The channel's final status (same as the event type, except LIST_ACCOUNTS_SUCCESS runs: SUCCESS). */
  status: string;
  /** The run inserted at least one transaction. */
  newTransactions: boolean;
  /** Accounts of the connection when the channel finished. */
  accountCount: number;
  type: 'ALL' | 'LIST_ACCOUNTS';
}

export interface PublishedEvent {
  /** Decimal string, the row id in `events`. */
  id: string;
  userId: number;
  connectionId: number | null;
  eventType: string;
  channelDefinitionId?: string;
  creationDate: number;
  /** The whole event exactly as queues serve it (C9). */
  event: Record<string, unknown>;
  /** Present on the event that ends a channel run (one per finished channel: interface.md Webhook 2). */
  channelRun?: ChannelRunOutcome;
}

export type EventListener = (event: PublishedEvent) => void | Promise<void>;

const listeners = new Set<EventListener>();

/** Subscribes to committed events; returns the unsubscribe function. Listener errors are reported, never thrown. */
export function onEvent(fn: EventListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

let errorSink: (err: unknown) => void = () => {};

/** Where listener failures go (the engine log). */
export function setEventErrorSink(fn: (err: unknown) => void): void {
  errorSink = fn;
}

function deliver(event: PublishedEvent): void {
  for (const fn of listeners) {
    try {
      const r = fn(event);
      if (r && typeof (r as Promise<void>).catch === 'function') (r as Promise<void>).catch(errorSink);
    } catch (err) {
      errorSink(err);
    }
  }
}

const pending = new WeakMap<Db, PublishedEvent[]>();

/**
 * Called by emit.ts right after inserting an event row. The event is delivered once the surrounding
 * transaction (if any) has ended, and only if its row is still there (committed, not rolled back).
 */
export function publishAfterCommit(db: Db, event: PublishedEvent): void {
  let list = pending.get(db);
  if (!list) {
    list = [];
    pending.set(db, list);
    scheduleFlush(db);
  }
  list.push(event);
}

function scheduleFlush(db: Db): void {
  // better-sqlite3 transactions are synchronous: by the next microtask they have committed or rolled back.
  queueMicrotask(() => flush(db));
}

const stillThere = new WeakMap<Db, (id: number, type: string) => unknown>();

function flush(db: Db): void {
  if (!db.open) {
    pending.delete(db);
    return;
  }
  if (db.inTransaction) {
    // A manual BEGIN still open: wait for it.
    setImmediate(() => flush(db));
    return;
  }
  const list = pending.get(db) ?? [];
  pending.delete(db);
  if (list.length === 0 || listeners.size === 0) return;
  let exists = stillThere.get(db);
  if (!exists) {
    const stmt = db.prepare<[number, string], number>('SELECT 1 FROM events WHERE id = ? AND event_type = ?').pluck();
    exists = (id, type) => stmt.get(id, type);
    stillThere.set(db, exists);
  }
  for (const event of list) {
    // A rolled-back row is gone. (A DELETED event whose user was deleted right after is gone too: nobody is
    // left to receive it.)
    if (exists(Number(event.id), event.eventType)) deliver(event);
  }
}
