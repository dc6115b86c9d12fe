import { emitEvent, type EmitInput } from '../../../src/main/engine/events/emit';
import type { TestEngine } from '../../helpers/engine';

/** A connection row of the test bank straight in the database (for events without running a sync). */
export function insertConnection(engine: TestEngine, userId: number, providerId = '9000'): number {
  const { db } = engine.ctx;
  const id = Number(
    db
      .prepare(
        "INSERT INTO connections (user_id, provider_id, name, status, creation_date) VALUES (?, ?, 'Test', 'SUCCESS', ?)",
      )
      .run(userId, providerId, engine.ctx.now()).lastInsertRowid,
  );
  db.prepare(
    "INSERT INTO channels (connection_id, channel_definition_id, mode, status) VALUES (?, ?, 'EMBEDDED', 'SUCCESS')",
  ).run(id, `${providerId}00`);
  return id;
}

/** Emits an event through the sync engine's own function, as a synchronization would. */
export function emit(
  engine: TestEngine,
  input: Partial<EmitInput> & Pick<EmitInput, 'userId' | 'connectionId'>,
): string {
  return emitEvent(engine.ctx, { eventType: 'SUCCESS', channelDefinitionId: '900000', ...input }).id;
}

/** Polls until `check` returns a value (or throws after `ms`). */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== null && v !== false) return v as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  receivedAt: number;
}

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A real webhook receiver on 127.0.0.1: `ok` answers 200, `error` 500, `hang` reads the request and never
 * answers (the connection stays open until close()).
 */
export async function startReceiver(mode: 'ok' | 'error' | 'hang' = 'ok', path = '/hook'): Promise<Receiver> {
  const http = await import('node:http');
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      if (mode === 'hang') return;
      res.writeHead(mode === 'ok' ? 200 : 500, { 'content-type': 'text/plain' }).end(mode);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
