import type { FastifyBaseLogger } from 'fastify';
import type { ConsentLinks } from './consent/consent-link';
import type { ConnectorEnvironments } from './connector-config/environment';
import type { DynamicCatalogue } from './connector-config/dynamic-catalogue';
import type { Connectors } from './connectors/registry';
import type { Db } from './db/database';
import type { EventWriter } from './events/emit';
import type { Identity } from './identity/identity';
import type { EngineEvents } from './events/engine-events';
import type { SecretStore } from './secrets/secret-store';
import type { Services } from './services';
import type { SigningKeys } from './signing/signing-keys';
import type { StatementFiles } from './statement-files';
import type { Store } from './store';
import type { BackupService } from './services/backups';
import type { SyncPort } from './sync/sync-port';
import type { Settings } from './settings';
import type { Webhooks } from './webhooks/webhook-service';
import type { WidgetSessionService } from './widget/session-service';

/** The addresses of C1, known once the server listens. */
export interface Urls {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
}

/**
 * One engine, as engine.ts composes it: every part it is made of, each made once for this engine (two
 * engines in one process share nothing). A part is handed the fields it needs (its `…Deps` interface);
 * parts not yet narrowed still take the whole engine under its former name, `EngineContext`.
 */
export interface Engine {
  db: Db;
  /** Every SQL statement (store/). */
  store: Store;
  /** This engine's event emitter: listeners hear this engine's committed events only. */
  events: EngineEvents;
  /** The only writer of events (rows + emitter). */
  eventWriter: EventWriter;
  /** This engine's connector instances, by provider id. */
  connectors: Connectors;
  /** What a connector call is handed besides a channel's data: configuration, catalogue provider (C16). */
  connectorEnvironments: ConnectorEnvironments;
  /** The providers dynamic connectors list (C16: Enable Banking's banks), refreshed daily. */
  dynamicCatalogue: DynamicCatalogue;
  /** Signs and checks consent-page links with this engine's own key. */
  consentLinks: ConsentLinks;
  webhooks: Webhooks;
  statementFiles: StatementFiles;
  /** Users, clients, tokens, terms, login throttle, id_token key, bearer lookup, token endpoint. */
  identity: Identity;
  /** Response-signing keys (caches the current private key). */
  signingKeys: SigningKeys;
  /** Widget sessions (kept in this engine's memory). */
  widgetSessions: WidgetSessionService;
  dataDir: string;
  /** `resources/` (terms, categories, logos, samples). */
  resourcesDir: string;
  /** The built React app (index.html and assets), or null when not built. */
  appDir: string | null;
  /** Filled when the server listens; read it at request time, not at start. */
  urls: Urls;
  secrets: SecretStore;
  settings: Settings;
  log: FastifyBaseLogger;
  /** UTC seconds. Tests may move it. */
  now(): number;
  /** Engine parts other parts call; each is replaced by its module's real implementation at start. */
  services: EngineServices;
  /**
   * Resolves once the results writer thread holds no write in hand (at once when it has none). A write of
   * the main connection started meanwhile would wait for the thread's commit inside SQLite's busy timeout,
   * a synchronous wait that stops the whole event loop: HTTP writes wait here instead (http/write-gate.ts).
   */
  writesIdle(): Promise<void>;
  /** Registers work to do at shutdown, after the server stopped accepting and before the database closes. */
  onClose(fn: () => void | Promise<void>): void;
}

export function urlsFor(port: number): Urls {
  const host_url = `http://127.0.0.1:${port}`;
  return {
    host_url,
    base_url: `${host_url}/v2`,
    auth_url: `${host_url}/auth`,
    widget_url: `${host_url}/embed`,
  };
}

/** The synchronization service (replaced at start) and the use cases the routes call (services/). */
export interface EngineServices extends Services {
  sync: SyncPort;
  backups: BackupService;
}

/** The former name of `Engine`, kept while parts move to narrow dependencies. */
export type EngineContext = Engine;
