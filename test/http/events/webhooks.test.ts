import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../../src/main/engine/webhooks/signature';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, connectEmbedded, getJson, newCaller, waitSettled } from '../sync/sync-helpers';
import { startReceiver, waitFor, type Receiver } from './events-helpers';

// Webhook secrets and bank credentials live only in the OS keychain: these run where one is (npm test).
const hasKeychain = process.env.COFFER_TEST_KEYCHAIN === '1';

describe.skipIf(!hasKeychain)('webhooks (see docs/api/events.md#webhook) with real loopback receivers', () => {
  let engine: TestEngine;
  let admin: string;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    engine = await startTestEngine();
    admin = engine.clientToken(['admin']);
  });
  afterEach(async () => {
    await engine.http('/v2/admin/webhook', { method: 'DELETE', token: admin });
    await engine.http('/v2/admin/settings', { method: 'PUT', token: admin, json: { webhook_accounts_threshold: 100 } });
    for (const r of receivers.splice(0)) await r.close();
  });
  afterAll(async () => engine.stop());

  async function receiver(
    mode: 'ok' | 'error' | 'hang' = 'ok',
    secret?: string,
  ): Promise<{ r: Receiver; secret: string }> {
    const r = await startReceiver(mode);
    receivers.push(r);
    const res = await engine.http('/v2/admin/webhook', {
      method: 'PUT',
      token: admin,
      json: { url: r.url, ...(secret ? { secret } : {}) },
    });
    expect(res.status).toBe(200);
    return { r, secret: ((await res.json()) as { secret: string }).secret };
  }

  const deliveries = async () =>
    (await (await engine.http('/v2/admin/webhook/deliveries?limit=500', { token: admin })).json()) as Array<
      Record<string, any>
    >;

  describe('PUT/GET/DELETE /admin/webhook', () => {
    it('sets the URL with a random secret, shows it once, keeps it only in the keychain', async () => {
      expect((await engine.http('/v2/admin/webhook', { token: admin })).status).toBe(404);
      const res = await engine.http('/v2/admin/webhook', {
        method: 'PUT',
        token: admin,
        json: { url: 'http://127.0.0.1:9/hook' },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { url: string; secret: string };
      expect(body.url).toBe('http://127.0.0.1:9/hook');
      expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
      const shown = await engine.http('/v2/admin/webhook', { token: admin });
      expect(await shown.json()).toEqual({ url: 'http://127.0.0.1:9/hook', secret_set: true });
      const dump = JSON.stringify(engine.ctx.db.prepare('SELECT * FROM settings').all());
      expect(dump).not.toContain(body.secret);
      const again = (await (
        await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json: { url: 'http://localhost:9/x' } })
      ).json()) as { secret: string };
      expect(again.secret).not.toBe(body.secret);
      expect((await engine.http('/v2/admin/webhook', { method: 'DELETE', token: admin })).status).toBe(204);
      expect((await engine.http('/v2/admin/webhook', { token: admin })).status).toBe(404);
      expect((await engine.http('/v2/admin/webhook', { method: 'DELETE', token: admin })).status).toBe(204);
    });

    it('keeps a secret given by the caller', async () => {
      const secret = 'my-own-webhook-secret-1234';
      const res = await engine.http('/v2/admin/webhook', {
        method: 'PUT',
        token: admin,
        json: { url: 'http://[::1]:9/h', secret },
      });
      expect(await res.json()).toEqual({ url: 'http://[::1]:9/h', secret });
    });

    it.each([
      [{ url: 'https://example.com/hook' }, /this machine/],
      [{ url: 'http://192.168.1.10/hook' }, /this machine/],
      [{ url: 'ftp://127.0.0.1/hook' }, /http/],
      [{ url: 'nonsense' }, /absolute URL/],
      [{ url: 5 }, /url/],
      [{}, /url/],
      [{ url: 'http://127.0.0.1/h', secret: 'short' }, /secret/],
      [{ url: 'http://127.0.0.1/h', secret: 1234567890123456 }, /secret/],
    ])('refuses %j with 400 and keeps the previous webhook', async (json, reason) => {
      await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json: { url: 'http://127.0.0.1:9/kept' } });
      const res = await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe('invalid_request');
      expect(body.error_description).toMatch(reason);
      expect(await (await engine.http('/v2/admin/webhook', { token: admin })).json()).toMatchObject({
        url: 'http://127.0.0.1:9/kept',
      });
    });

    it('is for admin client tokens only', async () => {
      const user = engine.createUser();
      const userToken = engine.userToken(user, ['connections_manage', 'profile_edit']);
      for (const [method, path] of [
        ['GET', '/v2/admin/webhook'],
        ['PUT', '/v2/admin/webhook'],
        ['DELETE', '/v2/admin/webhook'],
        ['GET', '/v2/admin/webhook/deliveries'],
      ]) {
        const json = method === 'PUT' ? { url: 'http://127.0.0.1:9/' } : undefined;
        expect((await engine.http(path, { method, json })).status).toBe(401);
        expect((await engine.http(path, { method, json, token: userToken })).status).toBe(403);
        expect((await engine.http(path, { method, json, token: engine.clientToken(['users_create']) })).status).toBe(
          403,
        );
      }
    });
  });

  describe('deliveries', () => {
    it('POSTs one signed UPDATED event per finished channel, with the connection, its accounts and new_transactions', async () => {
      const { r, secret } = await receiver('ok');
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_ok');
      const connection = await waitSettled(c, id);
      expect(connection.status).toBe('SUCCESS');
      await waitFor(() => r.requests.length >= 1 || undefined, 10_000, 'a webhook delivery');
      const req = r.requests[0];
      expect(req.method).toBe('POST');
      expect(req.headers['content-type']).toBe('application/json');
      const check = verifySignature(
        secret,
        req.headers['x-coffer-signature'] as string,
        req.body,
        Math.floor(Date.now() / 1000),
        60,
      );
      expect(check.ok).toBe(true);
      const event = JSON.parse(req.body);
      expect(event).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        event_type: 'UPDATED',
        resource_type: 'CONNECTIONS',
        creation_date: expect.any(Number),
        channel_definition_id: '900000',
        connection_updated: { new_transactions: true },
      });
      expect(event.resource).toMatchObject({
        id,
        user_id: String(c.userId),
        provider_id: '9000',
        status: 'SUCCESS',
        account_count: 4,
      });
      const accounts = await accountsOf(c, id);
      expect(event.resource.accounts.map((a: any) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
      expect(event.resource.accounts[0]).toMatchObject({ connection_id: id, last_channel_definition_id: '900000' });
      // One event per finished channel: the connection has one channel here.
      await new Promise((res) => setTimeout(res, 200));
      expect(r.requests).toHaveLength(1);
      const log = await deliveries();
      expect(log.find((d) => d.event_id === event.id)).toMatchObject({
        outcome: 'delivered',
        status_code: 200,
        url: r.url,
        user_id: String(c.userId),
        connection_id: id,
      });
    });

    it('empties accounts above the webhook_accounts_threshold setting (account_count still says how many)', async () => {
      const { r } = await receiver('ok');
      await engine.http('/v2/admin/settings', { method: 'PUT', token: admin, json: { webhook_accounts_threshold: 3 } });
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_ok');
      await waitSettled(c, id);
      await waitFor(() => r.requests.length >= 1 || undefined, 10_000, 'a webhook delivery');
      const event = JSON.parse(r.requests[0].body);
      expect(event.resource.account_count).toBe(4);
      expect(event.resource.accounts).toEqual([]);
    });

    it('user_many: 150 accounts with the default threshold → empty accounts, account_count 150', async () => {
      const { r } = await receiver('ok');
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_many');
      await waitSettled(c, id, 60_000);
      await waitFor(() => r.requests.length >= 1 || undefined, 10_000, 'a webhook delivery');
      const event = JSON.parse(r.requests[0].body);
      expect(event.resource.account_count).toBe(150);
      expect(event.resource.accounts).toEqual([]);
    });

    it('a failed channel is delivered too (its final status in resource.status, no new transactions)', async () => {
      const { r } = await receiver('ok');
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_ok', { password: 'wrong' });
      expect((await waitSettled(c, id)).status).toBe('AUTH_FAILED');
      await waitFor(() => r.requests.length >= 1 || undefined, 10_000, 'a webhook delivery');
      const event = JSON.parse(r.requests[0].body);
      expect(event.resource.status).toBe('AUTH_FAILED');
      expect(event.connection_updated).toEqual({ new_transactions: false });
    });

    it('logs a receiver error (no retry) and a receiver that never answers (timeout after 5 s); synchronization is not held up', async () => {
      const { r: failing } = await receiver('error');
      const c = newCaller(engine);
      const first = await connectEmbedded(c, 'user_ok');
      await waitSettled(c, first);
      await waitFor(() => failing.requests.length >= 1 || undefined, 10_000, 'a webhook delivery');
      await engine.ctx.webhooks.dispatcher.idle();
      await new Promise((res) => setTimeout(res, 300));
      expect(failing.requests).toHaveLength(1);
      const logged = (await deliveries()).filter((d) => d.url === failing.url);
      expect(logged).toEqual([expect.objectContaining({ outcome: 'http_error', status_code: 500 })]);

      const { r: hanging } = await receiver('hang');
      const second = await connectEmbedded(c, 'user_ok');
      const settled = await waitSettled(c, second);
      expect(settled.status).toBe('SUCCESS');
      await waitFor(() => hanging.requests.length >= 1 || undefined, 10_000, 'a webhook delivery');
      // The synchronization ended while the receiver still held the delivery.
      expect((await deliveries()).filter((d) => d.url === hanging.url)).toEqual([]);
      // And another synchronization runs at full speed meanwhile.
      const third = await connectEmbedded(c, 'user_ok');
      expect((await waitSettled(c, third)).status).toBe('SUCCESS');
      await engine.ctx.webhooks.dispatcher.idle();
      const timedOut = (await deliveries()).filter((d) => d.url === hanging.url);
      expect(timedOut.length).toBe(2);
      for (const d of timedOut) {
        expect(d.outcome).toBe('timeout');
        // The logged figure is the time the engine waited, so never less than its 5 s time-out.
        expect(d.duration_ms).toBeGreaterThanOrEqual(4900);
      }
    }, 30_000);

    it('lists the delivery log with page/limit and X-Total-Count (400 on bad paging)', async () => {
      const all = await deliveries();
      expect(all.length).toBeGreaterThan(2);
      const res = await engine.http('/v2/admin/webhook/deliveries?page=2&limit=1', { token: admin });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(all.length));
      expect(await res.json()).toEqual([all[1]]);
      const newest = await engine.http('/v2/admin/webhook/deliveries?order=desc&limit=2', { token: admin });
      expect(await newest.json()).toEqual([all[all.length - 1], all[all.length - 2]]);
      for (const q of ['page=0', 'limit=501', 'limit=abc', 'order=up']) {
        expect((await engine.http(`/v2/admin/webhook/deliveries?${q}`, { token: admin })).status).toBe(400);
      }
    });

    it('sends nothing once the webhook is removed', async () => {
      const { r } = await receiver('ok');
      await engine.http('/v2/admin/webhook', { method: 'DELETE', token: admin });
      const c = newCaller(engine);
      const id = await connectEmbedded(c, 'user_ok');
      await waitSettled(c, id);
      await new Promise((res) => setTimeout(res, 300));
      expect(r.requests).toEqual([]);
      expect(await getJson(c, `/connections/${id}`)).toMatchObject({ status: 'SUCCESS' });
    });
  });
});
