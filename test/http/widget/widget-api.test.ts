/**
 * What the widget pages call beside the public API: the pending challenge of a connection (user_input opened
 * on its own) and the per-account consent change (manage_accounts). Real synchronizations of the Test Bank,
 * so the OS keychain is needed (run under the private gnome-keyring session, as `npm test` does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { connectEmbedded, settled, waitStatus, WIDGET_SCOPES } from './widget-helpers';

const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

let engine: TestEngine;
beforeAll(async () => {
  if (hasKeychain) engine = await startTestEngine();
});
afterAll(async () => engine?.stop());

const caller = () => {
  const userId = engine.createUser();
  return { userId, token: engine.userToken(userId, WIDGET_SCOPES as any) };
};

const accountsOf = async (token: string, connectionId: string): Promise<any[]> =>
  (await (await engine.http(`/v2/accounts?connection_id=${connectionId}`, { token })).json()) as any[];

describe.skipIf(!hasKeychain)('GET {widget_url}/widget/api/connections/{id}/challenge', () => {
  it('gives the pending challenge with labels in the asked language, then 404 once answered', async () => {
    const { token } = caller();
    const id = await connectEmbedded(engine, token, 'user_challenge');
    await waitStatus(engine, token, id, (s) => s === 'CHALLENGE_REQUIRED');

    const fr = await engine.http(`/embed/widget/api/connections/${id}/challenge?lng=fr`, { token });
    expect(fr.status).toBe(200);
    const body = (await fr.json()) as any;
    expect(body).toEqual({
      channel_definition_id: '900000',
      challenge_required: {
        fields: [{ id: 'sms_code', label: 'Code reçu par SMS', type: 'TEXT', encrypt: false, regexp: '^\\d{6}$' }],
        message: expect.any(String),
        expires: expect.any(Number),
      },
    });
    const en = (await (
      await engine.http(`/embed/widget/api/connections/${id}/challenge`, {
        token,
        headers: { 'accept-language': 'en' },
      })
    ).json()) as any;
    expect(en.challenge_required.fields[0].label).toBe('Code received by SMS');

    // Another user sees nothing.
    const other = caller();
    expect((await engine.http(`/embed/widget/api/connections/${id}/challenge`, { token: other.token })).status).toBe(
      404,
    );

    const answer = await engine.http(`/v2/connections/${id}/user_input`, {
      method: 'POST',
      token,
      json: { credentials: [{ id: 'sms_code', value: '123456' }] },
    });
    expect(answer.status).toBe(204);
    expect((await waitStatus(engine, token, id, settled)).status).toBe('SUCCESS');
    expect((await engine.http(`/embed/widget/api/connections/${id}/challenge`, { token })).status).toBe(404);
  });

  it('tells attempts_left when the bank said it, also for a question asked again after a wrong code', async () => {
    const { token } = caller();
    const id = await connectEmbedded(engine, token, 'user_challenge_retry');
    await waitStatus(engine, token, id, (s) => s === 'CHALLENGE_REQUIRED');
    const pending = async () =>
      ((await (await engine.http(`/embed/widget/api/connections/${id}/challenge`, { token })).json()) as any)
        .challenge_required;
    expect((await pending()).attempts_left).toBe(3);
    const wrong = await engine.http(`/v2/connections/${id}/user_input`, {
      method: 'POST',
      token,
      json: { credentials: [{ id: 'sms_code', value: '000000' }] },
    });
    expect(wrong.status).toBe(204);
    await waitStatus(engine, token, id, (s) => s === 'CHALLENGE_REQUIRED');
    const again = await pending();
    expect(again.attempts_left).toBe(2);
    expect(again.message).toMatch(/2 attempts left/);
    await engine.http(`/v2/connections/${id}/user_input`, { method: 'POST', token, json: { cancel: true } });
    expect((await waitStatus(engine, token, id, settled)).status).toBe('CHALLENGE_CANCELLED');
  });

  it('needs a user token with connections_sync or connections_manage', async () => {
    const userId = engine.createUser();
    const res = await engine.http('/embed/widget/api/connections/1/challenge', {
      token: engine.userToken(userId, ['accounts_read']),
    });
    expect(res.status).toBe(403);
    expect((await engine.http('/embed/widget/api/connections/1/challenge')).status).toBe(401);
  });
});

describe.skipIf(!hasKeychain)('POST {widget_url}/widget/api/connections/{id}/consent', () => {
  it('grants consent to PENDING_CONSENT accounts (which then synchronize) and withdraws it from others', async () => {
    const { token } = caller();
    const id = await connectEmbedded(engine, token, 'user_ok', { consent_per_account: true });
    await waitStatus(engine, token, id, settled);
    const pending = await accountsOf(token, id);
    expect(pending.length).toBe(4);
    expect(pending.every((a) => a.status === 'PENDING_CONSENT')).toBe(true);

    const [first, second] = pending;
    const granted = await engine.http(`/embed/widget/api/connections/${id}/consent`, {
      method: 'POST',
      token,
      json: { grant: [first.id, second.id] },
    });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ granted: [first.id, second.id], withdrawn: [] });
    await waitStatus(engine, token, id, settled);
    const after = await accountsOf(token, id);
    expect(
      after
        .filter((a) => a.status === 'ACTIVE')
        .map((a) => a.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    // Consent granted ⇒ synchronized: the account now has transactions.
    const txs = (await (
      await engine.http(`/v2/transactions?account_id=${first.id}&limit=1`, { token })
    ).json()) as any[];
    expect(txs.length).toBe(1);

    const withdrawn = await engine.http(`/embed/widget/api/connections/${id}/consent`, {
      method: 'POST',
      token,
      json: { withdraw: [first.id], grant: [] },
    });
    expect(await withdrawn.json()).toEqual({ granted: [], withdrawn: [first.id] });
    expect((await accountsOf(token, id)).find((a) => a.id === first.id).status).toBe('PENDING_CONSENT');
  });

  it('records the accounts not shared by choice (decline, withdraw) on every window, until consent is granted', async () => {
    const { token } = caller();
    const id = await connectEmbedded(engine, token, 'user_ok', { consent_per_account: true });
    await waitStatus(engine, token, id, settled);
    const [a, b, c, d] = await accountsOf(token, id);
    const post = (json: unknown) =>
      engine.http(`/embed/widget/api/connections/${id}/consent`, { method: 'POST', token, json });
    const declined = async () =>
      (await accountsOf(token, id))
        .filter((x) => x.consent_declined === true)
        .map((x) => x.id)
        .sort();
    // Never asked: no account carries the field.
    expect(await declined()).toEqual([]);
    // First save of the consent screen: a and b shared, c and d left unticked.
    const first = await post({ grant: [a.id, b.id], decline: [c.id, d.id] });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ granted: [a.id, b.id], withdrawn: [] });
    await waitStatus(engine, token, id, settled);
    expect(await declined()).toEqual([c.id, d.id].sort());
    const record = (await accountsOf(token, id)).find((x) => x.id === c.id);
    expect(record).toMatchObject({ status: 'PENDING_CONSENT', consent_declined: true });
    // A withdrawal is a decision too; a grant clears it.
    expect((await post({ withdraw: [a.id], grant: [c.id] })).status).toBe(200);
    await waitStatus(engine, token, id, settled);
    expect(await declined()).toEqual([a.id, d.id].sort());
    expect((await accountsOf(token, id)).find((x) => x.id === c.id).status).toBe('ACTIVE');
    // A decline of a shared account changes nothing (withdraw is the way to stop sharing it).
    expect((await post({ decline: [b.id] })).status).toBe(200);
    expect(await declined()).toEqual([a.id, d.id].sort());
    // Still one user's: another user's account in decline answers 404 and nothing is recorded.
    const other = caller();
    const res = await engine.http(`/embed/widget/api/connections/${id}/consent`, {
      method: 'POST',
      token: other.token,
      json: { decline: [b.id] },
    });
    expect(res.status).toBe(404);
  });

  it('rejects empty, contradictory or foreign requests', async () => {
    const { token } = caller();
    const id = await connectEmbedded(engine, token, 'user_ok', { consent_per_account: true });
    await waitStatus(engine, token, id, settled);
    const [a] = await accountsOf(token, id);
    const post = (json: unknown, t = token, connection = id) =>
      engine.http(`/embed/widget/api/connections/${connection}/consent`, { method: 'POST', token: t, json });
    expect((await post({})).status).toBe(400);
    expect((await post({ grant: [a.id], withdraw: [a.id] })).status).toBe(400);
    expect((await post({ grant: [a.id], decline: [a.id] })).status).toBe(400);
    expect((await post({ decline: ['999999'] })).status).toBe(404);
    expect((await post({ grant: ['999999'] })).status).toBe(404);
    const other = caller();
    expect((await post({ grant: [a.id] }, other.token)).status).toBe(404);
    const readOnly = engine.userToken(engine.createUser(), ['accounts_read']);
    expect((await post({ grant: [a.id] }, readOnly)).status).toBe(403);
  });
});
