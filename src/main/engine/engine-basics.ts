import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { SecretStore } from './secrets/secret-store';
import type { Settings } from './settings';
import type { Store } from './store';

/** The engine's public addresses, known once the server listens. */
export interface Urls {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
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

/**
 * What every part of one engine is built on: the database and its store, the keychain, the settings, the
 * log, the clock, the folders and the addresses. It names no feature (identity, signing, widget…), so a
 * feature can ask for these fields without depending on the `Engine` that is made of the features.
 */
export interface EngineBasics {
  db: Db;
  /** Every SQL statement (store/). */
  store: Store;
  dataDir: string;
  /** `resources/` (terms, categories, logos, samples). */
  resourcesDir: string;
  /** Filled when the server listens; read it at request time, not at start. */
  urls: Urls;
  secrets: SecretStore;
  settings: Settings;
  log: FastifyBaseLogger;
  /** UTC seconds. Tests may move it. */
  now(): number;
  /** Registers work to do at shutdown, after the server stopped accepting and before the database closes. */
  onClose(fn: () => void | Promise<void>): void;
}
