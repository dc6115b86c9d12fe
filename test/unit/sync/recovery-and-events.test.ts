import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '../../../src/main/engine/db/database';
import { emitConnectionDeleted, emitEvent, EventWriter } from '../../../src/main/engine/events/emit';
import { EngineEvents, type PublishedEvent } from '../../../src/main/engine/events/engine-events';
import { loadConnectionRecord } from '../../../src/main/engine/services/connections/record';
import { createStore } from '../../../src/main/engine/store';
import { settleInterruptedRuns as settleRuns } from '../../../src/main/engine/sync/recovery';
import { Semaphore } from '../../../src/main/engine/sync/semaphore';
import { insertConnection } from '../../helpers/fixtures';

let dir: string;
let db: Db;
const settleInterruptedRuns = (d: Db, now: number, ids?: number[]) => settleRuns(createStore(d).syncRuns, now, ids);
let userId: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'coffer-sync-unit-'));
  db = openDatabase(join(dir, 'coffer.db'));
  db.prepare(
    "INSERT INTO providers (id, name, type, country_code, base_url, logo) VALUES ('9000', 'Test', 'BANKING', 'FRA', 'x', 'x')",
  ).run();
  db.prepare(
    "INSERT INTO channel_definitions (id, provider_id, mode, account_types, credentials) VALUES ('900000', '9000', 'EMBEDDED', '[\"CHECKINGS\"]', '[]')",
  ).run();
  db.prepare(
    "INSERT INTO channel_definitions (id, provider_id, mode, account_types, credentials) VALUES ('900001', '9000', 'REDIRECT', '[\"CHECKINGS\"]', '[]')",
  ).run();
  userId = Number(
    db.prepare("INSERT INTO users (email, password_hash, creation_date) VALUES ('u@example.com', 'x', 1)").run()
      .lastInsertRowid,
  );
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const run = (connectionId: number, cdid: string, status: string) =>
  db
    .prepare(
      "INSERT INTO sync_runs (connection_id, channel_definition_id, type, status, started_date) VALUES (?, ?, 'ALL', ?, 1)",
    )
    .run(connectionId, cdid, status);

