import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryEntry } from '../../../src/main/engine/webhooks/delivery-log';
import { WebhookDispatcher } from '../../../src/main/engine/webhooks/dispatcher';
import { verifySignature } from '../../../src/main/engine/webhooks/signature';
import { startReceiver, waitFor, type Receiver } from '../../http/events/events-helpers';

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

function dispatcher(options: Partial<{ concurrency: number; maxQueued: number; timeoutMs: number }> = {}) {
  const log: DeliveryEntry[] = [];
  const warnings: string[] = [];
  const d = new WebhookDispatcher({
    concurrency: 2,
    maxQueued: 10,
    timeoutMs: 5000,
    ...options,
    now: () => Math.floor(Date.now() / 1000),
    record: (e) => log.push(e),
    warn: (m) => warnings.push(m),
  });
  return { d, log, warnings };
}

const job = (url: string, n: number) => ({
  eventId: String(n),
  userId: 1,
  connectionId: 2,
  url,
  secret: 'whsec_test-secret-0000',
  body: `{"n":${n}}`,
});

describe('webhook dispatcher (real loopback receivers)', () => {
  it('POSTs the JSON body with its signature and logs delivered with the status', async () => {
    const r = await startReceiver('ok');
    receivers.push(r);
    const { d, log } = dispatcher();
    expect(d.enqueue(job(r.url, 1))).toBe(true);
    await d.idle();
    expect(r.requests).toHaveLength(1);
    const req = r.requests[0];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toBe('{"n":1}');
    expect(
      verifySignature(
        'whsec_test-secret-0000',
        req.headers['x-coffer-signature'] as string,
        req.body,
        Math.floor(Date.now() / 1000),
      ).ok,
    ).toBe(true);
    expect(log).toEqual([expect.objectContaining({ eventId: '1', outcome: 'delivered', statusCode: 200, url: r.url })]);
    await d.close();
  });

  it('logs http_error for a non-2xx answer and network_error when nothing listens (no retry)', async () => {
    const r = await startReceiver('error');
    receivers.push(r);
    const dead = await startReceiver('ok');
    await dead.close();
    const { d, log } = dispatcher();
    d.enqueue(job(r.url, 1));
    d.enqueue(job(dead.url, 2));
    await d.idle();
    expect(r.requests).toHaveLength(1);
    expect(log.find((e) => e.eventId === '1')).toMatchObject({ outcome: 'http_error', statusCode: 500 });
    expect(log.find((e) => e.eventId === '2')).toMatchObject({ outcome: 'network_error' });
    await d.close();
  });

  it('gives up after the timeout on a receiver that never answers, and keeps at most `concurrency` in flight', async () => {
    const r = await startReceiver('hang');
    receivers.push(r);
    const { d, log } = dispatcher({ concurrency: 2, timeoutMs: 300 });
    for (let i = 1; i <= 4; i++) d.enqueue(job(r.url, i));
    await waitFor(() => r.requests.length >= 2 || undefined);
    await new Promise((res) => setTimeout(res, 100));
    expect(r.requests).toHaveLength(2); // two in flight, two waiting
    expect(log).toEqual([]);
    // The third delivery reaches the receiver only once one of the first two has given up.
    await waitFor(() => r.requests.length >= 3 || undefined);
    expect(log.filter((e) => e.outcome === 'timeout').length).toBeGreaterThanOrEqual(1);
    await d.idle();
    expect(r.requests).toHaveLength(4);
    expect(log.map((e) => e.outcome)).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);
    // The logged figure is the time the dispatcher waited, so never less than its time-out.
    for (const e of log) expect(e.durationMs).toBeGreaterThanOrEqual(290);
    await d.close();
  });

  it('drops (and logs) what does not fit in the bounded queue; enqueue never waits', async () => {
    const r = await startReceiver('hang');
    receivers.push(r);
    const { d, log, warnings } = dispatcher({ concurrency: 1, maxQueued: 3, timeoutMs: 200 });
    // enqueue answers synchronously (a boolean, not a promise): it never waits for a delivery.
    const accepted = [1, 2, 3, 4, 5, 6].map((n) => d.enqueue(job(r.url, n)));
    // One starts at once, three wait, two are dropped.
    expect(accepted).toEqual([true, true, true, true, false, false]);
    expect(log.filter((e) => e.outcome === 'dropped').map((e) => e.eventId)).toEqual(['5', '6']);
    expect(warnings.length).toBe(2);
    await d.idle();
    expect(log.filter((e) => e.outcome === 'timeout')).toHaveLength(4);
    await d.close();
  });

  it('close() aborts what runs and drops what waits, logging each', async () => {
    const r = await startReceiver('hang');
    receivers.push(r);
    const { d, log } = dispatcher({ concurrency: 1, timeoutMs: 10_000 });
    d.enqueue(job(r.url, 1));
    d.enqueue(job(r.url, 2));
    await waitFor(() => r.requests.length >= 1 || undefined);
    await d.close();
    // Aborted, not waited for: the 10 s time-out would have logged 'timeout'.
    expect(log.map((e) => [e.eventId, e.outcome]).sort()).toEqual([
      ['1', 'network_error'],
      ['2', 'dropped'],
    ]);
    expect(d.enqueue(job(r.url, 3))).toBe(false);
  });
});
