/**
 * SimpleFIN Bridge (see docs/api/simplefin.md) through the engine's HTTP API against the loopback Bridge emulator: the
 * setup token, the claim, the windows, the mapping, renewal, and bad input refused before anything is contacted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { startSimplefinEmulator, type SimplefinEmulator } from '../../../src/main/simplefin-emulator/server';
import { api, getJson, newCaller, transactionsOf } from '../sync/sync-helpers';
import { byName, channelOf, channelRow, connect, keptSecret, postToken, renew, sync } from './simplefin-helpers';

let engine: TestEngine;
let bridge: SimplefinEmulator;
const DAY = 86_400;

beforeAll(async () => {
  bridge = await startSimplefinEmulator();
  engine = await startTestEngine();
});
afterAll(async () => {
  await engine?.stop();
  await bridge?.close();
});
beforeEach(() => bridge.clearScenarios());

describe('SimpleFIN: bad setup tokens are 400 before anything is contacted', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const cases: Array<[string, () => string]> = [
    ['not base64', () => 'not a token at all!'],
    ['base64 of a text that is no URL', () => b64('hello there, bridge')],
    ['an http claim URL to a remote host', () => b64('http://bridge.simplefin.org/simplefin/claim/abc')],
    ['an ftp URL', () => b64('ftp://127.0.0.1/simplefin/claim/abc')],
  ];
  for (const [what, token] of cases) {
    it(what, async () => {
      const c = newCaller(engine);
      const before = bridge.requests.length;
      const res = await postToken(c, token());
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toMatch(/setup_token/);
      expect(bridge.requests.length).toBe(before);
      expect(await getJson(c, '/connections')).toEqual([]);
    });
  }
  it('a token sent in clear (not a JWE) is refused too', async () => {
    const c = newCaller(engine);
    const res = await api(c, '/connections', {
      method: 'POST',
      json: { provider_id: '9600', credentials: [{ id: 'setup_token', value: bridge.mintToken() }] },
    });
    expect(res.status).toBe(400);
  });
});

describe('SimpleFIN: connect', () => {
  it('claims once, keeps only the access URL in the keychain, reads 365 days in ≤ 90-day windows, maps accounts and rows', async () => {
    const c = newCaller(engine);
    const token = bridge.mintToken();
    const wrapped = token.replace(/=+$/, '').match(/.{1,16}/g)!.join('\n');
    const start = bridge.requests.length;
    const { id, connection } = await connect(c, wrapped);
    expect(connection.status).toBe('SUCCESS');
    expect(connection.provider_id).toBe('9600');
    const seen = bridge.requests.slice(start);
    expect(seen.filter((r) => r.path.startsWith('/simplefin/claim/'))).toHaveLength(1);
    const reads = seen.filter((r) => r.path === '/simplefin/accounts');
    expect(reads).toHaveLength(5);
    for (const r of reads) {
      expect(r.query).toMatchObject({ version: '2', pending: '1' });
      expect(Number(r.query['end-date']) - Number(r.query['start-date'])).toBeLessThanOrEqual(90 * DAY);
    }
    const starts = reads.map((r) => Number(r.query['start-date']));
    expect(Math.max(...reads.map((r) => Number(r.query['end-date']))) - Math.min(...starts)).toBeGreaterThanOrEqual(365 * DAY);

    const secret = keptSecret(engine, id)!;
    expect(Object.keys(secret)).toEqual(['access_url']);
    expect(bridge.issuedAccessUrls).toContain(secret.access_url);

    const accounts = await byName(c, id);
    expect(Object.keys(accounts).sort()).toEqual(['First Test Bank · FTB Checking', 'First Test Bank · FTB Savings', 'Test Card Co · TCC Visa Card']);
    expect(accounts['First Test Bank · FTB Checking']).toMatchObject({ type: 'CHECKINGS', currency: 'USD', balance: 2417.09, status: 'ACTIVE' });
    expect(accounts['First Test Bank · FTB Savings'].type).toBe('SAVINGS');
    expect(accounts['Test Card Co · TCC Visa Card']).toMatchObject({ type: 'CREDIT_CARD', balance: -512.4 });
    const card = await transactionsOf(c, accounts['Test Card Co · TCC Visa Card'].id);
    const dates = card.map((t) => t.date);
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(350 * DAY);
    const coffee = card.find((t) => t.label === 'Blue Bottle');
    expect(coffee.notes).toMatch(/^SQ \*BLUE BOTTLE/);
    expect(coffee.status).toBe('BOOKED');

    // A later synchronization: one request, from 14 days before the last success; nothing duplicated.
    const count = card.length;
    const lastSuccess = channelOf(connection).last_success_date;
    const before = bridge.accountsCalls();
    expect((await sync(c, id)).status).toBe('SUCCESS');
    expect(bridge.accountsCalls()).toBe(before + 1);
    const last = bridge.requests.filter((r) => r.path === '/simplefin/accounts').at(-1)!;
    expect(Number(last.query['start-date'])).toBe(lastSuccess - 14 * DAY);
    expect(await transactionsOf(c, accounts['Test Card Co · TCC Visa Card'].id)).toHaveLength(count);
  });

  it('v1-only bridges: the institution comes from `org`', async () => {
    bridge.scenario('v1_only');
    const c = newCaller(engine);
    const { id, connection } = await connect(c, bridge.mintToken());
    expect(connection.status).toBe('SUCCESS');
    expect(Object.keys(await byName(c, id))).toContain('Test Card Co · TCC Visa Card');
  });
});

describe('SimpleFIN: the claim', () => {
  it('a token already claimed: 403 → AUTH_FAILED, the token may be compromised, nothing kept', async () => {
    const c = newCaller(engine);
    const token = bridge.mintToken();
    const claimUrl = Buffer.from(token, 'base64').toString();
    expect((await fetch(claimUrl, { method: 'POST' })).status).toBe(200);
    const { id, connection } = await connect(c, token);
    expect(connection.status).toBe('AUTH_FAILED');
    expect(channelRow(engine, id).last_error).toMatch(/compromised/);
    expect(keptSecret(engine, id)).toEqual({});
    expect(await getJson(c, `/accounts?connection_id=${id}`)).toEqual([]);
  });

  it('a 200 claim answer that is not a URL ("Forbidden") → AUTH_FAILED', async () => {
    bridge.scenario('claim_forbidden_200');
    const c = newCaller(engine);
    const { id, connection } = await connect(c, bridge.mintToken());
    expect(connection.status).toBe('AUTH_FAILED');
    expect(keptSecret(engine, id)).toEqual({});
  });

  it('a claim answered 502: SERVICE_UNAVAILABLE, the token is kept to try again', async () => {
    bridge.scenario('claim_502');
    const c = newCaller(engine);
    const { id, connection } = await connect(c, bridge.mintToken());
    expect(connection.status).toBe('SERVICE_UNAVAILABLE');
    expect(Object.keys(keptSecret(engine, id)!)).toEqual(['setup_token']);
    bridge.clearScenarios();
    expect((await sync(c, id)).status).toBe('SUCCESS');
    expect(Object.keys(keptSecret(engine, id)!)).toEqual(['access_url']);
  });
});

describe('SimpleFIN: revoked access renewed with a new setup token', () => {
  it('403 → AUTH_FAILED with the data kept; PUT /credentials with a new token → SUCCESS, same accounts, nothing duplicated', async () => {
    const c = newCaller(engine);
    const { id } = await connect(c, bridge.mintToken());
    const accounts = await byName(c, id);
    const checking = accounts['First Test Bank · FTB Checking'];
    const rows = (await transactionsOf(c, checking.id)).length;
    bridge.revokeAllAccess();
    const failed = await sync(c, id);
    expect(failed.status).toBe('AUTH_FAILED');
    expect(channelRow(engine, id).last_error).toMatch(/revoked/);
    expect(await transactionsOf(c, checking.id)).toHaveLength(rows);
    expect((await byName(c, id))['First Test Bank · FTB Checking'].status).toBe('ERROR');

    const bad = await renew(c, id, Buffer.from('http://example.com/claim').toString('base64'));
    expect(bad.status).toBe(400);
    const res = await renew(c, id, bridge.mintToken());
    expect(res.status, await res.clone().text()).toBe(204);
    const { waitSettled } = await import('../sync/sync-helpers');
    const renewed = await waitSettled(c, id);
    expect(renewed.status).toBe('SUCCESS');
    const after = await byName(c, id);
    expect(Object.keys(after)).toHaveLength(3);
    expect(after['First Test Bank · FTB Checking'].id).toBe(checking.id);
    expect(after['First Test Bank · FTB Checking'].status).toBe('ACTIVE');
    expect(await transactionsOf(c, checking.id)).toHaveLength(rows);
  });
});
