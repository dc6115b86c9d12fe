import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { insertAccount, insertConnection } from '../../helpers/fixtures';

const LEGACY = '9100';
const EMB = '910000';
const RED = '910001';

let engine: TestEngine;
let admin: string;
beforeAll(async () => {
  engine = await startTestEngine();
  admin = engine.clientToken(['admin']);
});
afterAll(async () => engine.stop());

const rollout = (json: unknown, provider = LEGACY, token = admin) =>
  engine.http(`/v2/admin/providers/${provider}/rollout`, { method: 'POST', json, token });
const state = async (provider = LEGACY) =>
  (await engine.http(`/v2/admin/providers/${provider}/rollout`, { token: admin })).json() as Promise<any>;

function legacyConnection(
  userId: number,
  accounts: Array<{ type: 'CHECKINGS' | 'SAVINGS' | 'LOAN' | 'CREDIT_CARD'; status?: string }> = [],
) {
  const db = engine.ctx.db;
  const id = insertConnection(db, userId, {
    providerId: LEGACY,
    name: 'Legacy',
    channels: [{ id: EMB, status: 'SUCCESS' }],
  });
  const accountIds = accounts.map((a) =>
    insertAccount(db, userId, id, { type: a.type, status: a.status ?? 'ACTIVE', channelDefinitionId: EMB }),
  );
  return { id, accountIds };
}

async function connectionOf(userId: number, id: number) {
  const res = await engine.http(`/v2/connections/${id}`, { token: engine.userToken(userId, ['accounts_read']) });
  expect(res.status).toBe(200);
  return res.json() as Promise<any>;
}

const channelIds = (c: any) => c.channels.map((ch: any) => `${ch.channel_definition_id}:${ch.status}`).sort();
const accountStatus = (id: number) => engine.ctx.db.prepare('SELECT status FROM accounts WHERE id = ?').pluck().get(id);

