/**
 * The `events` table (see docs/api/events.md#queues): one row per event, its `payload` the whole event as queues serve
 * it. Rows are written inside the caller's transaction (a channel's results and their events land together).
 */
import type { Db } from '../db/database';

export interface EventRowInput {
  userId: number;
  connectionId: number;
  eventType: string;
  channelDefinitionId: string | null;
  creationDate: number;
}

/** Events older than this are kept whatever the queues (a sync transaction may still be handing them out). */
export const EVENT_GRACE_SECONDS = 3600;

export function createEventsStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO events (user_id, connection_id, event_type, resource_type, channel_definition_id, creation_date, payload)
     VALUES (?, ?, ?, 'CONNECTION', ?, ?, '{}')`,
  );
  const setPayload = db.prepare('UPDATE events SET payload = ? WHERE id = ?');
  const exists = db.prepare<[number, string], number>('SELECT 1 FROM events WHERE id = ? AND event_type = ?').pluck();
  const lastId = db.prepare<[], number | null>("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck();
  const sweep = db.prepare(
    // An event is still needed while one queue of its user has it in its window (id above start_event_id and
    // not below flushed_before). Below the smallest window start of its user (or with no queue at all) it is not.
    `DELETE FROM events
      WHERE creation_date < ?
        AND id < COALESCE(
          (SELECT MIN(MAX(q.start_event_id + 1, q.flushed_before)) FROM queues q WHERE q.user_id = events.user_id),
          9223372036854775807)`,
  );
  return {
    /** Inserts the row with an empty payload and returns its id (the payload carries the id: see setPayload). */
    insert(e: EventRowInput): number {
      return Number(
        insert.run(e.userId, e.connectionId, e.eventType, e.channelDefinitionId, e.creationDate).lastInsertRowid,
      );
    },
    setPayload(id: number, payload: string): void {
      setPayload.run(payload, id);
    },
    /** The row is there (its transaction committed and nothing deleted it since). */
    exists(id: number, eventType: string): boolean {
      return exists.get(id, eventType) === 1;
    },
    /** The highest event id ever handed out (rows may have been collected since; ids are never reused). */
    lastEventId(): number {
      return Number(lastId.get() ?? 0);
    },
    /** Deletes the events no queue can serve any more, older than the grace period. */
    deleteUnreachable(now: number): number {
      return sweep.run(now - EVENT_GRACE_SECONDS).changes;
    },
    /** Runs `fn` in a transaction (or inside the caller's one). */
    atomically<T>(fn: () => T): T {
      return db.inTransaction ? fn() : db.transaction(fn).immediate();
    },
  };
}

export type EventsStore = ReturnType<typeof createEventsStore>;
