/**
 * Every scenario of the test bank (docs/api/providers-and-test-bank.md#test-bank) reaches its documented end state,
 * through real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import {
  accountsOf,
  api,
  connectEmbedded,
  getJson,
  newCaller,
  subscribe,
  totalTransactions,
  transactionsOf,
  until,
  waitSettled,
} from './sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  process.env.COFFER_TESTBANK_SLOW_MS = '1500';
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
  delete process.env.COFFER_TESTBANK_SLOW_MS;
});

describe('Coffer Test Bank scenarios (see docs/api/providers-and-test-bank.md#test-bank)', () => {
  it('user_ok: SUCCESS with one account of each type and two years of history; a later sync adds a few, never duplicates', async () => {
    const c = newCaller(engine);
    const read = await subscribe(c);
    const id = await connectEmbedded(c, 'user_ok');
    const connection = await waitSettled(c, id);
    expect(connection.status).toBe('SUCCESS');
    const channel = connection.channels.find((ch: any) => ch.channel_definition_id === '900000');
    expect(channel.status).toBe('SUCCESS');
    expect(channel.last_success_date).toBeGreaterThan(0);
    expect(connection.owner?.name).toBeTruthy();

    const accounts = await accountsOf(c, id);
    expect(accounts.map((a) => a.type).sort()).toEqual(['CHECKINGS', 'CREDIT_CARD', 'LOAN', 'SAVINGS']);
    for (const a of accounts) {
      expect(a.status).toBe('ACTIVE');
      expect(a.last_channel_definition_id).toBe('900000');
    }
    const savings = accounts.find((a) => a.type === 'SAVINGS');
    expect(savings.savings).toMatchObject({ type: expect.any(String), savings_type: expect.any(String) });
    const checking = accounts.find((a) => a.type === 'CHECKINGS');
    const txs = await transactionsOf(c, checking.id);
    expect(txs.length).toBeGreaterThan(300);
    const dates = txs.map((t) => t.date);
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(600 * 86_400);
    expect(new Set(txs.map((t) => t.import_date)).size).toBe(1);
    const card = accounts.find((a) => a.type === 'CREDIT_CARD');
    const before = new Map<string, number>();
    for (const a of accounts) before.set(a.id, await totalTransactions(c, a.id));

    const events = await read();
    expect(events.map((e) => e.event_type)).toEqual(['RUNNING', 'SUCCESS']);
    expect(events[1]).toMatchObject({
      resource_type: 'CONNECTION',
      channel_definition_id: '900000',
      resource: { id, status: 'SUCCESS' },
    });

    // A second synchronization: a few new operations, the old ones untouched (same ids, no duplicate).
    const sync = await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect(sync.status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    let added = 0;
    for (const a of accounts) {
      const after = await totalTransactions(c, a.id);
      expect(after).toBeGreaterThanOrEqual(before.get(a.id)!);
      added += after - before.get(a.id)!;
    }
    expect(added).toBeGreaterThanOrEqual(2);
    expect(added).toBeLessThan(15);
    const txsAfter = await transactionsOf(c, checking.id);
    const ids = new Set(txsAfter.map((t) => t.id));
    for (const t of txs) expect(ids.has(t.id)).toBe(true);
    // The card's new purchases arrive PENDING; its balance is the booked balance.
    const cardTxs = await transactionsOf(c, card.id);
    expect(cardTxs.some((t) => t.status === 'PENDING')).toBe(true);
  });

  it('a wrong password: AUTH_FAILED, and the fifth failure in a row TOO_MANY_ATTEMPTS; a success resets the count', async () => {
    const c = newCaller(engine);
    const login = `user_ok_lock_${Date.now()}`;
    const id = await connectEmbedded(c, login, { password: 'wrong' });
    const first = await waitSettled(c, id);
    expect(first.status).toBe('AUTH_FAILED');
    for (let i = 2; i <= 4; i++) {
      await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
      expect((await waitSettled(c, id)).status).toBe('AUTH_FAILED');
    }
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    expect((await waitSettled(c, id)).status).toBe('TOO_MANY_ATTEMPTS');
    expect(await accountsOf(c, id)).toEqual([]);

    const other = `user_ok_reset_${Date.now()}`;
    const bad = await connectEmbedded(c, other, { password: 'nope' });
    expect((await waitSettled(c, bad)).status).toBe('AUTH_FAILED');
    const good = await connectEmbedded(c, other);
    expect((await waitSettled(c, good)).status).toBe('SUCCESS');
    for (let i = 0; i < 4; i++) {
      await api(c, `/connections/${bad}/synchronize`, { method: 'POST' });
      expect((await waitSettled(c, bad)).status).toBe('AUTH_FAILED');
    }
  });

  it.each([
    ['user_unavailable', 'SERVICE_UNAVAILABLE'],
    ['user_password_change', 'PASSWORD_CHANGE_REQUIRED'],
    ['user_action', 'USER_ACTION_REQUIRED'],
  ])('%s ends %s, with its event', async (login, status) => {
    const c = newCaller(engine);
    const read = await subscribe(c);
    const id = await connectEmbedded(c, login);
    const connection = await waitSettled(c, id);
    expect(connection.status).toBe(status);
    expect(connection.channels.find((ch: any) => ch.channel_definition_id === '900000').status).toBe(status);
    expect((await read()).map((e) => e.event_type)).toEqual(['RUNNING', status]);
  });

  it('user_partial: PARTIAL_SUCCESS, one account ERROR and one NOT_FOUND, the others ACTIVE', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_partial');
    expect((await waitSettled(c, id)).status).toBe('PARTIAL_SUCCESS');
    const accounts = await accountsOf(c, id);
    const statuses = accounts.map((a) => a.status).sort();
    expect(statuses).toEqual(['ACTIVE', 'ACTIVE', 'ERROR', 'NOT_FOUND']);
    const active = accounts.filter((a) => a.status === 'ACTIVE');
    for (const a of active) expect(await totalTransactions(c, a.id)).toBeGreaterThan(0);
  });

  it('user_pro: the professional account is SUSPENDED (not synchronized) until validated, then ACTIVE and synchronized', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_pro');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const accounts = await accountsOf(c, id);
    const pro = accounts.find((a) => a.usage === 'PROFESSIONAL');
    expect(pro.status).toBe('SUSPENDED');
    expect(await totalTransactions(c, pro.id)).toBe(0);
    for (const a of accounts.filter((x) => x.usage === 'PERSONAL')) expect(a.status).toBe('ACTIVE');

    // Still suspended after another synchronization.
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    await waitSettled(c, id);
    expect((await getJson(c, `/accounts/${pro.id}`)).status).toBe('SUSPENDED');

    const personal = accounts.find((a) => a.usage === 'PERSONAL');
    expect((await api(c, `/accounts/${personal.id}/validate_professional`, { method: 'POST' })).status).toBe(400);
    expect((await api(c, `/accounts/999999/validate_professional`, { method: 'POST' })).status).toBe(404);
    const res = await api(c, `/accounts/${pro.id}/validate_professional`, { method: 'POST' });
    expect(res.status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const validated = await getJson(c, `/accounts/${pro.id}`);
    expect(validated).toMatchObject({ status: 'ACTIVE', usage: 'PROFESSIONAL' });
    expect(await totalTransactions(c, pro.id)).toBeGreaterThan(0);
    await api(c, `/connections/${id}/synchronize`, { method: 'POST' });
    await waitSettled(c, id);
    expect((await getJson(c, `/accounts/${pro.id}`)).status).toBe('ACTIVE');
  });

  it('user_many: 150 accounts', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_many');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const res = await api(c, `/accounts?connection_id=${id}&limit=10`);
    expect(res.headers.get('x-total-count')).toBe('150');
  });

  it('user_slow: RUNNING while it synchronizes (already when the 201 is sent), then SUCCESS', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_slow');
    const during = await getJson(c, `/connections/${id}`);
    expect(during.status).toBe('RUNNING');
    expect(during.channels.find((ch: any) => ch.channel_definition_id === '900000').status).toBe('RUNNING');
    expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    const runs = engine.ctx.db
      .prepare('SELECT count(*) FROM sync_runs WHERE connection_id = ?')
      .pluck()
      .get(Number(id));
    expect(runs).toBe(1);
  });
});

describe('challenges (see docs/api/synchronization.md#challenges)', () => {
  it('user_challenge: CHALLENGE_REQUIRED with the sms_code field, answered 123456 → SUCCESS', async () => {
    const c = newCaller(engine);
    const read = await subscribe(c);
    const id = await connectEmbedded(c, 'user_challenge');
    const waiting = await waitSettled(c, id);
    expect(waiting.status).toBe('CHALLENGE_REQUIRED');
    const event = await until('CHALLENGE_REQUIRED event', async () =>
      (await read()).find((e) => e.event_type === 'CHALLENGE_REQUIRED'),
    );
    expect(event.challenge_required.fields).toEqual([
      expect.objectContaining({ id: 'sms_code', type: 'TEXT', regexp: '^\\d{6}$' }),
    ]);
    expect(event.challenge_required.message).toEqual(expect.any(String));
    expect(event.challenge_required.expires).toBeGreaterThan(engine.ctx.now());
    expect(event.channel_definition_id).toBe('900000');

    const res = await api(c, `/connections/${id}/user_input`, {
      method: 'POST',
      json: { credentials: [{ id: 'sms_code', value: '123456' }] },
    });
    expect(res.status, await res.clone().text()).toBe(204);
    expect((await getJson(c, `/connections/${id}`)).status).not.toBe('CHALLENGE_REQUIRED');
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect((await accountsOf(c, id)).length).toBe(4);
    expect(
      (
        await api(c, `/connections/${id}/user_input`, {
          method: 'POST',
          json: { credentials: [{ id: 'sms_code', value: '123456' }] },
        })
      ).status,
    ).toBe(404);
  });

  it('user_challenge allows one attempt (event unchanged: no attempts_left); user_challenge_retry asks again after a wrong code', async () => {
    const c = newCaller(engine);
    const read = await subscribe(c);
    const one = await connectEmbedded(c, 'user_challenge');
    expect((await waitSettled(c, one)).status).toBe('CHALLENGE_REQUIRED');
    const first = await until('CHALLENGE_REQUIRED event', async () =>
      (await read()).find((e) => e.event_type === 'CHALLENGE_REQUIRED'),
    );
    expect(Object.keys(first.challenge_required).sort()).toEqual(['expires', 'fields', 'message']);
    await api(c, `/connections/${one}/user_input`, { method: 'POST', json: { cancel: true } });
    expect((await waitSettled(c, one)).status).toBe('CHALLENGE_CANCELLED');

    const id = await connectEmbedded(c, 'user_challenge_retry');
    // The queue is read whole each time (no flush_from): the next challenge is the first one not seen yet.
    const seen = new Set<string>();
    const nextChallenge = () =>
      until('the next CHALLENGE_REQUIRED event', async () => {
        const next = (await read()).find(
          (e) => e.event_type === 'CHALLENGE_REQUIRED' && e.resource?.id === id && !seen.has(e.id),
        );
        if (next) seen.add(next.id);
        return next;
      });
    const wrong = async () =>
      expect(
        (
          await api(c, `/connections/${id}/user_input`, {
            method: 'POST',
            json: { credentials: [{ id: 'sms_code', value: '654321' }] },
          })
        ).status,
      ).toBe(204);
    const e1 = await nextChallenge();
    expect(e1.challenge_required.attempts_left).toBe(3);
    await wrong();
    // Asked again in the same run: a new event, the connection waits again (never CHALLENGE_FAILED meanwhile).
    const e2 = await nextChallenge();
    expect(e2.challenge_required.attempts_left).toBe(2);
    expect(e2.challenge_required.message).toMatch(/Wrong code: 2 attempts left/);
    expect(e2.challenge_required.expires).toBeGreaterThanOrEqual(e1.challenge_required.expires);
    expect((await getJson(c, `/connections/${id}`)).status).toBe('CHALLENGE_REQUIRED');
    await wrong();
    const e3 = await nextChallenge();
    expect(e3.challenge_required.attempts_left).toBe(1);
    expect(e3.challenge_required.message).toMatch(/last attempt/);
    const res = await api(c, `/connections/${id}/user_input`, {
      method: 'POST',
      json: { credentials: [{ id: 'sms_code', value: '123456' }] },
    });
    expect(res.status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('SUCCESS');
    expect((await accountsOf(c, id)).length).toBe(4);
  });

  it('user_challenge_retry: a wrong code on the last attempt → CHALLENGE_FAILED, the error says what to do next', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_challenge_retry');
    for (let i = 0; i < 3; i++) {
      await until('CHALLENGE_REQUIRED', async () =>
        (await getJson(c, `/connections/${id}`)).status === 'CHALLENGE_REQUIRED' ? true : undefined,
      );
      const res = await api(c, `/connections/${id}/user_input`, {
        method: 'POST',
        json: { credentials: [{ id: 'sms_code', value: '000000' }] },
      });
      expect(res.status).toBe(204);
    }
    expect((await waitSettled(c, id)).status).toBe('CHALLENGE_FAILED');
    const run = engine.ctx.db
      .prepare('SELECT status, error FROM sync_runs WHERE connection_id = ? ORDER BY id DESC LIMIT 1')
      .get(Number(id)) as { status: string; error: string };
    expect(run.status).toBe('CHALLENGE_FAILED');
    expect(run.error).toMatch(/synchronize again to receive a new code/);
    expect(await accountsOf(c, id)).toEqual([]);
  });

  it('a challenge waits until its `expires`, and not longer: an answer is taken up to then, CHALLENGE_TIMED_OUT right after', async () => {
    engine.ctx.settings.set('challenge_timeout_seconds', 2);
    try {
      const c = newCaller(engine);
      const read = await subscribe(c);
      // Asked late in a second: a wait counted from the ask (not to `expires`, which is in whole seconds) would
      // end most of a second after `expires`.
      while (Date.now() % 1000 < 650 || Date.now() % 1000 > 750) await new Promise((r) => setTimeout(r, 5));
      const id = await connectEmbedded(c, 'user_challenge');
      const event = await until('CHALLENGE_REQUIRED event', async () =>
        (await read()).find((e) => e.event_type === 'CHALLENGE_REQUIRED'),
      );
      const expires: number = event.challenge_required.expires;
      expect(expires - event.creation_date).toBe(2);
      const end = await until(
        'timeout',
        async () => {
          const s = (await getJson(c, `/connections/${id}`)).status;
          return s === 'CHALLENGE_REQUIRED' || s === 'RUNNING' ? undefined : s;
        },
        6000,
      );
      const endedAt = Date.now() / 1000;
      expect(end).toBe('CHALLENGE_TIMED_OUT');
      // Over once the engine's clock reaches `expires` (whole seconds), within a few polls of it.
      expect(endedAt).toBeGreaterThanOrEqual(expires);
      expect(endedAt).toBeLessThan(expires + 0.4);
    } finally {
      engine.ctx.settings.set('challenge_timeout_seconds', 300);
    }
  });

  it('a wrong code → CHALLENGE_FAILED', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_challenge');
    expect((await waitSettled(c, id)).status).toBe('CHALLENGE_REQUIRED');
    const res = await api(c, `/connections/${id}/user_input`, {
      method: 'POST',
      json: { credentials: [{ id: 'sms_code', value: '654321' }] },
    });
    expect(res.status).toBe(204);
    expect((await waitSettled(c, id)).status).toBe('CHALLENGE_FAILED');
    expect(await accountsOf(c, id)).toEqual([]);
  });

  it('cancel → CHALLENGE_CANCELLED', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_challenge');
    expect((await waitSettled(c, id)).status).toBe('CHALLENGE_REQUIRED');
    expect((await api(c, `/connections/${id}/user_input`, { method: 'POST', json: { cancel: true } })).status).toBe(
      204,
    );
    expect((await waitSettled(c, id)).status).toBe('CHALLENGE_CANCELLED');
  });

  it('no answer before it expires → CHALLENGE_TIMED_OUT', async () => {
    engine.ctx.settings.set('challenge_timeout_seconds', 1);
    try {
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_challenge');
      expect((await waitSettled(c, id)).status).toBe('CHALLENGE_REQUIRED');
      const end = await until(
        'timeout',
        async () => {
          const s = (await getJson(c, `/connections/${id}`)).status;
          return s === 'CHALLENGE_REQUIRED' || s === 'RUNNING' ? undefined : s;
        },
        5000,
      );
      expect(end).toBe('CHALLENGE_TIMED_OUT');
      expect(
        (
          await api(c, `/connections/${id}/user_input`, {
            method: 'POST',
            json: { credentials: [{ id: 'sms_code', value: '123456' }] },
          })
        ).status,
      ).toBe(404);
    } finally {
      engine.ctx.settings.set('challenge_timeout_seconds', 300);
    }
  });
});
