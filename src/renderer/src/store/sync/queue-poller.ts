import { ApiError, queuesApi, type Connection, type QueueEvent } from '../../lib/api';
import { pollConnections, saveCursor, savedCursor } from './queue-cursor';
import type { StoreAccess } from './slice-parts';

export const FAST = 1000;
const SLOW = 10_000;

interface PollerEvents {
  event(event: QueueEvent): void;
  finished(connection: Connection): void;
}

/**
 * How one store follows synchronizations: it reads its event queue (or, on an engine without queues, the
 * running connections) every second while something runs and every ten seconds otherwise. The timer, the
 * queue's cursor and whether it is on are this poller's own: one per store.
 */
export class QueuePoller {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private active = false;
  private lastEventId = 0;

  constructor(
    private readonly access: StoreAccess,
    private readonly on: PollerEvents,
  ) {}

  /** Reads again after `delay` ms (default: soon while something runs, else later). */
  schedule(delay?: number): void {
    if (!this.active) return;
    if (this.timer) clearTimeout(this.timer);
    const { get } = this.access;
    const busy = Object.keys(get().running).length > 0 || Object.keys(get().challenges).length > 0;
    this.timer = setTimeout(() => void this.poll(), delay ?? (busy ? FAST : SLOW));
  }

  /** Subscribes first when this engine has queues and this tab has none yet. */
  async ensureQueue(): Promise<void> {
    const { get } = this.access;
    if (get().eventsAvailable !== false && !get().queueId) await this.subscribe();
  }

  /** Starts following (once; false when already on): the tab's saved queue and cursor are taken up again. */
  start(userId: string | undefined): boolean {
    if (this.active) return false;
    this.active = true;
    const saved = userId ? savedCursor(userId) : null;
    if (saved?.id) {
      this.access.set({ queueId: saved.id, eventsAvailable: true });
      this.lastEventId = saved.last ?? 0;
    }
    return true;
  }

  stop(): void {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastEventId = 0;
  }

  private persistCursor(): void {
    const { get } = this.access;
    const user = get().user;
    const queueId = get().queueId;
    if (user && queueId) saveCursor(user.id, { id: queueId, last: this.lastEventId });
  }

  private async subscribe(): Promise<string | null> {
    const { set } = this.access;
    try {
      const id = await queuesApi.subscribe();
      this.lastEventId = 0;
      set({ queueId: id, eventsAvailable: true });
      this.persistCursor();
      return id;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 405)) set({ eventsAvailable: false });
      return null;
    }
  }

  /** Reads the queue once and hands on the events not seen yet. */
  private async readQueue(queueId: string): Promise<void> {
    let queue;
    try {
      queue = await queuesApi.read(queueId, this.lastEventId ? this.lastEventId + 1 : undefined);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      // The queue is gone (or not ours any more): subscribe again, and read the connections meanwhile.
      this.access.set({ queueId: null });
      await this.subscribe();
      await this.access.get().loadConnections();
      return;
    }
    for (const event of queue?.events ?? []) {
      const id = Number(event.id);
      if (Number.isFinite(id) && id <= this.lastEventId) continue;
      this.on.event(event);
      if (Number.isFinite(id)) this.lastEventId = Math.max(this.lastEventId, id);
    }
    if (queue?.events.length) this.persistCursor();
  }

  private async poll(): Promise<void> {
    if (!this.active) return;
    const { get } = this.access;
    try {
      if (get().eventsAvailable === false) {
        await pollConnections(this.access, this.on.finished);
        return;
      }
      const queueId = get().queueId ?? (await this.subscribe());
      if (queueId) await this.readQueue(queueId);
      else if (get().eventsAvailable === false) await pollConnections(this.access, this.on.finished);
    } catch {
      // engine busy or restarting: next round
    } finally {
      this.schedule();
    }
  }
}
