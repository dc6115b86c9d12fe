import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { urlsFor, type Urls } from './context';
import { lockDataDir } from './data-dir-lock';
import { StorageRefused, type StartRefusal } from './storage-check';
import { DataLocked, startEngine, type EngineOptions, type RunningEngine } from './engine';
import { startLockedEngine } from './locked-engine';
import { installAppPages } from './http/app-pages';
import { installErrorHandler } from './http/error-handler';
import { databaseDamaged, databaseMissing, installStorageGate, StorageGate, type StorageAnswer } from './http/storage-gate';
import { healthRoutes } from './routes/meta';
import { createLogger } from './logger';

export function refusalAnswer(refusal: StartRefusal): StorageAnswer {
  return refusal.code === 'database_damaged'
    ? databaseDamaged(refusal.file, refusal.unreadableWithKey)
    : databaseMissing(refusal.file, refusal.evidence);
}

/**
 * An engine serving its data, or one that stays up only to say why it does not: `refusal` for a damaged or
 * missing database, `locked` (the reason in words) when the keychain could not give the database's key.
 */
export interface ServedEngine {
  urls: Urls;
  refusal: StorageAnswer | null;
  locked: string | null;
  running: RunningEngine | null;
  close(): Promise<void>;
}

/**
 * What the entry points start (npm run serve, the desktop app's engine process): the engine, or when its
 * database cannot be opened for want of its key, the locked engine (locked-engine.ts), or when the database
 * must not be opened (damaged, missing), a server that stays up without it. That server answers `/health` (200,
 * naming the problem), serves the app's pages so that the app can show the sentence, and answers every
 * other path 503 with the error body. It holds the data folder's lock, so that nothing else opens the file.
 */
export async function startEngineOrRefusal(options: EngineOptions): Promise<ServedEngine> {
  try {
    const running = await startEngine(options);
    return { urls: running.urls, refusal: null, locked: null, running, close: () => running.close() };
  } catch (err) {
    if (err instanceof DataLocked) {
      const locked = await startLockedEngine(resolve(options.dataDir), options.port, err.message);
      return { urls: locked.urls, refusal: null, locked: locked.locked, running: null, close: () => locked.close() };
    }
    if (!(err instanceof StorageRefused)) throw err;
    return startRefusingServer(options, refusalAnswer(err.refusal));
  }
}

async function startRefusingServer(options: EngineOptions, refusal: StorageAnswer): Promise<ServedEngine> {
  const unlock = lockDataDir(options.dataDir);
  try {
    const log = createLogger(options.dataDir, options.logLevel);
    log.error({ code: refusal.code }, refusal.message);
    const gate = new StorageGate(join(options.dataDir, 'coffer.db'));
    gate.refuse(refusal);
    const app = Fastify({ loggerInstance: log as FastifyBaseLogger, forceCloseConnections: true }) as unknown as FastifyInstance;
    installErrorHandler(app, gate);
    installStorageGate(app, gate);
    // The health route reads nothing of the engine: the gate answers it with the refusal.
    await healthRoutes.register(app, undefined as never);
    await installAppPages(app, { appDir: options.appDir ?? null });
    await app.listen({ host: '127.0.0.1', port: options.port });
    const address = app.server.address();
    const urls = urlsFor(typeof address === 'object' && address ? address.port : options.port);
    const serverFile = join(options.dataDir, 'server.json');
    writeFileSync(serverFile, JSON.stringify({ pid: process.pid, ...urls }, null, 2) + '\n', { mode: 0o600 });
    chmodSync(serverFile, 0o600);
    const close = async () => {
      await app.close();
      rmSync(serverFile, { force: true });
      unlock();
    };
    return { urls, refusal, locked: null, running: null, close };
  } catch (err) {
    unlock();
    throw err;
  }
}
