/**
 * Two engines in one process share nothing: each has its own event emitter, webhooks, connectors, sync
 * service and consent-link key. A synchronization of engine A is heard, queued and delivered by A only.
 * (Each engine keeps its secrets in its own in-memory store, so this runs with or without a keychain.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../../src/main/engine/events/engine-events';
import type { SecretStore } from '../../../src/main/engine/secrets/secret-store';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { connectEmbedded, newCaller, subscribe, waitSettled } from '../sync/sync-helpers';
import { startReceiver, waitFor, type Receiver } from './events-helpers';

function memorySecrets(): SecretStore {
  const values = new Map<string, string>();
  return {
    assertAvailable() {},
    isAvailable: () => true,
    get: (name) => values.get(name) ?? null,
    set: (name, value) => void values.set(name, value),
    delete: (name) => void values.delete(name),
  };
}

describe('two engines in one process', () => {
  let a: TestEngine;
  let b: TestEngine;
  const heard = { a: [] as PublishedEvent[], b: [] as PublishedEvent[] };
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    a = await startTestEngine({ secrets: memorySecrets() });
    b = await startTestEngine({ secrets: memorySecrets() });
    a.ctx.events.on((e) => void heard.a.push(e));
    b.ctx.events.on((e) => void heard.b.push(e));
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    for (const r of receivers) await r.close();
  });

  it("a synchronization of one engine never reaches the other's listeners, queues, webhook or sync service", async () => {
    const [hookA, hookB] = [await startReceiver(), await startReceiver()];
    receivers.push(hookA, hookB);
    a.ctx.webhooks.config.set(hookA.url, 'whsec_a');
    b.ctx.webhooks.config.set(hookB.url, 'whsec_b');
    const callerA = newCaller(a);
    const callerB = newCaller(b);
    const readA = await subscribe(callerA);
    const readB = await subscribe(callerB);

    const id = await connectEmbedded(callerA, 'user_ok');
    expect((await waitSettled(callerA, id)).status).toBe('SUCCESS');
    await waitFor(() => hookA.requests.length > 0, 10_000, "engine A's webhook delivery");
    await a.ctx.webhooks.dispatcher.idle();
    await b.ctx.webhooks.dispatcher.idle();

    const typesA = heard.a.map((e) => e.eventType);
    expect(typesA).toContain('RUNNING');
    expect(typesA).toContain('SUCCESS');
    expect(heard.a.every((e) => e.connectionId === Number(id))).toBe(true);
    expect(heard.b).toEqual([]);
    expect((await readA()).map((e: { event_type: string }) => e.event_type)).toContain('SUCCESS');
    expect(await readB()).toEqual([]);
    expect(hookA.requests).toHaveLength(1);
    expect(hookB.requests).toHaveLength(0);
    expect(b.ctx.db.prepare('SELECT count(*) FROM webhook_deliveries').pluck().get()).toBe(0);
    expect(b.ctx.db.prepare('SELECT count(*) FROM sync_runs').pluck().get()).toBe(0);
    expect(b.ctx.services.sync.isRunning(Number(id))).toBe(false);
    expect(b.ctx.services.sync).not.toBe(a.ctx.services.sync);
  });

  it('each engine has its own connector instances and consent-link key', () => {
    expect(a.ctx.connectors.get('9000')).toBeDefined();
    expect(a.ctx.connectors.get('9000')).not.toBe(b.ctx.connectors.get('9000'));
    expect(a.ctx.connectors.get('9500')).not.toBe(b.ctx.connectors.get('9500'));
    const link = {
      providerId: '9000',
      channelDefinitionId: '900001',
      redirectUri: 'http://127.0.0.1:1/cb',
      state: 's',
      expires: a.ctx.now() + 60,
    };
    const sig = a.ctx.consentLinks.sign(link);
    expect(a.ctx.consentLinks.verify(link, sig, a.ctx.now())).toBe('ok');
    expect(b.ctx.consentLinks.verify(link, sig, b.ctx.now())).toBe('invalid');
  });
});
