import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { APP_CLIENT_ID } from './app-session/app-client';
import { catalogueProvider } from './catalogue/providers';
import { ConsentLinks } from './consent/consent-link';
import { ConnectorConfigurations } from './connector-config/configuration';
import { startConsentReminders } from './connector-config/consent-reminder';
import { DynamicCatalogue } from './connector-config/dynamic-catalogue';
import { ConnectorEnvironments } from './connector-config/environment';
import { RemoteConsents } from './connector-config/remote-consent';
import { createConnectors } from './connectors/registry';
import type { Connector } from './connectors/types';
import { urlsFor, type Engine, type EngineContext, type EngineServices, type Urls } from './context';
import { createPrivateFiles, restrictDataDir } from './data-dir-permissions';
import { lockDataDir } from './data-dir-lock';
import { closeDatabase, openDatabase, type Db } from './db/database';
import { startIdleCheckpoints } from './db/idle-checkpoint';
import { writeInstallMarker } from './db/install-marker';
import { openData } from './open-data';
import { databaseKeySource } from './secrets/database-key';
import { StorageGate } from './http/storage-gate';
import { EventWriter } from './events/emit';
import { EngineEvents } from './events/engine-events';
import { startEventSweeper } from './events/queue-maintenance';
import { buildServer, type ServerOptions } from './http/server';
import { routeModules } from './routes';
import { createIdentity } from './identity/identity';
import { createLogger } from './logger';
import { emitConnectionDeleted } from './events/emit';
import { loadConnectionRecord } from './services/connections/record';
import { providerFor } from './catalogue/catalogue-view';
import { KeychainSecretStore, type SecretStore } from './secrets/secret-store';
import { createServices } from './services';
import { startRecurringDetection } from './services/recurring-payments/after-sync';
import { backupBeforeUpgrade, createBackupService, startAutomaticBackups, type BackupService } from './services/backups';
import { encryptClearBackups } from './services/backups/encrypt-clear-backups';
import { createRecoveryKeyService } from './services/recovery-key';
import { Conflict } from './domain/errors';
import { EncryptionKeyStore } from './services/keys';
import { Settings } from './settings';
import { SigningKeys } from './signing/signing-keys';
import { startupSteps } from './startup';
import { StatementFiles } from './statement-files';
import { createStore, type Store } from './store';
import { placeholderSync } from './sync/placeholder-sync';
import { startSynchronization } from './sync/sync-startup';
import { inlineResultsWriter, ThreadResultsWriter, type ResultsWriter } from './sync/results-writer';
import { SizeRoutedResultsWriter } from './sync/size-routed-writer';
import type { ResultsThreadData } from './results-thread';
import type { SyncPort } from './sync/sync-port';
import { Webhooks } from './webhooks/webhook-service';
import { sweepWidgetSessions, WidgetSessionService } from './widget/session-service';

