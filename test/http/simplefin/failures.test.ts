/**
 * SimpleFIN (see docs/api/simplefin.md#budget) failures, pending settlement and the daily budget, through the engine's
 * HTTP API against the loopback Bridge emulator. Imported data always stays.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { startSimplefinEmulator, type SimplefinEmulator } from '../../../src/main/simplefin-emulator/server';
import { newCaller, subscribe, transactionsOf, type Caller } from '../sync/sync-helpers';
import { byName, channelRow, connect, sync } from './simplefin-helpers';

let engine: TestEngine;
let bridge: SimplefinEmulator;

beforeAll(async () => {
  process.env.COFFER_SIMPLEFIN_TIMEOUT_MS = '1500';
  bridge = await startSimplefinEmulator();
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
  await bridge?.close();
  delete process.env.COFFER_SIMPLEFIN_TIMEOUT_MS;
});
beforeEach(() => bridge.clearScenarios());

async function connected(): Promise<{ c: Caller; id: string; accounts: Record<string, any>; rows: number }> {
  const c = newCaller(engine);
  const { id, connection } = await connect(c, bridge.mintToken());
  expect(connection.status).toBe('SUCCESS');
  const accounts = await byName(c, id);
  let rows = 0;
  for (const a of Object.values(accounts)) rows += (await transactionsOf(c, a.id)).length;
  return { c, id, accounts, rows };
}

async function rowCount(c: Caller, accounts: Record<string, any>): Promise<number> {
  let rows = 0;
  for (const a of Object.values(accounts)) rows += (await transactionsOf(c, a.id)).length;
  return rows;
}

describe('SimpleFIN: failures of the whole channel keep the data', () => {
  const cases: Array<[string, () => void, string, RegExp]> = [
    ['HTTP 403 (access revoked)', () => bridge.scenario('revoked'), 'AUTH_FAILED', /revoked/],
    ['gen.auth in a 200 answer', () => bridge.scenario('gen_auth'), 'AUTH_FAILED', /Access revoked/],
    ['gen.auth written with `message`', () => (bridge.scenario('gen_auth'), bridge.scenario('msg_as_message')), 'AUTH_FAILED', /Access revoked/],
    ['HTTP 402 (subscription lapsed)', () => bridge.scenario('payment_required'), 'USER_ACTION_REQUIRED', /subscription/],
    ['an HTML 502 page', () => bridge.scenario('html_502'), 'SERVICE_UNAVAILABLE', /HTTP 502/],
    ['a slow answer (time-out, then 524)', () => bridge.scenario('slow', { ms: 4000 }), 'SERVICE_UNAVAILABLE', /did not answer/],
    ['con.auth on every institution', () => { bridge.scenario('con_auth', { conn_id: 'CON-7f3a' }); bridge.scenario('unknown_subcode', { conn_id: 'CON-91bc' }); }, 'USER_ACTION_REQUIRED', /re-authenticate/],
  ];
  for (const [what, arrange, status, text] of cases) {
    it(`${what} → ${status}`, async () => {
      const { c, id, accounts, rows } = await connected();
      arrange();
      const after = await sync(c, id);
      expect(after.status).toBe(status);
      expect(channelRow(engine, id).last_error).toMatch(text);
      expect(await rowCount(c, accounts)).toBe(rows);
      const now = await byName(c, id);
      for (const a of Object.values(accounts)) expect(now[a.name].balance).toBe(a.balance);
      bridge.clearScenarios();
      const again = (await sync(c, id)).status;
      expect([again, again === 'SUCCESS' ? null : channelRow(engine, id).last_error]).toEqual(['SUCCESS', null]);
    });
  }
});

describe('SimpleFIN: partial failures', () => {
  it('con.auth on one institution: its accounts ERROR, the others updated, PARTIAL_SUCCESS', async () => {
    const { c, id } = await connected();
    bridge.scenario('con_auth', { conn_id: 'CON-7f3a' });
    const read = await subscribe(c);
    expect((await sync(c, id)).status).toBe('PARTIAL_SUCCESS');
    const a = await byName(c, id);
    expect(a['First Test Bank · FTB Checking'].status).toBe('ERROR');
    expect(a['First Test Bank · FTB Savings'].status).toBe('ERROR');
    expect(a['Test Card Co · TCC Visa Card'].status).toBe('ACTIVE');
    expect((await read()).map((e) => e.event_type)).toEqual(['RUNNING', 'PARTIAL_SUCCESS']);
  });

  it('an unknown subcode (con.weird) with `message` counts as con.: that institution only', async () => {
    const { c, id } = await connected();
    bridge.scenario('unknown_subcode', { conn_id: 'CON-91bc' });
    bridge.scenario('msg_as_message');
    expect((await sync(c, id)).status).toBe('PARTIAL_SUCCESS');
    const a = await byName(c, id);
    expect(a['Test Card Co · TCC Visa Card'].status).toBe('ERROR');
    expect(a['First Test Bank · FTB Checking'].status).toBe('ACTIVE');
  });

  it('act.failed: that account ERROR, PARTIAL_SUCCESS', async () => {
    const { c, id } = await connected();
    bridge.scenario('act_failed', { account_id: 'ACT-ftb-savings' });
    expect((await sync(c, id)).status).toBe('PARTIAL_SUCCESS');
    const a = await byName(c, id);
    expect(a['First Test Bank · FTB Savings'].status).toBe('ERROR');
    expect(a['First Test Bank · FTB Checking'].status).toBe('ACTIVE');
    expect(a['Test Card Co · TCC Visa Card'].status).toBe('ACTIVE');
  });
});

describe('SimpleFIN: pending rows', () => {
  it('pending posted under a new id with a tip: the same transaction becomes BOOKED with the posted amount and date, no second row', async () => {
    bridge.scenario('pending_to_posted', { stage: 'pending' });
    const { c, id, accounts } = await connected();
    const card = accounts['Test Card Co · TCC Visa Card'];
    const pending = (await transactionsOf(c, card.id)).filter((t) => t.label === 'Tartine Bakery');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'PENDING', amount: -25 });
    const count = (await transactionsOf(c, card.id)).length;

    bridge.scenario('pending_to_posted', { stage: 'posted' });
    expect((await sync(c, id)).status).toBe('SUCCESS');
    const after = await transactionsOf(c, card.id);
    const tartine = after.filter((t) => t.label === 'Tartine Bakery');
    expect(tartine).toHaveLength(1);
    expect(tartine[0]).toMatchObject({ id: pending[0].id, status: 'BOOKED', amount: -28.75 });
    expect(tartine[0].date).toBeGreaterThan(pending[0].date);
    expect(after).toHaveLength(count);
  });

  it('a pending hold that vanishes from an answer covering its date becomes CANCELLED (kept, not deleted)', async () => {
    bridge.scenario('pending_vanishes', { stage: 'pending' });
    const { c, id, accounts } = await connected();
    const card = accounts['Test Card Co · TCC Visa Card'];
    const hold = (await transactionsOf(c, card.id)).find((t) => t.label === 'Grand Hotel');
    expect(hold.status).toBe('PENDING');
    bridge.scenario('pending_vanishes', { stage: 'gone' });
    expect((await sync(c, id)).status).toBe('SUCCESS');
    const after = (await transactionsOf(c, card.id)).find((t) => t.label === 'Grand Hotel');
    expect(after).toMatchObject({ id: hold.id, status: 'CANCELLED' });
  });

  it('identical twins with distinct ids stay two', async () => {
    bridge.scenario('identical_twins');
    const { c, accounts } = await connected();
    const rows = (await transactionsOf(c, accounts['First Test Bank · FTB Checking'].id)).filter((t) => t.label === 'City Parking');
    expect(rows).toHaveLength(2);
    expect(rows.map((t) => t.amount)).toEqual([-4.5, -4.5]);
  });
});

describe('SimpleFIN: the daily budget', () => {
  it('at most 24 GET /accounts in 24 hours: past that no request, SERVICE_UNAVAILABLE at once', async () => {
    const { c, id } = await connected(); // 5 requests
    for (let i = 0; i < 19; i++) expect([i, (await sync(c, id)).status, channelRow(engine, id).last_error]).toEqual([i, 'SUCCESS', null]);
    const before = bridge.accountsCalls();
    const over = await sync(c, id);
    expect(over.status).toBe('SERVICE_UNAVAILABLE');
    expect(bridge.accountsCalls()).toBe(before);
    expect(channelRow(engine, id).last_error).toMatch(/daily budget of 24/);
  });

  it('after a 429, no request until the next day', async () => {
    const { c, id } = await connected();
    bridge.scenario('rate_limited');
    expect((await sync(c, id)).status).toBe('SERVICE_UNAVAILABLE');
    bridge.clearScenarios();
    const before = bridge.accountsCalls();
    expect((await sync(c, id)).status).toBe('SERVICE_UNAVAILABLE');
    expect(bridge.accountsCalls()).toBe(before);
    expect(channelRow(engine, id).last_error).toMatch(/429.*next synchronization possible after \d{4}-\d\d-\d\d 00:00 UTC/);
  });
});
