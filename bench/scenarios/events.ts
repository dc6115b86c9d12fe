/**
 * Events (see docs/api/events.md), in process against a real engine (real HTTP, real SQLite, real loopback sockets).
 *
 * 1. Webhooks never slow synchronization: the first synchronization of a test-bank `user_ok` connection
 *    (POST /connections → the channel's final event, heard on the event bus), with no webhook (baseline) and
 *    with a webhook whose receiver accepts the TCP connection and never answers (each delivery then holds a
 *    socket for the 5 s timeout). Runs alternate between the two modes; medians. Target: ratio ≤ 1.1.
 * 2. Queue fan-out: N events emitted for a user with 100 subscribed queues (emitEvent, one transaction each,
 *    as a synchronization does), then each of the 100 queues read to the end through GET /queues/{id}
 *    (500 per read, flush_from to acknowledge). Emit rate against the same emit with no queue (baseline:
 *    queues cost nothing at emit time), and events delivered per second over the 100 queues.
 *
 * The engine gets an in-memory secret store (the keychain is not what is measured here; npm run bench may
 * run without a Secret Service).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { emitEvent } from '../../src/main/engine/events/emit';
import { projectRoot } from '../../src/main/engine/paths';
import type { SecretStore } from '../../src/main/engine/secrets/secret-store';
import { median, type Report } from '../report';
import type { Scenario } from './index';

const SYNC_RUNS = 60;
const QUEUES = 100;
const EVENTS = 5000;

function memorySecrets(): SecretStore {
  const m = new Map<string, string>();
  return {
    assertAvailable: () => {},
    isAvailable: () => true,
    get: (n) => m.get(n) ?? null,
    set: (n, v) => void m.set(n, v),
    delete: (n) => void m.delete(n),
  };
}

function userWithToken(engine: RunningEngine, scopes: string): { userId: number; token: string } {
  const { db } = engine.ctx;
  const now = engine.ctx.now();
  const userId = Number(
    db
      .prepare(
        'INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES (?, ?, ?, 1000000)',
      )
      .run(`bench-events-${now}-${Math.random()}@example.com`, 'x', now).lastInsertRowid,
  );
  const token = newTokenValue('cat');
  db.prepare(
    "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)",
  ).run(hashToken(token), userId, scopes, now, now + 3600);
  return { userId, token };
}

/** A receiver that accepts connections and reads requests but never answers. */
async function silentReceiver(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((req) => {
    count++;
    req.resume();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests: () => count,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

async function syncOverhead(report: Report, engine: RunningEngine): Promise<void> {
  const base = engine.urls.base_url;
  const { token } = userWithToken(engine, 'accounts_read connections_manage connections_sync');
  const admin = newTokenValue('cct');
  engine.ctx.db
    .prepare(
      "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', NULL, 'admin', ?, ?)",
    )
    .run(hashToken(admin), engine.ctx.now(), engine.ctx.now() + 3600);
  const call = (path: string, init: { method?: string; json?: unknown; auth?: string } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${init.auth ?? token}`,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });

  // Channel-end events by connection id, heard in process the moment they are committed. (In one process
  // the synchronization may well end before the client has read the 201.)
  const endedAt = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const unsubscribe = engine.ctx.events.on((e) => {
    if (!e.channelRun || e.connectionId === null) return;
    const id = String(e.connectionId);
    endedAt.set(id, performance.now());
    waiting.get(id)?.(endedAt.get(id)!);
  });
  const endOf = (id: string) =>
    new Promise<number>((resolve) => (endedAt.has(id) ? resolve(endedAt.get(id)!) : waiting.set(id, resolve)));

  /** One first synchronization of user_ok: ms from POST /connections to its channel-end event. */
  const oneSync = async (): Promise<number> => {
    const keyRes = await call('/keys', { method: 'POST', json: {} });
    const keyId = keyRes.headers.get('location')!.split('/').pop()!;
    const key = (await (await call(`/keys/${keyId}`)).json()) as { jwk: Record<string, unknown> };
    const jwe = await new CompactEncrypt(new TextEncoder().encode('pass_ok'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keyId })
      .encrypt(await importJWK(key.jwk as never, 'RSA-OAEP-256'));
    const started = performance.now();
    const res = await call('/connections', {
      method: 'POST',
      json: {
        provider_id: '9000',
        channel_definition_id: '900000',
        key_id: keyId,
        credentials: [
          { id: 'login', value: 'user_ok' },
          { id: 'password', value: jwe },
        ],
      },
    });
    if (res.status !== 201) throw new Error(`POST /connections: ${res.status} ${await res.text()}`);
    const id = res.headers.get('location')!.split('/').pop()!;
    const at = await endOf(id);
    waiting.delete(id);
    return at - started;
  };

  const receiver = await silentReceiver();
  const setWebhook = async (on: boolean) => {
    const res = on
      ? await call('/admin/webhook', { method: 'PUT', auth: admin, json: { url: receiver.url } })
      : await call('/admin/webhook', { method: 'DELETE', auth: admin });
    if (res.status >= 300) throw new Error(`webhook setup: ${res.status} ${await res.text()}`);
  };

  try {
    await oneSync(); // warm-up (JIT, caches, the test bank's generator)
    const plain: number[] = [];
    const hanging: number[] = [];
    // Pairs run back to back, alternating which mode goes first: each pair sees the same machine load.
    for (let i = 0; i < SYNC_RUNS; i++) {
      for (const on of i % 2 ? [true, false] : [false, true]) {
        await setWebhook(on);
        (on ? hanging : plain).push(await oneSync());
      }
    }
    const base = median(plain);
    const withHook = median(hanging);
    const ratio = median(hanging.map((h, i) => h / plain[i]));
    report.row({
      scenario: 'events',
      metric: `user_ok first sync, webhook receiver that never answers (medians of ${SYNC_RUNS} pairs; ratio: median of pair ratios)`,
      value: withHook,
      unit: 'ms',
      baseline: base,
      ratio,
      target: 'ratio ≤ 1.1',
      pass: ratio <= 1.1,
    });
    report.row({
      scenario: 'events',
      metric: 'deliveries held by the silent receiver',
      value: receiver.requests(),
      unit: 'requests',
    });
  } finally {
    unsubscribe();
    await setWebhook(false);
    await receiver.close();
  }
}

async function queueFanOut(report: Report, engine: RunningEngine): Promise<void> {
  const { db } = engine.ctx;
  const emitFor = (userId: number, connectionId: number, count: number): number => {
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      emitEvent(engine.ctx, {
        userId,
        connectionId,
        eventType: i % 2 ? 'SUCCESS' : 'RUNNING',
        channelDefinitionId: '900000',
      });
    }
    return performance.now() - started;
  };
  const connectionOf = (userId: number) => {
    const id = Number(
      db
        .prepare(
          "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, '9000', 'Bench', 'SUCCESS', ?)",
        )
        .run(userId, engine.ctx.now()).lastInsertRowid,
    );
    db.prepare(
      "INSERT INTO channels (connection_id, channel_definition_id, mode, status) VALUES (?, '900000', 'EMBEDDED', 'SUCCESS')",
    ).run(id);
    return id;
  };

  // Baseline: the same emits for a user with no queue, interleaved in rounds (same machine load).
  const lonely = userWithToken(engine, 'connections_sync');
  const lonelyConnection = connectionOf(lonely.userId);
  const fan = userWithToken(engine, 'connections_sync');
  const fanConnection = connectionOf(fan.userId);
  const call = (path: string, method = 'GET') =>
    fetch(`${engine.urls.base_url}${path}`, { method, headers: { authorization: `Bearer ${fan.token}` } });
  const queues: string[] = [];
  for (let i = 0; i < QUEUES; i++)
    queues.push(((await (await call('/queues/subscribe', 'POST')).json()) as { id: string }).id);
  let baselineMs = 0;
  let emitMs = 0;
  const ROUNDS = 20;
  for (let r = 0; r < ROUNDS; r++) {
    baselineMs += emitFor(lonely.userId, lonelyConnection, EVENTS / ROUNDS);
    emitMs += emitFor(fan.userId, fanConnection, EVENTS / ROUNDS);
  }

  const readStarted = performance.now();
  let delivered = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, worker) => {
      for (let q = worker; q < queues.length; q += 8) {
        let flush = '';
        for (;;) {
          const res = await call(`/queues/${queues[q]}${flush}`);
          if (res.status === 204) break;
          const events = ((await res.json()) as { events: Array<{ id: string }> }).events;
          delivered += events.length;
          flush = `?flush_from=${Number(events[events.length - 1].id) + 1}`;
        }
      }
    }),
  );
  const readMs = performance.now() - readStarted;
  if (delivered !== EVENTS * QUEUES) throw new Error(`expected ${EVENTS * QUEUES} deliveries, got ${delivered}`);

  const emitRate = EVENTS / (emitMs / 1000);
  const baseRate = EVENTS / (baselineMs / 1000);
  report.row({
    scenario: 'events',
    metric: `emit with ${QUEUES} queues subscribed (${EVENTS} events, one transaction each)`,
    value: Math.round(emitRate),
    unit: 'events/s',
    baseline: Math.round(baseRate),
    ratio: emitRate / baseRate,
    target: 'ratio ≥ 0.8 (no per-queue copies)',
    pass: emitRate / baseRate >= 0.8,
  });
  report.row({
    scenario: 'events',
    metric: `events delivered over ${QUEUES} queues via GET /queues/{id} (8 readers)`,
    value: Math.round(delivered / (readMs / 1000)),
    unit: 'events/s',
  });
  report.row({
    scenario: 'events',
    metric: `emit + read, ${EVENTS} events × ${QUEUES} queues`,
    value: Math.round(delivered / ((emitMs + readMs) / 1000)),
    unit: 'deliveries/s',
  });
}

export const eventsScenario: Scenario = {
  name: 'events',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-events-'));
    const engine = await startEngine({
      dataDir,
      port: 0,
      resourcesDir: join(projectRoot(), 'resources'),
      appDir: null,
      logLevel: 'error',
      secrets: memorySecrets(),
    });
    try {
      await syncOverhead(report, engine);
      await queueFanOut(report, engine);
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
