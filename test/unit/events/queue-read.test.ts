/**
 * Reading a queue writes its row only when something the engine keeps changes: the flush watermark rises, or
 * the read mark (which only serves to drop queues unread for 30 days) is READ_MARK_SECONDS old. A poll that
 * finds nothing new changes nothing, so the cached list answers stay valid (store/db-version.ts).
 */
import { describe, expect, it } from 'vitest';
import { READ_MARK_SECONDS, readQueue } from '../../../src/main/engine/events/queue-store';
import { dbVersionReader } from '../../../src/main/engine/store/db-version';
import { useMemoryStoreWithUser } from '../../helpers/memory-store';

const t = useMemoryStoreWithUser();

describe('readQueue', () => {
  it('a poll that finds nothing new writes nothing; a raised watermark or an old read mark is written', () => {
    const t0 = 1_800_000_000;
    t.store.queues.subscribe(t.user, t0);
    const queueId = () => Number(t.db.prepare('SELECT id FROM queues').pluck().get());
    const row = () => t.store.queues.find(t.user, queueId())!;
    const version = dbVersionReader(t.db);

    // Polls within the minute, watermark unchanged: the database does not change.
    const before = version();
    const first = readQueue(t.store.queues, row(), { flushFrom: 0 }, t0 + 5);
    const second = readQueue(t.store.queues, row(), {}, t0 + READ_MARK_SECONDS - 1);
    expect(version()).toBe(before);
    expect(first.queue.last_read_date).toBe(t0);
    expect(second.queue.last_read_date).toBe(t0);
    expect(row().last_read_date).toBe(t0);

    // The watermark rises: written at once, with the read mark.
    readQueue(t.store.queues, row(), { flushFrom: 7 }, t0 + 10);
    expect(version()).not.toBe(before);
    expect(row()).toMatchObject({ flushed_before: 7, last_read_date: t0 + 10 });

    // A lower flush_from never lowers it, and writes nothing while the mark is fresh.
    const afterFlush = version();
    readQueue(t.store.queues, row(), { flushFrom: 3 }, t0 + 20);
    expect(version()).toBe(afterFlush);
    expect(row().flushed_before).toBe(7);

    // The read mark is a minute old: the next read renews it, so an app that keeps polling keeps its queue.
    const renewed = readQueue(t.store.queues, row(), {}, t0 + 10 + READ_MARK_SECONDS);
    expect(renewed.queue.last_read_date).toBe(t0 + 10 + READ_MARK_SECONDS);
    expect(row()).toMatchObject({ flushed_before: 7, last_read_date: t0 + 10 + READ_MARK_SECONDS });
  });
});
