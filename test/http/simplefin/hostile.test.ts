/**
 * What a SimpleFIN Bridge may send that no real bank data is: answers of hundreds of megabytes, an access
 * URL of megabytes, amounts with more decimals than their currency, answers without a list of accounts.
 * Through the engine's HTTP API against the loopback Bridge emulator, which streams the large answers
 * without holding them (nor does this test).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { startSimplefinEmulator, type SimplefinEmulator } from '../../../src/main/simplefin-emulator/server';
import { newCaller, transactionsOf, type Caller } from '../sync/sync-helpers';
import { byName, channelRow, connect, keptSecret, sync } from './simplefin-helpers';

const MB = 1024 * 1024;
let engine: TestEngine;
let bridge: SimplefinEmulator;

beforeAll(async () => {
  bridge = await startSimplefinEmulator();
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
  await bridge?.close();
});
beforeEach(() => bridge.clearScenarios());

async function connected(): Promise<{ c: Caller; id: string; accounts: Record<string, any> }> {
  const c = newCaller(engine);
  const { id, connection } = await connect(c, bridge.mintToken());
  expect(connection.status).toBe('SUCCESS');
  return { c, id, accounts: await byName(c, id) };
}

describe('SimpleFIN: answers are bounded', () => {
  it('asks the first synchronization’s windows two at a time, never all at once', async () => {
    bridge.scenario('accounts_delay', { ms: 150 });
    const before = bridge.accountsCalls();
    await connected();
    expect(bridge.accountsCalls() - before).toBe(5);
    expect(bridge.maxAccountsAtOnce()).toBe(2);
  });

  it('a claim answer of 300 MB: read no further than 4 KB, AUTH_FAILED in words, nothing kept', async () => {
    bridge.scenario('huge_claim', { bytes: 300 * MB });
    const c = newCaller(engine);
    const { id, connection } = await connect(c, bridge.mintToken());
    expect(connection.status).toBe('AUTH_FAILED');
    expect(channelRow(engine, id).last_error).toMatch(/more than 4 KB, which is no access address.*create a new setup token/);
    expect(keptSecret(engine, id)).toEqual({});
  });

  it('an access URL of 5 MB is not kept as the channel’s secret', async () => {
    bridge.scenario('long_access_url', { bytes: 5 * MB });
    const c = newCaller(engine);
    const { id, connection } = await connect(c, bridge.mintToken());
    expect(connection.status).toBe('AUTH_FAILED');
    expect(JSON.stringify(keptSecret(engine, id) ?? {}).length).toBeLessThan(4096);
  });

  it('an accounts answer of 450 MB: given up past 64 MB, SERVICE_UNAVAILABLE in words, the data kept', async () => {
    const { c, id, accounts } = await connected();
    bridge.scenario('huge_accounts', { bytes: 450 * MB });
    const after = await sync(c, id);
    expect(after.status).toBe('SERVICE_UNAVAILABLE');
    expect(channelRow(engine, id).last_error).toMatch(/larger than 64 MB.*imported nothing/);
    const now = await byName(c, id);
    for (const a of Object.values(accounts)) expect(now[a.name].balance).toBe(a.balance);
  });
});

describe('SimpleFIN: unusable answers are the Bridge’s trouble, never an empty bank', () => {
  for (const body of ['{}', '{"accounts":"x"}', '{"errlist":[],"accounts":[1,"two",null]}', '[]']) {
    it(`${body} → SERVICE_UNAVAILABLE, no account NOT_FOUND, every balance kept`, async () => {
      const { c, id, accounts } = await connected();
      bridge.scenario('raw_accounts', { body });
      expect((await sync(c, id)).status).toBe('SERVICE_UNAVAILABLE');
      expect(channelRow(engine, id).last_error).toMatch(/unusable/);
      const now = await byName(c, id);
      for (const a of Object.values(accounts)) {
        expect(now[a.name].status).not.toBe('NOT_FOUND');
        expect(now[a.name].balance).toBe(a.balance);
      }
    });
  }
});

describe('SimpleFIN: one unreadable account never sinks the others', () => {
  it('an imported account sent without a usable balance: ERROR and left as it was, the others updated', async () => {
    const { c, id, accounts } = await connected();
    bridge.scenario('unreadable_balance', { account_id: 'ACT-ftb-savings' });
    expect((await sync(c, id)).status).toBe('PARTIAL_SUCCESS');
    const now = await byName(c, id);
    const savings = accounts['First Test Bank · FTB Savings'];
    expect(now[savings.name]).toMatchObject({ status: 'ERROR', balance: savings.balance });
    expect(now['First Test Bank · FTB Checking'].status).toBe('ACTIVE');
    expect(now['Test Card Co · TCC Visa Card'].status).toBe('ACTIVE');
    bridge.clearScenarios();
    expect((await sync(c, id)).status).toBe('SUCCESS');
    expect((await byName(c, id))[savings.name].status).toBe('ACTIVE');
  });

  it('a new account without a usable balance is not created with an invented one; the others import', async () => {
    bridge.scenario('unreadable_balance', { account_id: 'ACT-ftb-savings' });
    const c = newCaller(engine);
    const { id, connection } = await connect(c, bridge.mintToken());
    expect(connection.status).toBe('SUCCESS');
    expect(Object.keys(await byName(c, id)).sort()).toEqual(['First Test Bank · FTB Checking', 'Test Card Co · TCC Visa Card']);
  });
});

describe('SimpleFIN: amounts with more decimals than their currency', () => {
  it('keeps the rows, rounded half to even as the currency says, with the amount as sent; the rest imports', async () => {
    bridge.scenario('sub_unit_amounts');
    const { c, id, accounts } = await connected();
    expect(channelRow(engine, id).last_error).toBeNull();
    const checking = accounts['First Test Bank · FTB Checking'];
    expect(checking.status).toBe('ACTIVE');
    const rows = await transactionsOf(c, checking.id);
    const interest = rows.find((t) => t.label === 'INTEREST ADJUSTMENT');
    expect(interest).toMatchObject({ amount: 0.12 });
    expect(interest.remittance_information).toContain('Amount sent by the bank: 0.125 USD');
    expect(rows.find((t) => t.label === 'NOT AN AMOUNT')).toBeUndefined();
    expect(rows.filter((t) => t.label === 'Acme Corp').length).toBeGreaterThan(20);
    expect(accounts['Test Card Co · TCC Visa Card']).toMatchObject({ status: 'ACTIVE', balance: -123.46 });
    const yen = accounts['First Test Bank · FTB Yen Wallet'];
    expect(yen).toMatchObject({ status: 'ACTIVE', currency: 'JPY', balance: 15000 });
    const yenRows = await transactionsOf(c, yen.id);
    expect(yenRows.map((t) => t.amount).sort((a, b) => a - b)).toEqual([-1200, -352, -350]);
  });
});
