/**
 * What a client needs to tell the last synchronization from the last attempt (the app's connection state):
 * a channel's last_success_date moves only when a run succeeds (fully or in part), last_end_date at the end
 * of every run, whatever it was; a run that failed as a whole leaves every account of the channel ERROR
 * (the account status rules of the API), which the app reads as "not updated" because the channel says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, connectEmbedded, newCaller, waitSettled, type Caller } from './sync-helpers';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
});

interface ChannelDates {
  channel_definition_id: string;
  last_success_date?: number;
  last_end_date?: number;
}

const channelOf = (connection: { channels: ChannelDates[] }): ChannelDates =>
  connection.channels.find((ch) => ch.channel_definition_id === '900000')!;

async function answer(c: Caller, id: string, input: Record<string, unknown>): Promise<void> {
  expect((await waitSettled(c, id)).status).toBe('CHALLENGE_REQUIRED');
  const res = await api(c, `/connections/${id}/user_input`, { method: 'POST', json: input });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function syncAgain(c: Caller, id: string): Promise<void> {
  expect((await api(c, `/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
}

describe('last success and last attempt of a channel', () => {
  it('a cancelled code, then a success, then a wrong code: only the success moves last_success_date', async () => {
    const c = newCaller(engine);
    const id = await connectEmbedded(c, 'user_challenge');

    await answer(c, id, { cancel: true });
    const cancelled = await waitSettled(c, id);
    expect(cancelled.status).toBe('CHALLENGE_CANCELLED');
    expect(channelOf(cancelled).last_end_date).toEqual(expect.any(Number));
    expect(channelOf(cancelled).last_success_date).toBeUndefined();

    await syncAgain(c, id);
    await answer(c, id, { credentials: [{ id: 'sms_code', value: '123456' }] });
    const synced = await waitSettled(c, id);
    expect(synced.status).toBe('SUCCESS');
    const success = channelOf(synced).last_success_date!;
    expect(success).toEqual(expect.any(Number));
    expect(channelOf(synced).last_end_date).toBe(success);
    expect((await accountsOf(c, id)).map((a) => a.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE']);

    await syncAgain(c, id);
    await answer(c, id, { credentials: [{ id: 'sms_code', value: '000000' }] });
    const refused = await waitSettled(c, id);
    expect(refused.status).toBe('CHALLENGE_FAILED');
    expect(channelOf(refused).last_success_date).toBe(success);
    expect(channelOf(refused).last_end_date).toBeGreaterThanOrEqual(success);
    expect((await accountsOf(c, id)).map((a) => a.status)).toEqual(['ERROR', 'ERROR', 'ERROR', 'ERROR']);
  });
});