describe('settleInterruptedRuns (restart after a crash)', () => {
  it('a channel in flight returns to its previous final status, or FAILED without one; runs RUNNING → FAILED', () => {
    const withHistory = insertConnection(db, userId, {
      status: 'RUNNING',
      channels: [
        { id: '900000', status: 'RUNNING' },
        { id: '900001', status: 'CHALLENGE_REQUIRED' },
      ],
    });
    run(withHistory, '900000', 'PARTIAL_SUCCESS');
    run(withHistory, '900000', 'CANCELLED');
    run(withHistory, '900000', 'RUNNING');
    run(withHistory, '900001', 'RUNNING');
    db.prepare(
      "INSERT INTO challenges (connection_id, channel_definition_id, fields, message, expires) VALUES (?, '900001', '[]', 'm', 9)",
    ).run(withHistory);
    const fresh = insertConnection(db, userId, { status: 'RUNNING', channels: [{ id: '900000', status: 'RUNNING' }] });
    const untouched = insertConnection(db, userId, {
      status: 'SUCCESS',
      channels: [{ id: '900000', status: 'SUCCESS' }],
    });

    const settled = settleInterruptedRuns(db, 100);
    expect(settled.sort()).toEqual([withHistory, fresh].sort());
    const channel = db
      .prepare('SELECT status FROM channels WHERE connection_id = ? AND channel_definition_id = ?')
      .pluck();
    expect(channel.get(withHistory, '900000')).toBe('PARTIAL_SUCCESS');
    expect(channel.get(withHistory, '900001')).toBe('FAILED');
    expect(channel.get(fresh, '900000')).toBe('FAILED');
    const connection = db.prepare('SELECT status FROM connections WHERE id = ?').pluck();
    expect(connection.get(withHistory)).toBe('FAILED');
    expect(connection.get(fresh)).toBe('FAILED');
    expect(connection.get(untouched)).toBe('SUCCESS');
    expect(db.prepare("SELECT count(*) FROM sync_runs WHERE status = 'RUNNING'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM challenges').pluck().get()).toBe(0);
    expect(settleInterruptedRuns(db, 101)).toEqual([]);
  });

  it('can be limited to some connections', () => {
    const a = insertConnection(db, userId, { status: 'RUNNING', channels: [{ id: '900000', status: 'RUNNING' }] });
    const b = insertConnection(db, userId, { status: 'RUNNING', channels: [{ id: '900000', status: 'RUNNING' }] });
    settleInterruptedRuns(db, 1, [a]);
    expect(db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(a)).toBe('FAILED');
    expect(db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(b)).toBe('RUNNING');
  });
});

describe('events', () => {
  let emitter: EngineEvents;
  let writer: EventWriter;
  beforeEach(() => {
    const store = createStore(db);
    emitter = new EngineEvents(
      { isOpen: () => db.open, inTransaction: () => db.inTransaction, stillThere: store.events.exists },
      (err) => {
        throw err;
      },
    );
    const urls = { host_url: 'http://127.0.0.1:1', base_url: '', auth_url: '', widget_url: '' };
    writer = new EventWriter({
      store: store.events,
      events: emitter,
      now: () => 1234,
      connectionRecord: (id) => loadConnectionRecord({ store, urls }, id),
    });
  });
  const ctx = () => ({ eventWriter: writer });
  const onEvent = (fn: (e: PublishedEvent) => void) => emitter.on(fn);

  it('emitEvent writes the queue event shape with the connection record; listeners hear it after commit only', async () => {
    const id = insertConnection(db, userId, { status: 'SUCCESS' });
    const heard: PublishedEvent[] = [];
    const stop = onEvent((e) => void heard.push(e));
    try {
      const committed = db.transaction(() => {
        const e = emitEvent(ctx(), {
          userId,
          connectionId: id,
          eventType: 'SUCCESS',
          channelDefinitionId: '900000',
          channelRun: { status: 'SUCCESS', newTransactions: true, accountCount: 3, type: 'ALL' },
        });
        expect(heard).toHaveLength(0);
        return e;
      })();
      expect(() =>
        db.transaction(() => {
          emitEvent(ctx(), { userId, connectionId: id, eventType: 'FAILED' });
          throw new Error('rolled back');
        })(),
      ).toThrow('rolled back');
      await new Promise((r) => setImmediate(r));
      expect(heard.map((e) => e.eventType)).toEqual(['SUCCESS']);
      expect(heard[0].channelRun).toEqual({ status: 'SUCCESS', newTransactions: true, accountCount: 3, type: 'ALL' });
      const stored = JSON.parse(
        db.prepare('SELECT payload FROM events WHERE id = ?').pluck().get(Number(committed.id)) as string,
      );
      expect(stored).toEqual(committed.event);
      expect(stored).toMatchObject({
        id: committed.id,
        event_type: 'SUCCESS',
        resource_type: 'CONNECTION',
        channel_definition_id: '900000',
        creation_date: 1234,
        resource: { id: String(id), user_id: String(userId), status: 'SUCCESS', provider_id: '9000' },
      });
      expect(db.prepare('SELECT count(*) FROM events').pluck().get()).toBe(1);
    } finally {
      stop();
    }
  });

  it('emitConnectionDeleted: a DELETED event carrying the record as it was', async () => {
    const id = insertConnection(db, userId, { status: 'SUCCESS', name: 'Mine' });
    const e = db.transaction(() => {
      const event = emitConnectionDeleted(ctx(), id);
      db.prepare('DELETE FROM connections WHERE id = ?').run(id);
      return event;
    })();
    expect(e?.event).toMatchObject({ event_type: 'DELETED', resource: { id: String(id), name: 'Mine' } });
    expect(emitConnectionDeleted(ctx(), id)).toBeUndefined();
  });
});

describe('Semaphore', () => {
  it('grants up to the limit, queues the rest in order, and drops aborted waiters', async () => {
    let limit = 2;
    const s = new Semaphore(() => limit);
    const r1 = await s.acquire();
    const r2 = await s.acquire();
    const order: number[] = [];
    const p3 = s.acquire().then((r) => (order.push(3), r));
    const abort = new AbortController();
    const p4 = s.acquire(abort.signal);
    const p5 = s.acquire().then((r) => (order.push(5), r));
    expect(s.queued).toBe(3);
    abort.abort(new Error('gone'));
    await expect(p4).rejects.toThrow('gone');
    r1();
    r1();
    const r3 = await p3;
    expect(order).toEqual([3]);
    limit = 3;
    r3();
    const r5 = await p5;
    expect(order).toEqual([3, 5]);
    expect(s.running).toBe(2);
    r2();
    r5();
    expect(s.running).toBe(0);
  });
});
