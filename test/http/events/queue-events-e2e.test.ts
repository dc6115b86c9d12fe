import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { api, connectEmbedded, newCaller, waitSettled, type Caller } from '../sync/sync-helpers';
import { waitFor } from './events-helpers';

// Connections keep their credentials in the OS keychain: these run where one is (npm test).
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

/** Reads a queue until `done(events)` holds, as an integrator polls; returns every event read. */
async function pollQueue(c: Caller, queueId: string, done: (events: any[]) => boolean, ms = 20_000): Promise<any[]> {
  const seen: any[] = [];
  await waitFor(
    async () => {
      const res = await api(c, `/queues/${queueId}`);
      if (res.status === 200) {
        const body = (await res.json()) as { events: any[] };
        for (const e of body.events) if (!seen.some((s) => s.id === e.id)) seen.push(e);
      } else expect(res.status).toBe(204);
      return done(seen) || undefined;
    },
    ms,
    'the expected queue events',
  );
  return seen;
}

async function subscribe(c: Caller): Promise<string> {
  const res = await api(c, '/queues/subscribe', { method: 'POST' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const types = (events: any[]) => events.map((e) => e.event_type);

describe.skipIf(!hasKeychain)('queue events of real synchronizations (see docs/api/events.md#queues)', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await startTestEngine();
  });
  afterAll(async () => engine.stop());

  it('RUNNING then the final status (SUCCESS), each with the connection; ids increase', async () => {
    const c = newCaller(engine);
    const q = await subscribe(c);
    const id = await connectEmbedded(c, 'user_ok');
    const events = await pollQueue(c, q, (e) => types(e).includes('SUCCESS'));
    expect(types(events)).toEqual(['RUNNING', 'SUCCESS']);
    for (const e of events) {
      expect(e).toMatchObject({
        resource_type: 'CONNECTION',
        channel_definition_id: '900000',
        resource: { id, user_id: String(c.userId) },
      });
    }
    expect(events[1].resource.status).toBe('SUCCESS');
    expect(Number(events[1].id)).toBeGreaterThan(Number(events[0].id));
  });

  it('failures end with an event named after the channel status (AUTH_FAILED, SERVICE_UNAVAILABLE)', async () => {
    const c = newCaller(engine);
    const q = await subscribe(c);
    await connectEmbedded(c, 'user_ok', { password: 'bad' });
    await connectEmbedded(c, 'user_unavailable');
    const events = await pollQueue(
      c,
      q,
      (e) => types(e).includes('AUTH_FAILED') && types(e).includes('SERVICE_UNAVAILABLE'),
    );
    expect(types(events).filter((t) => t === 'RUNNING')).toHaveLength(2);
  });

  it('CHALLENGE_REQUIRED carries challenge_required {fields, message, expires}; answering ends in SUCCESS', async () => {
    const c = newCaller(engine);
    const q = await subscribe(c);
    const id = await connectEmbedded(c, 'user_challenge');
    const events = await pollQueue(c, q, (e) => types(e).includes('CHALLENGE_REQUIRED'));
    const challenge = events.find((e) => e.event_type === 'CHALLENGE_REQUIRED');
    expect(challenge.challenge_required).toMatchObject({
      fields: [expect.objectContaining({ id: 'sms_code', type: 'TEXT' })],
      message: expect.any(String),
      expires: expect.any(Number),
    });
    expect(challenge.challenge_required.expires).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const answer = await api(c, `/connections/${id}/user_input`, {
      method: 'POST',
      json: { credentials: [{ id: 'sms_code', value: '123456' }] },
    });
    expect(answer.status).toBe(204);
    const after = await pollQueue(c, q, (e) => types(e).includes('SUCCESS'));
    expect(types(after).slice(-1)).toEqual(['SUCCESS']);
  });

  it('LIST_ACCOUNTS_SUCCESS lists the accounts (NEW / PRESENT); consent per account adds CONSENT_REQUIRED', async () => {
    const c = newCaller(engine);
    const q = await subscribe(c);
    const id = await connectEmbedded(c, 'user_ok', { consent_per_account: true });
    const events = await pollQueue(c, q, (e) => types(e).includes('LIST_ACCOUNTS_SUCCESS'));
    expect(types(events)).toContain('CONSENT_REQUIRED');
    const listed = events.find((e) => e.event_type === 'LIST_ACCOUNTS_SUCCESS');
    expect(listed.list_accounts_success.accounts.length).toBe(4);
    for (const a of listed.list_accounts_success.accounts) {
      expect(a).toMatchObject({
        reference: expect.any(String),
        status: expect.stringMatching(/^(NEW|PRESENT|MISSING)$/),
        connection_id: id,
      });
    }
    await waitSettled(c, id);
    const q2 = await subscribe(c);
    expect((await api(c, `/connections/${id}/synchronize?type=LIST_ACCOUNTS`, { method: 'POST' })).status).toBe(204);
    const again = await pollQueue(c, q2, (e) => types(e).includes('LIST_ACCOUNTS_SUCCESS'));
    const statuses = again
      .find((e) => e.event_type === 'LIST_ACCOUNTS_SUCCESS')
      .list_accounts_success.accounts.map((a: any) => a.status);
    expect(statuses.every((s: string) => s === 'PRESENT' || s === 'NEW')).toBe(true);
  });

  it('DELETED when a connection is removed', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_ok');
    await waitSettled(c, id);
    const q = await subscribe(c);
    expect((await api(c, `/connections/${id}`, { method: 'DELETE' })).status).toBe(204);
    const events = await pollQueue(c, q, (e) => types(e).includes('DELETED'), 5000);
    expect(events.find((e) => e.event_type === 'DELETED').resource).toMatchObject({ id });
  });

  it('every queue of the user gets the events; another user sees none of them', async () => {
    const c = newCaller(engine);
    const other = newCaller(engine);
    const queues = await Promise.all([1, 2, 3].map(() => subscribe(c)));
    const foreign = await subscribe(other);
    await connectEmbedded(c, 'user_ok');
    for (const q of queues) await pollQueue(c, q, (e) => types(e).includes('SUCCESS'));
    expect((await api(other, `/queues/${foreign}`)).status).toBe(204);
  });
});
