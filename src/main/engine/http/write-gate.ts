import type { FastifyInstance } from 'fastify';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface WriteGateDeps {
  /** Resolves once the results writer thread has no write in hand (Engine.writesIdle). */
  writesIdle(): Promise<void>;
}

/**
 * Requests that write wait, without blocking, for the results writer thread to finish the write it has in
 * hand (a large synchronization result: about a second for 100,000 transactions).
 *
 * Why: the engine's own connection is synchronous. A write started while the thread holds the database's
 * write lock waits for it inside SQLite's busy timeout, and for that whole wait the event loop is stopped:
 * every other request, reads included, waits too (issue 14: the HTTP server stays responsive during large
 * writes). Waiting here instead costs the writing request the same time and nobody else anything; reads
 * never wait, as WAL readers are not blocked by the writer.
 *
 * Runs as a preHandler: after the access checks and the body's validation (a refused request does not
 * wait), right before the handler. A read that sometimes writes waits in its handler, only when it does
 * (GET /queues/{id}: routes/queues.ts).
 */
export function installWriteGate(app: FastifyInstance, deps: WriteGateDeps): void {
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method)) return;
    await deps.writesIdle();
  });
}
