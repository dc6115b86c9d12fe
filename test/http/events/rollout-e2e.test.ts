import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintConsentCode } from '../../../src/main/engine/connectors/testbank';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, api, encrypt, getJson, newCaller, waitSettled, type Caller } from '../sync/sync-helpers';

// Connections keep their credentials in the OS keychain: these run where one is (npm test).
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

const LEGACY = '9100';
const EMB = '910000';
const RED = '910001';

async function connectLegacy(c: Caller, login = 'user_ok'): Promise<string> {
  const { keyId, jwe } = await encrypt(c, 'pass_ok');
  const res = await api(c, '/connections', {
    method: 'POST',
    json: {
      provider_id: LEGACY,
      channel_definition_id: EMB,
      key_id: keyId,
      credentials: [
        { id: 'login', value: login },
        { id: 'password', value: jwe },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.headers.get('location')!.split('/').pop()!;
}

/** Adds the REDIRECT channel to a connection with a consent code of the simulated bank (what its consent page mints). */
const addRedirect = (c: Caller, id: string) =>
  api(c, `/connections/${id}/credentials`, {
    method: 'PUT',
    json: {
      channel_definition_id: RED,
      credentials: [
        { id: 'AUTHORIZATION_CODE', value: mintConsentCode({ login: 'user_ok' }) },
        { id: 'STATE', value: 'st-1' },
      ],
    },
  });

describe.skipIf(!hasKeychain)('REDIRECT roll-out with real synchronizations of the Coffer Legacy Bank', () => {
  let engine: TestEngine;
  let admin: string;
  beforeAll(async () => {
    engine = await startTestEngine();
    admin = engine.clientToken(['admin']);
  });
  afterAll(async () => engine.stop());

  const rollout = async (json: unknown) => {
    const res = await engine.http(`/v2/admin/providers/${LEGACY}/rollout`, { method: 'POST', token: admin, json });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<any>;
  };

  it('step 0 → 1 (batches) → 2, from the point of view of member and non-member users', async () => {
    const member = newCaller(engine);
    const outsider = newCaller(engine);

    // Step 0: EMBEDDED covers the four types.
    const memberConn = await connectLegacy(member);
    const outsiderConn = await connectLegacy(outsider);
    for (const [c, id] of [
      [member, memberConn],
      [outsider, outsiderConn],
    ] as const) {
      const connection = await waitSettled(c, id);
      expect(connection.status).toBe('SUCCESS');
      expect(connection.channels.map((ch: any) => ch.channel_definition_id)).toEqual([EMB]);
      const accounts = await accountsOf(c, id);
      expect(accounts.map((a) => a.type).sort()).toEqual(['CHECKINGS', 'CREDIT_CARD', 'LOAN', 'SAVINGS']);
      expect(new Set(accounts.map((a) => a.last_channel_definition_id))).toEqual(new Set([EMB]));
    }
    expect((await addRedirect(outsider, outsiderConn)).status).toBe(400);

    // Step 1, first batch: the member's connection gets the REDIRECT channel (EMPTY) and may use it.
    await rollout({ step: 1, users: [String(member.userId)] });
    expect(
      (await getJson(member, `/connections/${memberConn}`)).channels.find(
        (ch: any) => ch.channel_definition_id === RED,
      ),
    ).toMatchObject({
      status: 'EMPTY',
      mode: 'REDIRECT',
    });
    expect(
      (await getJson(outsider, `/connections/${outsiderConn}`)).channels.map((ch: any) => ch.channel_definition_id),
    ).toEqual([EMB]);
    const added = await addRedirect(member, memberConn);
    expect(added.status, await added.clone().text()).toBe(204);
    const both = await waitSettled(member, memberConn);
    expect(both.channels.find((ch: any) => ch.channel_definition_id === RED).status).toBe('SUCCESS');
    // PSD2 accounts relink to the REDIRECT channel (docs/api/records.md#channel-linking).
    const relinked = await accountsOf(member, memberConn);
    for (const a of relinked)
      expect(a.last_channel_definition_id).toBe(['CHECKINGS', 'CREDIT_CARD'].includes(a.type) ? RED : EMB);
    // Still not for the others.
    const refused = await addRedirect(outsider, outsiderConn);
    expect(refused.status).toBe(400);

    // Last batch: everyone.
    await rollout({ step: 1, batch: 'all' });
    expect(
      (await getJson(outsider, `/connections/${outsiderConn}`)).channels.find(
        (ch: any) => ch.channel_definition_id === RED,
      ).status,
    ).toBe('EMPTY');

    // Step 2: the outsider's PSD2 accounts (still on EMBEDDED) become UNAVAILABLE; the member's (on REDIRECT) stay.
    const s = await rollout({ step: 2 });
    expect(s.embedded_account_types).toEqual(['SAVINGS', 'LOAN']);
    const outsiderAccounts = await accountsOf(outsider, outsiderConn);
    for (const a of outsiderAccounts)
      expect(a.status).toBe(['CHECKINGS', 'CREDIT_CARD'].includes(a.type) ? 'UNAVAILABLE' : 'ACTIVE');
    const outsiderAfter = await getJson(outsider, `/connections/${outsiderConn}`);
    expect(outsiderAfter.channels.find((ch: any) => ch.channel_definition_id === EMB)).toMatchObject({
      status: 'PARTIAL_SUCCESS',
      account_types: ['SAVINGS', 'LOAN'],
    });
    expect(outsiderAfter.status).toBe('PARTIAL_SUCCESS');
    for (const a of await accountsOf(member, memberConn)) expect(a.status).toBe('ACTIVE');
    // A later synchronization of the EMBEDDED channel covers SAVINGS and LOAN only: the PSD2 accounts stay UNAVAILABLE.
    expect((await api(outsider, `/connections/${outsiderConn}/synchronize`, { method: 'POST' })).status).toBe(204);
    const resynced = await waitSettled(outsider, outsiderConn);
    expect(resynced.channels.find((ch: any) => ch.channel_definition_id === EMB).status).toBe('SUCCESS');
    for (const a of await accountsOf(outsider, outsiderConn))
      expect(a.status).toBe(['CHECKINGS', 'CREDIT_CARD'].includes(a.type) ? 'UNAVAILABLE' : 'ACTIVE');

    // A new connection gets CHECKINGS and CREDIT_CARD only through REDIRECT.
    const newcomer = newCaller(engine);
    const fresh = await connectLegacy(newcomer);
    expect((await api(newcomer, `/connections/${fresh}`)).status).toBe(200);
    const freshConn = await waitSettled(newcomer, fresh);
    expect(freshConn.status).toBe('SUCCESS');
    expect((await accountsOf(newcomer, fresh)).map((a) => a.type).sort()).toEqual(['LOAN', 'SAVINGS']);
    expect(freshConn.channels.find((ch: any) => ch.channel_definition_id === RED).status).toBe('EMPTY');
    // …and the provider's default channel definition is now the REDIRECT one (REDIRECT before EMBEDDED: see
    // docs/api/request-bodies.md#connections).
    const provider = await getJson(newcomer, `/providers/${LEGACY}`);
    expect(provider.channel_definitions.map((d: any) => [d.id, d.unavailable])).toEqual([
      [RED, false],
      [EMB, false],
    ]);
  }, 60_000);
});
