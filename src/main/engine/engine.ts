import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { urlsFor, type EngineContext, type Urls } from './context';
import { lockDataDir } from './data-dir-lock';
import { closeDatabase, openDatabase } from './db/database';
import { buildServer, type ServerOptions } from './http/server';
import { currentTermsVersion } from './identity/terms';
import { createLogger } from './logger';
import { KeychainSecretStore, type SecretStore } from './secrets/secret-store';
import { Settings } from './settings';
import { startupSteps } from './startup';
import { placeholderSync } from './sync/placeholder-sync';

export interface EngineOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  resourcesDir: string;
  appDir?: string | null;
  /** better-sqlite3 addon for the running runtime (the desktop app passes Electron's build). */
  nativeBinding?: string;
  logLevel?: string;
  /** Replaces the OS keychain (tests of the refusal path only). */
  secrets?: SecretStore;
  server?: ServerOptions;
}

export interface RunningEngine {
  ctx: EngineContext;
  app: FastifyInstance;
  urls: Urls;
  /** Stops accepting, lets engine parts finish or checkpoint, closes the database, releases the lock. */
  close(): Promise<void>;
}

/** Starts the engine: lock, database, server on 127.0.0.1, DIR/server.json. */
export async function startEngine(input: EngineOptions): Promise<RunningEngine> {
  const options: EngineOptions = {
    ...input,
    dataDir: resolve(input.dataDir),
    resourcesDir: resolve(input.resourcesDir),
    appDir: input.appDir ? resolve(input.appDir) : null,
  };
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(options.dataDir);
  const closers: Array<() => void | Promise<void>> = [];
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    db = openDatabase(join(options.dataDir, 'coffer.db'), { nativeBinding: options.nativeBinding });
    const settings = new Settings(db);
    let installId = settings.getRaw<string>('install_id');
    if (!installId) {
      installId = createHash('sha256').update(`${options.dataDir}:${Date.now()}:${Math.random()}`).digest('hex').slice(0, 16);
      settings.setRaw('install_id', installId);
    }
    const log = createLogger(options.dataDir, options.logLevel);
    const ctx: EngineContext = {
      db,
      dataDir: options.dataDir,
      resourcesDir: options.resourcesDir,
      appDir: options.appDir ?? null,
      urls: urlsFor(options.port),
      secrets: options.secrets ?? new KeychainSecretStore(installId),
      settings,
      log,
      now: () => Math.floor(Date.now() / 1000),
      onClose: (fn) => closers.push(fn),
      services: { sync: placeholderSync(db) },
    };
    for (const step of startupSteps) await step(ctx);
    const app = await buildServer(ctx, { currentTermsVersion: () => currentTermsVersion(ctx.resourcesDir), ...options.server });
    await app.listen({ host: '127.0.0.1', port: options.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    Object.assign(ctx.urls, urlsFor(port));

    const serverFile = join(options.dataDir, 'server.json');
    writeFileSync(serverFile, JSON.stringify({ pid: process.pid, ...ctx.urls }, null, 2) + '\n', { mode: 0o600 });
    chmodSync(serverFile, 0o600);

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        await app.close();
        for (const fn of closers.reverse()) {
          try {
            await fn();
          } catch (err) {
            log.error({ err }, 'error while stopping an engine part');
          }
        }
        closeDatabase(db!);
        rmSync(serverFile, { force: true });
        log.flush?.();
        unlock();
      })());
    return { ctx, app, urls: ctx.urls, close };
  } catch (err) {
    if (db) closeDatabase(db);
    unlock();
    throw err;
  }
}