export interface EngineOptions {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  resourcesDir: string;
  appDir?: string | null;
  /** SQLite driver addon (better-sqlite3-multiple-ciphers) for the running runtime (the desktop app passes Electron's build). */
  nativeBinding?: string;
  logLevel?: string;
  /**
   * Start a new installation even though the data folder shows an earlier one whose database is missing or
   * empty (db/install-marker.ts). Default: $COFFER_START_FRESH === '1'.
   */
  startFresh?: boolean;
  /** How often the write-ahead log is copied into coffer.db (db/idle-checkpoint.ts). Default: 60 s. */
  checkpointEveryMs?: number;
  /** Replaces the OS keychain for credentials and other secrets (tests of the refusal path only). */
  secrets?: SecretStore;
  /** Replaces the OS keychain for the database's key (tests of a missing or locked keychain only). */
  databaseKeys?: SecretStore;
  /**
   * Where synchronization results are written: 'auto' (the default) writes results of fewer than 5,000 rows
   * on the main thread and larger ones on a results writer thread with its own connection, so that reads
   * stay answered during a large write; 'inline' writes everything on the main thread (the least memory:
   * the worker adds about 50 MB while a 100,000-row result is written), 'thread' everything on the worker.
   * Default: $COFFER_RESULTS_WRITER, else 'auto'.
   */
  resultsWriter?: 'inline' | 'thread' | 'auto';
  /** Connectors this engine serves beside the built-in ones (a test's stand-in replaces one of the same id). */
  connectors?: readonly Connector[];
  /**
   * Where the European Central Bank's rate files are fetched from (https, or http on a loopback host).
   * Default: $COFFER_FX_URL, else https://www.ecb.europa.eu/stats/eurofxref/.
   */
  fxRatesUrl?: string;
  /** Fetch the rates in the background when due (default true; tests fetch when they say). */
  fxRatesAutoRefresh?: boolean;
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
  const permissionsFixed = restrictDataDir(options.dataDir);
  createPrivateFiles(options.dataDir);
  const closers: Array<() => void | Promise<void>> = [];
  let db: Db | undefined;
  const dbFile = join(options.dataDir, 'coffer.db');
  try {
    // The key, then the damaged/missing check with it, then the open (a clear database encrypted in place
    // first), then migrations after an upgrade backup: open-data.ts. A damaged or missing database throws
    // StorageRefused, a keychain that cannot give the key DataLocked (engine-refusal.ts serves either).
    const opened = openData(options.dataDir, databaseKeySource(options.dataDir, options.databaseKeys), {
      nativeBinding: options.nativeBinding,
      startFresh: startsFresh(options),
      beforeMigrations: (old) => backupBeforeUpgrade(old, options.dataDir, Math.floor(Date.now() / 1000)),
    });
    if ('refused' in opened) throw new DataLocked(opened.refused);
    db = opened.db;
    const databaseKey = opened.key;
    const store = createStore(db);
    const settings = new Settings(store.settings);
    let installId = settings.getRaw<string>('install_id');
    if (!installId) {
      installId = createHash('sha256').update(`${options.dataDir}:${Date.now()}:${Math.random()}`).digest('hex').slice(0, 16);
      settings.setRaw('install_id', installId);
    }
    writeInstallMarker(options.dataDir, installId, Math.floor(Date.now() / 1000));
    const log = createLogger(options.dataDir, options.logLevel);
    permissionsFixed.push(...restrictDataDir(options.dataDir));
    if (permissionsFixed.length) {
      log.warn({ fixed: permissionsFixed }, `data folder permissions made private: ${permissionsFixed.join(', ')}`);
    }
    const ctx = composeEngine(db, store, settings, log, options, closers, installId);
    for (const step of startupSteps) await step(ctx);
    const storage = new StorageGate(dbFile);
    await startEngineParts(ctx, closers, options, { storage, databaseKey });
    const app = await buildServer(ctx, {
      routes: routeModules,
      currentTermsVersion: () => ctx.identity.terms.version,
      storage,
      ...options.server,
    });
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

/** The data folder's database could not be opened for want of its key (the reason is in the person's words). */
export class DataLocked extends Error {}

/**
 * The composition root: every part of one engine, made once, each handed what it needs. Parts that look
 * up another one late (the sync service is installed by startEngineParts) read it through the engine.
 */
function composeEngine(
  db: Db,
  store: Store,
  settings: Settings,
  log: ReturnType<typeof createLogger>,
  options: EngineOptions,
  closers: Array<() => void | Promise<void>>,
  installId: string,
): Engine {
  const secrets = options.secrets ?? new KeychainSecretStore(installId);
  const urls = urlsFor(options.port);
  const events = new EngineEvents(
    { isOpen: () => db.open, inTransaction: () => db.inTransaction, stillThere: store.events.exists },
    (err) => log.error({ err }, 'event listener failed'),
  );
  const engine = {
    db,
    store,
    events,
    dataDir: options.dataDir,
    resourcesDir: options.resourcesDir,
    appDir: options.appDir ?? null,
    urls,
    secrets,
    settings,
    log,
    now: () => Math.floor(Date.now() / 1000),
    // Until the results writer starts (startEngineParts), every write is the main thread's own.
    writesIdle: async () => {},
    onClose: (fn: () => void | Promise<void>) => void closers.push(fn),
    // The sync service is installed by startEngineParts (and replaced by some tests); the use cases are
    // added below, once the engine they read from exists.
    services: { sync: placeholderSync(store.syncRuns) } as EngineServices,
    consentLinks: new ConsentLinks(),
  } as Omit<
    Engine,
    | 'eventWriter'
    | 'connectors'
    | 'connectorEnvironments'
    | 'dynamicCatalogue'
    | 'webhooks'
    | 'statementFiles'
    | 'identity'
    | 'signingKeys'
    | 'widgetSessions'
  > as Engine;
  // `now` may be moved by tests: parts read it through the engine.
  const now = () => engine.now();
  engine.eventWriter = new EventWriter({
    store: store.events,
    events,
    now,
    connectionRecord: (id) => loadConnectionRecord(engine, id),
  });
  engine.webhooks = new Webhooks({ store: store.webhooks, events, settings, secrets, log, now, isOpen: () => db.open });
  engine.statementFiles = new StatementFiles({
    store: store.documents,
    secrets,
    events,
    dataDir: options.dataDir,
    log,
    now,
    sync: () => engine.services.sync,
  });
  engine.connectors = createConnectors({ statementSource: engine.statementFiles, extra: options.connectors });
  // Connectors configured installation-wide (Enable Banking's application: see docs/api/enablebanking.md#catalogue) and
  // their dynamic catalogue.
  const configurations = new ConnectorConfigurations({ settings, secrets });
  engine.connectorEnvironments = new ConnectorEnvironments({ store, configurations, now });
  engine.dynamicCatalogue = new DynamicCatalogue({
    store,
    connectors: engine.connectors,
    environments: engine.connectorEnvironments,
    settings,
    log,
    now,
    isOpen: () => db.open,
  });
  const remoteConsents = new RemoteConsents({
    store,
    secrets,
    connectors: engine.connectors,
    environments: engine.connectorEnvironments,
    log,
  });
  engine.identity = createIdentity(engine, APP_CLIENT_ID);
  engine.signingKeys = new SigningKeys(engine, store.signKeys);
  engine.widgetSessions = new WidgetSessionService(engine);
  sweepWidgetSessions(engine);
  // The use cases reach the sync service through this port, so that they follow its replacement.
  const sync: SyncPort = {
    start: (connectionId, request) => engine.services.sync.start(connectionId, request),
    isRunning: (connectionId) => engine.services.sync.isRunning(connectionId),
    cancel: (connectionId) => engine.services.sync.cancel(connectionId),
    answerChallenge: (connectionId, answer) => engine.services.sync.answerChallenge(connectionId, answer),
  };
  Object.assign(
    engine.services,
    createServices({
      store,
      settings,
      secrets,
      sync,
      keys: new EncryptionKeyStore(store.keys, now),
      urls,
      now,
      dataDir: options.dataDir,
      connectionDeleted: (connectionId) => emitConnectionDeleted(engine, connectionId),
      emitEvent: (input) => void engine.eventWriter.emit(input),
      prepareRemoteClose: (connectionId, channelIds) => remoteConsents.prepareClose(connectionId, channelIds),
      connectorConfiguration: {
        connectors: engine.connectors,
        configurations,
        refreshCatalogue: (connector) => engine.dynamicCatalogue.refreshQuietly(connector),
        now,
      },
      credentialProblem: (providerId, channelDefinitionId, values) =>
        engine.connectors.get(providerId)?.validateCredentials?.(channelDefinitionId, values),
      ratesRefresh: { store, settings, baseUrl: options.fxRatesUrl ?? process.env.COFFER_FX_URL, log, now, isOpen: () => db.open },
    }),
  );
  return engine;
}

/** Starts the parts that run in the background, in order; each registers how it stops. */
async function startEngineParts(
  engine: Engine,
  closers: Array<() => void | Promise<void>>,
  options: EngineOptions,
  opened: { storage: StorageGate; databaseKey: Uint8Array },
): Promise<void> {
  const { storage, databaseKey } = opened;
  const { store, db, log } = engine;
  const now = () => engine.now();
  const resultsWriter = startResultsWriter(engine, options, databaseKey);
  engine.writesIdle = () => resultsWriter.whenIdle();
  // Closers run last-registered first: the sync service stops (no write pending) before its writer.
  closers.push(() => resultsWriter.close());
  closers.push(startEventSweeper({ store, isOpen: () => db.open, now, log }));
  closers.push(startIdleCheckpoints({ db, log, everyMs: options.checkpointEveryMs ?? 60_000 }));
  engine.webhooks.start();
  closers.push(() => engine.webhooks.close());
  await engine.statementFiles.start();
  closers.push(() => engine.statementFiles.close());
  const sync = startSynchronization({
    store,
    eventWriter: engine.eventWriter,
    resultsWriter,
    settings: engine.settings,
    secrets: engine.secrets,
    log,
    now,
    connectorOf: (providerId) => engine.connectors.get(providerId),
    providerFor: (connection) =>
      providerFor(engine, connection.provider_id, { userId: connection.user_id, connectionId: connection.id }),
    catalogueProvider: (providerId) => catalogueProvider(engine, providerId),
    connectorEnvironment: (connector, providerId, signal) => engine.connectorEnvironments.of(connector, providerId, signal),
    // A damaged database met by a synchronization stops every data path, as one met by a request does.
    storageProblem: (problem) => void storage.answerFor(problem),
  });
  engine.services.sync = sync.service;
  closers.push(() => sync.stop());
  engine.services.backups = startBackups(engine, sync.service, resultsWriter, options, databaseKey);
  engine.services.recoveryKey = createRecoveryKeyService({
    key: databaseKey,
    settings: engine.settings,
    users: engine.identity.users,
    loginGuard: engine.identity.loginGuard,
  });
  const encrypted = encryptClearBackups(
    [engine.services.backups.folder(), join(engine.dataDir, 'backups')],
    databaseKey,
    options.nativeBinding,
  );
  if (encrypted.length) log.info({ encrypted }, `backups of an earlier version encrypted: ${encrypted.length}`);
  // A request that writes waits for a restore under way too (its write lock would make it wait in SQLite).
  engine.writesIdle = async () => {
    await engine.services.backups.idle();
    await resultsWriter.whenIdle();
  };
  closers.push(startAutomaticBackups(engine.services.backups, () => db.open, (err) => log.error({ err }, 'automatic backup failed')));
  closers.push(engine.dynamicCatalogue.start());
  if (options.fxRatesAutoRefresh !== false) closers.push(engine.services.ratesRefresh.start());
  closers.push(
    startConsentReminders({ store, eventWriter: engine.eventWriter, log, now, isOpen: () => db.open }),
  );
  closers.push(
    startRecurringDetection({
      events: engine.events,
      detect: (userId) => engine.services.recurringPayments.detect(userId),
      isOpen: () => db.open,
      onError: (err) => log.error({ err }, 'recurring payment detection failed'),
    }),
  );
}

/** The backups service, with what a restore needs to stop and what it must forget afterwards. */
function startBackups(
  engine: Engine,
  sync: { runningConnections(): number[]; cancel(id: number): Promise<void> },
  resultsWriter: ResultsWriter,
  options: EngineOptions,
  databaseKey: Uint8Array,
): BackupService {
  const backups = createBackupService({
    db: engine.db,
    key: databaseKey,
    settings: engine.settings,
    dataDir: engine.dataDir,
    nativeBinding: options.nativeBinding,
    now: () => engine.now(),
    async quiesce() {
      // A synchronization could start while the others are stopping: stop again until none runs.
      for (let round = 0; round < 5; round++) {
        await Promise.all(sync.runningConnections().map((id) => sync.cancel(id)));
        await resultsWriter.whenIdle();
        if (sync.runningConnections().length === 0) return;
      }
      throw new Conflict('synchronizations keep starting; wait for them to end and try the restore again');
    },
    // A backup is encrypted with the live database's key (VACUUM INTO on the encrypted connection).
    migrateCopy: (file, key = databaseKey) => closeDatabase(openDatabase(file, { nativeBinding: options.nativeBinding, key })),
    afterRestore: () => engine.settings.reload(),
  });
  backups.cleanUp();
  return backups;
}

/**
 * Where synchronization results are written (sync/results-writer.ts, sync/size-routed-writer.ts). By default
 * (`auto`) small results on the main thread and large ones on a worker thread with its own connection, so
 * that a large result does not block the HTTP server. `inline` (all on the main thread: the least memory)
 * and `thread` (all on the worker) are kept as options (`resultsWriter`, COFFER_RESULTS_WRITER) for tests,
 * the benchmarks and machines short of memory. A database in memory has no file a second connection could
 * open: it is always written inline.
 */
function startResultsWriter(engine: Engine, options: EngineOptions, key: Uint8Array): ResultsWriter {
  const deps = {
    store: engine.store,
    eventWriter: engine.eventWriter,
    settings: engine.settings,
    now: () => engine.now(),
    catalogueProvider: (providerId: string) => catalogueProvider(engine, providerId),
  };
  const inline = inlineResultsWriter(deps);
  const mode = options.resultsWriter ?? resultsWriterMode(process.env.COFFER_RESULTS_WRITER);
  if (mode === 'inline' || engine.db.memory) return inline;
  const data: ResultsThreadData = { file: engine.db.name, nativeBinding: options.nativeBinding, key };
  const startThread = () =>
    new ThreadResultsWriter(resultsThreadWorker(data), {
      ...deps,
      publishCommitted: (events) => engine.eventWriter.publishCommitted(events),
      hostUrl: () => engine.urls.host_url,
    });
  return mode === 'thread' ? startThread() : new SizeRoutedResultsWriter(inline, startThread);
}

function startsFresh(options: EngineOptions): boolean {
  return options.startFresh ?? process.env.COFFER_START_FRESH === '1';
}

function resultsWriterMode(value: string | undefined): 'inline' | 'thread' | 'auto' {
  return value === 'inline' || value === 'thread' ? value : 'auto';
}

/**
 * The worker's rows live until their write commits, so a large young generation only holds garbage
 * longer: a small one keeps the worker's heap close to what it really holds (measured: the peak RSS of a
 * 100,000-row first synchronization, `npm run bench -- sync`).
 */
const RESULTS_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * The results writer thread's entry: results-thread.js beside this file once built (the desktop app,
 * electron.vite.config.ts), else results-thread.ts loaded through tsx as the engine itself is (npm run serve,
 * the tests).
 */
function resultsThreadWorker(workerData: ResultsThreadData): Worker {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = join(here, 'results-thread.js');
  if (existsSync(built)) return new Worker(built, { workerData, resourceLimits: RESULTS_THREAD_LIMITS });
  // tsx's CommonJS API: a require hook inside the worker's own thread (its entry and the store modules are
  // compiled to CommonJS as they are required). tsx's ESM API would also work, but on Node 20 it runs its
  // loader on one more thread of its own: about 23 MB more for every engine that starts this worker
  // (measured: main thread + idle worker 71 MB with the require hook, 95 MB with the ESM loader, 64 MB built).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsxApi = join(dirname(tsxPackage), 'dist/cjs/api/index.cjs');
  const entry = join(here, 'results-thread.ts');
  const code = `require(${JSON.stringify(tsxApi)}).register(); require(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, workerData, resourceLimits: RESULTS_THREAD_LIMITS });
}
