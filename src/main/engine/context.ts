import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { SecretStore } from './secrets/secret-store';
import type { Services } from './services';
import type { Store } from './store';
import type { SyncPort } from './sync/sync-port';
import type { Settings } from './settings';

/** The addresses of C1, known once the server listens. */
export interface Urls {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
}

/** What every engine part receives: the database, the keychain, the clock, settings and addresses. */
export interface EngineContext {
  db: Db;
  /** Every SQL statement of the engine, by aggregate (store/). */
  store: Store;
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
}
