/**
 * Progress comes from an event queue (the user's events, read in order): subscribed before the action that
 * starts a synchronization, read with `flush_from` so each event is seen once. The queue holds every event of the user; callers keep those
 * of their connection.
 */
import { call, post } from './api';
import type { Queue, QueueEvent } from './types';

export class EventQueue {
  private next = 0;

  private constructor(readonly id: string) {}

  static async subscribe(): Promise<EventQueue> {
    const res = await post<Queue | undefined>('/v2/queues/subscribe', {});
    const id = res.data?.id ?? (res.headers.get('location') ?? '').split('/').pop()!;
    return new EventQueue(id);
  }

  /** Events since the last read (oldest first), for one connection when given. */
  async read(connectionId?: string): Promise<QueueEvent[]> {
    const res = await call<Queue | undefined>('GET', `/v2/queues/${encodeURIComponent(this.id)}`, {
      query: this.next ? { flush_from: this.next } : undefined,
    });
    const events = res.status === 200 ? (res.data?.events ?? []) : [];
    for (const e of events) this.next = Math.max(this.next, Number(e.id) + 1);
    return connectionId === undefined ? events : events.filter((e) => e.resource?.id === connectionId);
  }
}
