/**
 * The engine when its data cannot be opened (no keychain, a locked one, a key that does not open the
 * database): it listens so that the desktop app and scripts learn why, answers `GET /health` 200, and
 * every other path, the token endpoint included, 503 secret_store_unavailable with the reason in words.
 * It has no database connection at all, so it cannot write anything, in clear or otherwise.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { urlsFor, type Urls } from './context';
import { lockDataDir } from './data-dir-lock';
import { ApiError } from './http/errors';

export interface LockedEngine {
  /** Why the data was not opened, in the person's words. */
  locked: string;
  app: FastifyInstance;
  urls: Urls;
  close(): Promise<void>;
}

export async function startLockedEngine(dataDir: string, port: number, reason: string): Promise<LockedEngine> {
  const unlock = lockDataDir(dataDir);
  const app = Fastify({ logger: false });
  const refusal = new ApiError(503, 'secret_store_unavailable', reason);
  app.get('/health', async () => ({ status: 'ok' }));
  app.setNotFoundHandler(async (_request, reply) => reply.code(503).send(refusal.body()));
  try {
    await app.listen({ host: '127.0.0.1', port });
  } catch (err) {
    unlock();
    throw err;
  }
  const address = app.server.address();
  const urls = urlsFor(typeof address === 'object' && address ? address.port : port);
  const serverFile = join(dataDir, 'server.json');
  writeFileSync(serverFile, JSON.stringify({ pid: process.pid, ...urls, locked: true }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(serverFile, 0o600);
  return {
    locked: reason,
    app,
    urls,
    close: async () => {
      await app.close();
      rmSync(serverFile, { force: true });
      unlock();
    },
  };
}
