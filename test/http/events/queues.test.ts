import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_READ } from '../../../src/main/engine/events/queue-store';
import { sweepEvents, QUEUE_IDLE_DAYS, EVENT_GRACE_SECONDS } from '../../../src/main/engine/events/queue-maintenance';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { emit, insertConnection } from './events-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine.stop());

const SCOPES = ['connections_manage'] as const;

function newUser() {
  const userId = engine.createUser();
  const token = engine.userToken(userId, [...SCOPES]);
  const connectionId = insertConnection(engine, userId);
  return { userId, token, connectionId };
}

async function subscribe(token: string): Promise<string> {
  const res = await engine.http('/v2/queues/subscribe', { method: 'POST', token });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function read(token: string, id: string, query = ''): Promise<{ status: number; body: any }> {
  const res = await engine.http(`/v2/queues/${id}${query}`, { token });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('POST /queues/subscribe', () => {
  it('answers 201 with Location /queues/<id> and the queue record', async () => {
    const { token } = newUser();
    const res = await engine.http('/v2/queues/subscribe', { method: 'POST', token });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; creation_date: number; events: unknown[] };
    expect(res.headers.get('location')).toBe(`/queues/${body.id}`);
    expect(body).toEqual({ id: expect.stringMatching(/^\d+$/), creation_date: expect.any(Number), events: [] });
    expect(Math.abs(body.creation_date - Math.floor(Date.now() / 1000))).toBeLessThan(5);
  });

  it('accepts a JSON content type with an empty body, under /v2.1 too, and with connections_sync', async () => {
    const userId = engine.createUser();
    const token = engine.userToken(userId, ['connections_sync']);
    const res = await engine.http('/v2.1/queues/subscribe', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses without a token (401) and without a queue scope (403)', async () => {
    expect((await engine.http('/v2/queues/subscribe', { method: 'POST' })).status).toBe(401);
    const userId = engine.createUser();
    const res = await engine.http('/v2/queues/subscribe', {
      method: 'POST',
      token: engine.userToken(userId, ['accounts_read']),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('connections_manage connections_sync');
  });
});

describe('GET /queues/{id}', () => {
  it('answers 204 while the queue holds nothing, then the events emitted after the subscription in id order', async () => {
    const { userId, token, connectionId } = newUser();
    const before = emit(engine, { userId, connectionId, eventType: 'RUNNING' });
    const id = await subscribe(token);
    expect((await read(token, id)).status).toBe(204);
    const a = emit(engine, { userId, connectionId, eventType: 'RUNNING' });
    const b = emit(engine, { userId, connectionId, eventType: 'SUCCESS' });
    const { status, body } = await read(token, id);
    expect(status).toBe(200);
    expect(body.id).toBe(id);
    expect(body.events.map((e: any) => e.id)).toEqual([a, b]);
    expect(Number(a)).toBeGreaterThan(Number(before));
    expect(Number(b)).toBeGreaterThan(Number(a));
    const [running, success] = body.events;
    expect(running).toMatchObject({
      event_type: 'RUNNING',
      resource_type: 'CONNECTION',
      channel_definition_id: '900000',
    });
    expect(success.resource).toMatchObject({ id: String(connectionId), user_id: String(userId), provider_id: '9000' });
    expect(success.creation_date).toEqual(expect.any(Number));
    // Reading does not consume: the same events come back until flushed.
    expect((await read(token, id)).body.events).toHaveLength(2);
  });

  it('flush_from deletes the events below it; 204 once none is left; the watermark never goes back', async () => {
    const { userId, token, connectionId } = newUser();
    const id = await subscribe(token);
    const ids = [1, 2, 3].map(() => emit(engine, { userId, connectionId }));
    let r = await read(token, id, `?flush_from=${ids[1]}`);
    expect(r.body.events.map((e: any) => e.id)).toEqual(ids.slice(1));
    r = await read(token, id, '?flush_from=0');
    expect(r.body.events.map((e: any) => e.id)).toEqual(ids.slice(1));
    r = await read(token, id);
    expect(r.body.events.map((e: any) => e.id)).toEqual(ids.slice(1));
    r = await read(token, id, `?flush_from=${Number(ids[2]) + 1}`);
    expect(r.status).toBe(204);
    const later = emit(engine, { userId, connectionId });
    expect((await read(token, id)).body.events.map((e: any) => e.id)).toEqual([later]);
  });

  it('filters by resource_type (CONNECTION, PAYMENT or a comma list)', async () => {
    const { userId, token, connectionId } = newUser();
    const id = await subscribe(token);
    emit(engine, { userId, connectionId });
    expect((await read(token, id, '?resource_type=PAYMENT')).status).toBe(204);
    expect((await read(token, id, '?resource_type=CONNECTION')).body.events).toHaveLength(1);
    expect((await read(token, id, '?resource_type=CONNECTION,PAYMENT')).body.events).toHaveLength(1);
  });

  it.each([
    ['?flush_from=abc', /flush_from/],
    ['?flush_from=-1', /flush_from/],
    ['?flush_from=1.5', /flush_from/],
    ['?flush_from=', /flush_from/],
    ['?resource_type=ACCOUNT', /resource_type/],
    ['?resource_type=CONNECTION,', /resource_type/],
  ])('refuses %s with 400 invalid_request', async (query, message) => {
    const { token } = newUser();
    const id = await subscribe(token);
    const { status, body } = await read(token, id, query);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toMatch(message);
  });

  it("answers 404 for another user's queue and for an unknown one, without flushing it", async () => {
    const owner = newUser();
    const other = newUser();
    const id = await subscribe(owner.token);
    const e = emit(engine, { userId: owner.userId, connectionId: owner.connectionId });
    const r = await read(other.token, id, `?flush_from=${Number(e) + 1}`);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'not_found', id });
    expect((await read(owner.token, id)).body.events.map((x: any) => x.id)).toEqual([e]);
    expect((await read(owner.token, '999999999')).status).toBe(404);
    expect((await read(owner.token, 'abc')).status).toBe(404);
  });

  it("gives every queue of a user each of its events, and none of another user's", async () => {
    const a = newUser();
    const b = newUser();
    const queues = await Promise.all([1, 2, 3].map(() => subscribe(a.token)));
    const bQueue = await subscribe(b.token);
    const e1 = emit(engine, { userId: a.userId, connectionId: a.connectionId });
    const late = await subscribe(a.token);
    const e2 = emit(engine, { userId: a.userId, connectionId: a.connectionId });
    for (const q of queues) expect((await read(a.token, q)).body.events.map((x: any) => x.id)).toEqual([e1, e2]);
    expect((await read(a.token, late)).body.events.map((x: any) => x.id)).toEqual([e2]);
    expect((await read(b.token, bQueue)).status).toBe(204);
  });

  it(`serves at most ${MAX_EVENTS_PER_READ} events per read; flushing up to the last one read gets the rest`, async () => {
    const { userId, token, connectionId } = newUser();
    const id = await subscribe(token);
    const ids: string[] = [];
    engine.ctx.db.transaction(() => {
      for (let i = 0; i < MAX_EVENTS_PER_READ + 20; i++) ids.push(emit(engine, { userId, connectionId }));
    })();
    const first = (await read(token, id)).body.events;
    expect(first).toHaveLength(MAX_EVENTS_PER_READ);
    const last = first[first.length - 1].id;
    const rest = (await read(token, id, `?flush_from=${Number(last) + 1}`)).body.events;
    expect(rest.map((e: any) => e.id)).toEqual(ids.slice(MAX_EVENTS_PER_READ));
  });

  it('a rolled-back event never reaches a queue', async () => {
    const { userId, token, connectionId } = newUser();
    const id = await subscribe(token);
    expect(() =>
      engine.ctx.db.transaction(() => {
        emit(engine, { userId, connectionId });
        throw new Error('sync failed mid-write');
      })(),
    ).toThrow('sync failed');
    expect((await read(token, id)).status).toBe(204);
  });
});

describe('queue and event lifetime', () => {
  it("a deleted user's queues and events go with it", async () => {
    const { userId, token, connectionId } = newUser();
    await subscribe(token);
    emit(engine, { userId, connectionId });
    const del = await engine.http('/v2/users/me', {
      method: 'DELETE',
      token: engine.userToken(userId, ['profile_edit']),
    });
    expect(del.status).toBe(204);
    const db = engine.ctx.db;
    expect(db.prepare('SELECT count(*) FROM queues WHERE user_id = ?').pluck().get(userId)).toBe(0);
    expect(db.prepare('SELECT count(*) FROM events WHERE user_id = ?').pluck().get(userId)).toBe(0);
  });

  it('drops a queue unread for 30 days and collects the events no live queue can serve', async () => {
    const { userId, token, connectionId } = newUser();
    const old = await subscribe(token);
    const kept = await subscribe(token);
    const e1 = emit(engine, { userId, connectionId });
    const e2 = emit(engine, { userId, connectionId });
    const db = engine.ctx.db;
    const realNow = engine.ctx.now;
    try {
      // `kept` is read (and flushed past e1) just before the sweep; `old` is never read again.
      engine.ctx.now = () => realNow() + QUEUE_IDLE_DAYS * 86400 + EVENT_GRACE_SECONDS + 10;
      const later = engine.userToken(userId, [...SCOPES]); // tokens expire too when the clock moves
      expect((await read(later, kept, `?flush_from=${e2}`)).body.events.map((e: any) => e.id)).toEqual([e2]);
      const result = sweepEvents(engine.ctx.store, engine.ctx.now());
      expect(result.queuesDropped).toBeGreaterThanOrEqual(1);
      expect((await read(later, old)).status).toBe(404);
      const left = db
        .prepare<[number], number>('SELECT id FROM events WHERE user_id = ? ORDER BY id')
        .pluck()
        .all(userId);
      expect(left).toEqual([Number(e2)]);
      expect(Number(e1)).toBeLessThan(Number(e2));
      expect((await read(later, kept)).body.events.map((e: any) => e.id)).toEqual([e2]);
    } finally {
      engine.ctx.now = realNow;
    }
  });

  it('a queue created after every earlier event was collected still only sees later events (ids are never reused)', async () => {
    const { userId, token, connectionId } = newUser();
    const before = emit(engine, { userId, connectionId });
    engine.ctx.db.prepare('DELETE FROM events WHERE id = ?').run(Number(before));
    const id = await subscribe(token);
    expect((await read(token, id)).status).toBe(204);
    const after = emit(engine, { userId, connectionId });
    expect(Number(after)).toBeGreaterThan(Number(before));
    expect((await read(token, id)).body.events.map((e: any) => e.id)).toEqual([after]);
  });
});
