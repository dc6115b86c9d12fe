import type { ConsentLinks } from './consent/consent-link';
import type { ConnectorEnvironments } from './connector-config/environment';
import type { DynamicCatalogue } from './connector-config/dynamic-catalogue';
import type { Connectors } from './connectors/registry';
import type { EventWriter } from './events/emit';
import type { Identity } from './identity/identity';
import type { EngineEvents } from './events/engine-events';
import type { Services } from './services';
import type { SigningKeys } from './signing/signing-keys';
import type { StatementFiles } from './statement-files';
import type { BackupService } from './services/backups';
import type { RecoveryKeyService } from './services/recovery-key';
import type { SyncPort } from './sync/sync-port';
import type { EngineBasics } from './engine-basics';
import type { Webhooks } from './webhooks/webhook-service';
import type { WidgetSessionService } from './widget/session-service';

export { urlsFor, type Urls } from './engine-basics';

/**
 * One engine, as engine.ts composes it: every part it is made of, each made once for this engine (two
 * engines in one process share nothing). A part is handed the fields it needs (its `…Deps` interface);
 * parts not yet narrowed still take the whole engine under its former name, `EngineContext`.
 */
export interface Engine extends EngineBasics {
  /** This engine's event emitter: listeners hear this engine's committed events only. */
  events: EngineEvents;
  /** The only writer of events (rows + emitter). */
  eventWriter: EventWriter;
  /** This engine's connector instances, by provider id. */
  connectors: Connectors;
  /**
   * What a connector call is handed besides a channel's data: configuration, catalogue provider (see
   * docs/api/enablebanking.md#catalogue).
   */
  connectorEnvironments: ConnectorEnvironments;
  /**
   * The providers dynamic connectors list (Enable Banking's banks: see docs/api/enablebanking.md#catalogue), refreshed
   * daily.
   */
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
  /** The built React app (index.html and assets), or null when not built. */
  appDir: string | null;
  /** Engine parts other parts call; each is replaced by its module's real implementation at start. */
  services: EngineServices;
  /**
   * Resolves once the results writer thread holds no write in hand (at once when it has none). A write of
   * the main connection started meanwhile would wait for the thread's commit inside SQLite's busy timeout,
   * a synchronous wait that stops the whole event loop: HTTP writes wait here instead (http/write-gate.ts).
   */
  writesIdle(): Promise<void>;
}

/** The synchronization service (replaced at start) and the use cases the routes call (services/). */
export interface EngineServices extends Services {
  sync: SyncPort;
  backups: BackupService;
  /** The recovery code of the database key (needs the key, known once the data is open). */
  recoveryKey: RecoveryKeyService;
}

/** The former name of `Engine`, kept while parts move to narrow dependencies. */
export type EngineContext = Engine;
