/**
 * Cancellation when a connection is closed or deleted mid-run; automatic synchronization (see
 * docs/api/synchronization.md#schedule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { runDueSynchronizations } from '../../../src/main/engine/sync/scheduler';
import {
  accountsOf,
  api,
  connectEmbedded,
  getJson,
  newCaller,
  subscribe,
  totalTransactions,
  until,
  waitSettled,
} from './sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  process.env.COFFER_TESTBANK_SLOW_MS = '1200';
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
  delete process.env.COFFER_TESTBANK_SLOW_MS;
});

const runRows = (id: string) =>
  engine.ctx.db.prepare('SELECT status FROM sync_runs WHERE connection_id = ? ORDER BY id').pluck().all(Number(id));

describe('cancellation', () => {
  it('closing a connection mid-run stops it: CLOSED, nothing of the run written; reopening synchronizes', async () => {
    const c = newCaller(engine);
    const read = await subscribe(c);
    const id = await connectEmbedded(c, 'user_slow');
    expect((await getJson(c, `/connections/${id}`)).status).toBe('RUNNING');
    await until('the run to talk to the bank', () => (runRows(id).length ? true : undefined));
    expect((await api(c, `/connections/${id}/close`, { method: 'POST' })).status).toBe(204);
    const closed = await getJson(c, `/connections/${id}`);
    expect(closed.status).toBe('CLOSED');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await getJson(c, `/connections/${id}`)).status).toBe('CLOSED');
    expect(await accountsOf(c, id)).toEqual([]);
    expect((await read()).map((e) => e.event_type)).toEqual(['RUNNING']);
    expect(runRows(id)).toEqual(['CANCELLED']);

    expect((await api(c, `/connections/${id}/reopen`, { method: 'POST' })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect((await accountsOf(c, id)).length).toBe(1);
  });

  it('closing during a second run keeps the data of the first intact', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_slow');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const [account] = await accountsOf(c, id);
    const count = await totalTransactions(c, account.id);
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    await until('second run', () => (runRows(id).length === 2 ? true : undefined));
    await api(c, `/connections/${id}/close`, { method: 'POST' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await totalTransactions(c, account.id)).toBe(count);
    expect((await getJson(c, `/accounts/${account.id}`)).status).toBe('CLOSED');
  });

  it('deleting a connection mid-run removes it for good (no row written afterwards)', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_slow');
    await until('the run to talk to the bank', () => (runRows(id).length ? true : undefined));
    expect((await api(c, `/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(c, `/connections/${id}`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 1500));
    const db = engine.ctx.db;
    expect(db.prepare('SELECT count(*) FROM accounts WHERE connection_id = ?').pluck().get(Number(id))).toBe(0);
    expect(db.prepare('SELECT count(*) FROM channels WHERE connection_id = ?').pluck().get(Number(id))).toBe(0);
    expect(db.prepare('SELECT count(*) FROM sync_runs WHERE connection_id = ?').pluck().get(Number(id))).toBe(0);
  });

  it('deleting a connection waiting on a challenge ends the challenge', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_challenge');
    expect((await waitSettled(c, id)).status).toBe('CHALLENGE_REQUIRED');
    expect((await api(c, `/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(engine.ctx.services.sync.isRunning(Number(id))).toBe(false);
    expect(
      engine.ctx.db.prepare('SELECT count(*) FROM challenges WHERE connection_id = ?').pluck().get(Number(id)),
    ).toBe(0);
  });
});

describe('automatic synchronization', () => {
  it('a run sets the next date (sync_interval_hours); a due connection with auto_sync is synchronized, one without is not', async () => {
    const c = newCaller(engine);
    const auto = await connectEmbedded(c, 'user_ok');
    const manual = await connectEmbedded(c, 'user_ok', { auto_sync: false });
    await waitSettled(c, auto);
    await waitSettled(c, manual);
    const db = engine.ctx.db;
    const next = db.prepare('SELECT next_sync_date FROM connections WHERE id = ?').pluck();
    const nextAuto = next.get(Number(auto)) as number;
    expect(nextAuto).toBeGreaterThanOrEqual(engine.ctx.now() + 12 * 3600 - 5);
    expect(nextAuto).toBeLessThanOrEqual(engine.ctx.now() + 12 * 3600);
    expect(next.get(Number(manual))).toBeNull();

    // Not due yet: nothing starts.
    expect(runDueSynchronizations(engine.ctx, engine.ctx.services.sync)).not.toContain(Number(auto));
    // Due (the app was closed past the date): it starts, and gets a new date.
    db.prepare('UPDATE connections SET next_sync_date = ? WHERE id IN (?, ?)').run(
      engine.ctx.now() - 60,
      Number(auto),
      Number(manual),
    );
    const started = runDueSynchronizations(engine.ctx, engine.ctx.services.sync);
    expect(db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(Number(auto))).toBe('RUNNING');
    expect(started).toContain(Number(auto));
    expect(started).not.toContain(Number(manual));
    expect((await waitSettled(c, auto)).status).toBe('SUCCESS');
    expect(next.get(Number(auto))).toBeGreaterThan(engine.ctx.now() + 11 * 3600);
    expect(runRows(auto)).toHaveLength(2);
  });

  it('never retries a password the bank refused: a due connection in AUTH_FAILED waits for new credentials (issue 15)', async () => {
    // Banks lock a login after a few refusals in a row (the test bank after five): an automatic run every
    // 12 hours with the same refused password would lock it in two and a half days, with nobody watching.
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'refused_login', { password: 'not-the-password' });
    expect((await waitSettled(c, id)).status).toBe('AUTH_FAILED');
    const db = engine.ctx.db;
    const next = db.prepare('SELECT next_sync_date FROM connections WHERE id = ?').pluck();
    db.prepare('UPDATE connections SET next_sync_date = ? WHERE id = ?').run(engine.ctx.now() - 60, Number(id));
    expect(runDueSynchronizations(engine.ctx, engine.ctx.services.sync)).not.toContain(Number(id));
    expect(db.prepare('SELECT status FROM connections WHERE id = ?').pluck().get(Number(id))).toBe('AUTH_FAILED');
    expect(runRows(id)).toHaveLength(1);
    // Looked at again one interval later, not at every tick.
    expect(next.get(Number(id))).toBeGreaterThan(engine.ctx.now() + 11 * 3600);

    // A synchronization the person asks for still runs (the app warns before it).
    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('AUTH_FAILED');
    expect(runRows(id)).toHaveLength(2);
  });

  it('catches up at start: a connection that fell due while the engine was stopped is synchronized', async () => {
    const dataDir = engine.dataDir;
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, id);
    engine.ctx.db
      .prepare('UPDATE connections SET next_sync_date = ? WHERE id = ?')
      .run(engine.ctx.now() - 3600, Number(id));
    await engine.close();
    engine = await startTestEngine({ dataDir });
    const again = {
      ...c,
      engine,
      token: engine.userToken(c.userId, ['accounts_read', 'connections_manage', 'connections_sync']),
    };
    await until('catch-up run', () => (runRows(id).length === 2 ? true : undefined), 10_000);
    expect((await waitSettled(again, id)).status).toBe('SUCCESS');
  });
});
