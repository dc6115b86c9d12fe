/**
 * The engine's own event emitter (one per engine: two engines in one process share nothing). `emit.ts`
 * writes an event row (often inside a larger transaction); listeners hear of it only after that transaction
 * committed, and never of an event whose transaction rolled back. Queues and webhooks are built on this.
 * Every event a listener hears is one of this engine's: it never needs to check.
 */

/** What a finished channel run adds for listeners (the webhook needs it; queue events do not carry it). */
export interface ChannelRunOutcome {
  /** The channel's final status (same as the event type, except LIST_ACCOUNTS runs: SUCCESS). */
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
  /** The whole event exactly as queues serve it (see docs/api/events.md#queues). */
  event: Record<string, unknown>;
  /** Present on the event that ends a channel run (one per finished channel: docs/api/events.md#webhook). */
  channelRun?: ChannelRunOutcome;
}

export type EventListener = (event: PublishedEvent) => void | Promise<void>;

/** What the emitter needs to know of the database: is a transaction open, is a row still there. */
export interface CommitWatch {
  isOpen(): boolean;
  inTransaction(): boolean;
  /** The event's row exists (its transaction committed and it was not deleted since). */
  stillThere(id: number, eventType: string): boolean;
}

export class EngineEvents {
  private readonly listeners = new Set<EventListener>();
  private pending: PublishedEvent[] = [];
  private flushScheduled = false;

  constructor(
    private readonly watch: CommitWatch,
    /** Where listener failures go (the engine log): a listener never breaks the emitter or another listener. */
    private readonly onListenerError: (err: unknown) => void,
  ) {}

  /** Subscribes to committed events; returns the unsubscribe function. */
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called by emit.ts right after inserting an event row. The event is delivered once the surrounding
   * transaction (if any) has ended, and only if its row is still there (committed, not rolled back).
   */
  publishAfterCommit(event: PublishedEvent): void {
    this.pending.push(event);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // better-sqlite3 transactions are synchronous: by the next microtask they have committed or rolled back.
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    if (!this.watch.isOpen()) {
      this.pending = [];
      this.flushScheduled = false;
      return;
    }
    if (this.watch.inTransaction()) {
      // A manual BEGIN still open: wait for it.
      setImmediate(() => this.flush());
      return;
    }
    const list = this.pending;
    this.pending = [];
    this.flushScheduled = false;
    if (this.listeners.size === 0) return;
    for (const event of list) {
      // A rolled-back row is gone. (A DELETED event whose user was deleted right after is gone too: nobody is
      // left to receive it.)
      if (this.watch.stillThere(Number(event.id), event.eventType)) this.deliver(event);
    }
  }

  private deliver(event: PublishedEvent): void {
    for (const fn of this.listeners) {
      try {
        const r = fn(event);
        if (r && typeof (r as Promise<void>).catch === 'function') (r as Promise<void>).catch(this.onListenerError);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