describe('GET/POST /admin/providers/{id}/rollout (see docs/api/rollout.md#steps)', () => {
  it('starts with only the EMBEDDED definition covering the four types; the REDIRECT one is unavailable', async () => {
    const s = await state();
    expect(s).toEqual({
      provider_id: LEGACY,
      step: 0,
      embedded_channel_definition_id: EMB,
      redirect_channel_definition_id: RED,
      embedded_account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
      redirect_available_to_all: false,
      batches: [],
      member_count: 0,
      step1_skipped: false,
    });
    const user = engine.createUser();
    const provider = (await (
      await engine.http(`/v2/providers/${LEGACY}`, { token: engine.userToken(user, ['accounts_read']) })
    ).json()) as any;
    expect(provider.name).toBe('Coffer Legacy Bank');
    expect(provider.channel_definitions.find((d: any) => d.id === RED)).toMatchObject({
      mode: 'REDIRECT',
      unavailable: true,
    });
  });

  it('is for admin client tokens; 404 for an unknown provider; 400 for a provider with nothing to roll out', async () => {
    expect((await engine.http(`/v2/admin/providers/${LEGACY}/rollout`)).status).toBe(401);
    const user = engine.createUser();
    expect((await rollout({ step: 2 }, LEGACY, engine.userToken(user, ['connections_manage']))).status).toBe(403);
    expect((await rollout({ step: 2 }, LEGACY, engine.clientToken(['users_create']))).status).toBe(403);
    const unknown = await rollout({ step: 2 }, 'nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await engine.http('/v2/admin/providers/nope/rollout', { token: admin })).status).toBe(404);
    const testBank = await rollout({ step: 1, batch: 'all' }, '9000');
    expect(testBank.status).toBe(400);
    expect(((await testBank.json()) as any).error_description).toMatch(/already available/);
  });

  it.each([
    [{ step: 3 }, /step must be 1 or 2/],
    [{ step: '1', batch: 'all' }, /step must be 1 or 2/],
    [{ step: 1 }, /users .*or batch/],
    [{ step: 1, users: [] }, /non-empty/],
    [{ step: 1, users: Array.from({ length: 101 }, (_, i) => String(i + 1)) }, /at most 100/],
    [{ step: 1, users: ['abc'] }, /not a user id/],
    [{ step: 1, users: ['999999'] }, /unknown user ids: 999999/],
    [{ step: 1, users: ['1'], batch: 'all' }, /not both/],
    [{ step: 1, batch: 'random' }, /share/],
    [{ step: 1, batch: 'random', share: 0 }, /share/],
    [{ step: 1, batch: 'random', share: 1.5 }, /share/],
    [{ step: 1, batch: 'random', share: '0.5' }, /share/],
    [{ step: 1, batch: 'some' }, /batch/],
    [{ step: 2, batch: 'all' }, /cannot be batched/],
    [[1], /object/],
  ])('refuses %j with 400, changing nothing', async (body, reason) => {
    const before = await state();
    const res = await rollout(body);
    expect(res.status).toBe(400);
    const err = (await res.json()) as any;
    expect(err.error).toBe('invalid_request');
    expect(err.error_description).toMatch(reason);
    expect(await state()).toEqual(before);
  });

  it('runs step 1 batch by batch, then step 2 with the account transitions', async () => {
    const db = engine.ctx.db;
    const a = engine.createUser();
    const b = engine.createUser();
    const c = engine.createUser();
    const aConn = legacyConnection(a, [{ type: 'CHECKINGS' }, { type: 'SAVINGS' }]);
    const bConn = legacyConnection(b, [{ type: 'CHECKINGS' }, { type: 'CREDIT_CARD', status: 'ERROR' }]);
    const cConn = legacyConnection(c, [{ type: 'CHECKINGS', status: 'CLOSED' }, { type: 'LOAN' }]);
    const other = insertConnection(db, a, { providerId: '9000' });

    // First batch: named users. Their existing connections get an EMPTY REDIRECT channel and become members.
    let res = await rollout({ step: 1, users: [String(a)] });
    expect(res.status).toBe(200);
    let s = (await res.json()) as any;
    expect(s).toMatchObject({
      step: 1,
      member_count: 1,
      redirect_available_to_all: false,
      embedded_account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
    });
    expect(s.batches).toEqual([{ number: 1, kind: 'users', creation_date: expect.any(Number), users: [String(a)] }]);
    expect(channelIds(await connectionOf(a, aConn.id))).toEqual([`${EMB}:SUCCESS`, `${RED}:EMPTY`]);
    expect(channelIds(await connectionOf(b, bConn.id))).toEqual([`${EMB}:SUCCESS`]);
    expect(db.prepare('SELECT rollout_member FROM connections WHERE id = ?').pluck().get(aConn.id)).toBe(1);
    expect(db.prepare('SELECT rollout_member FROM connections WHERE id = ?').pluck().get(bConn.id)).toBe(0);
    expect((await connectionOf(a, other)).channels.map((ch: any) => ch.channel_definition_id)).toEqual(['900000']);
    expect(await state()).toEqual(s);

    // Named users only in the first batch; step 2 not before step 1 reached everyone.
    expect((await rollout({ step: 1, users: [String(b)] })).status).toBe(400);
    res = await rollout({ step: 2 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toMatch(/finish it/);

    // Random batches draw among the users not yet members.
    res = await rollout({ step: 1, batch: 'random', share: 0.5 });
    expect(res.status).toBe(200);
    s = await res.json();
    const drawn: string[] = s.batches[1].users;
    expect(s.batches[1]).toMatchObject({ number: 2, kind: 'random', share: 0.5 });
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn).not.toContain(String(a));
    expect(s.member_count).toBe(1 + drawn.length);
    for (const [user, conn] of [
      [b, bConn.id],
      [c, cConn.id],
    ]) {
      const hasRedirect = channelIds(await connectionOf(user, conn)).includes(`${RED}:EMPTY`);
      expect(hasRedirect).toBe(drawn.includes(String(user)));
    }
    expect((await rollout({ step: 1, batch: 'random', share: 0.2 })).status).toBe(200);
    expect((await rollout({ step: 1, batch: 'random', share: 0.2 })).status).toBe(200);
    res = await rollout({ step: 1, batch: 'random', share: 0.2 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toMatch(/at most 3 random batches/);

    // The last batch: everyone, new users too.
    res = await rollout({ step: 1, batch: 'all' });
    s = await res.json();
    expect(s).toMatchObject({ step: 1, redirect_available_to_all: true });
    expect(s.batches[4]).toMatchObject({ number: 5, kind: 'all', users: [] });
    for (const [user, conn] of [
      [b, bConn.id],
      [c, cConn.id],
    ]) {
      expect(channelIds(await connectionOf(user, conn))).toContain(`${RED}:EMPTY`);
    }
    const newcomer = engine.createUser();
    const provider = (await (
      await engine.http(`/v2/providers/${LEGACY}`, { token: engine.userToken(newcomer, ['accounts_read']) })
    ).json()) as any;
    expect(provider.channel_definitions.find((d: any) => d.id === RED).unavailable).toBe(false);
    expect((await rollout({ step: 1, batch: 'all' })).status).toBe(400);

    // Step 2: EMBEDDED loses CHECKINGS and CREDIT_CARD; existing connections follow the account table.
    res = await rollout({ step: 2 });
    expect(res.status).toBe(200);
    s = await res.json();
    expect(s).toMatchObject({
      step: 2,
      embedded_account_types: ['SAVINGS', 'LOAN'],
      step1_skipped: false,
      step2_date: expect.any(Number),
    });
    expect(accountStatus(aConn.accountIds[0])).toBe('UNAVAILABLE');
    expect(accountStatus(aConn.accountIds[1])).toBe('ACTIVE');
    const aAfter = await connectionOf(a, aConn.id);
    expect(aAfter.channels.find((ch: any) => ch.channel_definition_id === EMB)).toMatchObject({
      status: 'PARTIAL_SUCCESS',
      account_types: ['SAVINGS', 'LOAN'],
    });
    expect(aAfter.status).toBe('PARTIAL_SUCCESS');
    expect(bConn.accountIds.map(accountStatus)).toEqual(['UNAVAILABLE', 'UNAVAILABLE']);
    const bAfter = await connectionOf(b, bConn.id);
    expect(bAfter.channels.find((ch: any) => ch.channel_definition_id === EMB).status).toBe('FAILED');
    expect(bAfter.status).toBe('FAILED');
    // A CLOSED account is not ACTIVE or ERROR: nothing changes on that channel.
    expect(cConn.accountIds.map(accountStatus)).toEqual(['CLOSED', 'ACTIVE']);
    expect((await connectionOf(c, cConn.id)).status).toBe('SUCCESS');
    // The account list shows the new status.
    const listed = (await (
      await engine.http(`/v2/accounts?connection_id=${aConn.id}`, { token: engine.userToken(a, ['accounts_read']) })
    ).json()) as any[];
    expect(listed.find((x) => x.type === 'CHECKINGS').status).toBe('UNAVAILABLE');

    expect((await rollout({ step: 2 })).status).toBe(400);
    res = await rollout({ step: 1, batch: 'all' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error_description).toMatch(/step 1 is over/);
  });
});

describe('roll-out with step 1 skipped', () => {
  let second: TestEngine;
  beforeAll(async () => {
    second = await startTestEngine();
  });
  afterAll(async () => second.stop());

  it('step 2 straight from step 0 makes REDIRECT available to all; batching is then unavailable (400)', async () => {
    const token = second.clientToken(['admin']);
    const user = second.createUser();
    const conn = insertConnection(second.ctx.db, user, {
      providerId: LEGACY,
      channels: [{ id: EMB, status: 'SUCCESS' }],
    });
    const acc = insertAccount(second.ctx.db, user, conn, { type: 'CREDIT_CARD', channelDefinitionId: EMB });
    const res = await second.http(`/v2/admin/providers/${LEGACY}/rollout`, {
      method: 'POST',
      token,
      json: { step: 2 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      step: 2,
      step1_skipped: true,
      redirect_available_to_all: true,
      batches: [],
    });
    expect(second.ctx.db.prepare('SELECT status FROM accounts WHERE id = ?').pluck().get(acc)).toBe('UNAVAILABLE');
    expect(
      second.ctx.db
        .prepare('SELECT status FROM channels WHERE connection_id = ? AND channel_definition_id = ?')
        .pluck()
        .get(conn, RED),
    ).toBe('EMPTY');
    for (const json of [
      { step: 1, users: [String(user)] },
      { step: 1, batch: 'random', share: 0.5 },
    ]) {
      const refused = await second.http(`/v2/admin/providers/${LEGACY}/rollout`, { method: 'POST', token, json });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as any).error_description).toMatch(
        /step 1 was skipped for this provider: batching is unavailable/,
      );
    }
  });
});
