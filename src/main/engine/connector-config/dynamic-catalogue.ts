/**
 * The providers of dynamic connectors (Enable Banking's banks: see docs/api/enablebanking.md#catalogue) in the
 * catalogue: listed while the connector is configured, refreshed daily and whenever its configuration changes. Each
 * bank keeps the id allocated the first time it was listed (store/dynamic-providers.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Connectors } from '../connectors/registry';
import type { Connector } from '../connectors/types';
import type { Settings } from '../settings';
import type { Store } from '../store';
import type { ConnectorEnvironments } from './environment';

/** Dynamic providers come after the providers that ship with the code. */
const FIRST_POSITION = 1000;
const REFRESH_EVERY_MS = 24 * 3600 * 1000;
const refreshedKey = (name: string) => `connector_catalogue_refreshed.${name}`;

export interface DynamicCatalogueDeps {
  store: Pick<Store, 'transaction' | 'dynamicProviders'>;
  connectors: Pick<Connectors, 'dynamic'>;
  environments: ConnectorEnvironments;
  settings: Pick<Settings, 'getRaw' | 'setRaw'>;
  log: FastifyBaseLogger;
  /** UTC seconds. */
  now(): number;
  isOpen(): boolean;
}

export class DynamicCatalogue {
  constructor(private readonly deps: DynamicCatalogueDeps) {}

  /**
   * Lists the connector's providers now and writes them into the catalogue; when it is not configured, takes
   * them out. Rejects when the provider could not be asked (the catalogue is then left as it was).
   */
  async refresh(connector: Connector, signal = AbortSignal.timeout(120_000)): Promise<number> {
    const { store, settings } = this.deps;
    const dynamic = connector.dynamicProviders;
    if (!dynamic) return 0;
    const name = connector.configurationName ?? connector.definition.id;
    const env = this.deps.environments.of(connector, undefined, signal);
    if (!env.configuration) {
      store.transaction(() => store.dynamicProviders.unlistAllBut(name, new Set()));
      return 0;
    }
    const listed = await dynamic.list(env);
    if (!this.deps.isOpen()) return 0;
    const now = this.deps.now();
    const sorted = [...listed].sort((a, b) => a.country_code.localeCompare(b.country_code) || a.name.localeCompare(b.name));
    store.transaction(() => {
      const keep = new Set<string>();
      sorted.forEach((p, i) => {
        const id = store.dynamicProviders.allocate(name, dynamic.idPrefix, p.key, JSON.stringify(p.details), now);
        keep.add(id);
        store.dynamicProviders.writeCatalogue({
          id,
          name: p.name,
          country_code: p.country_code,
          base_url: p.base_url,
          logo: p.logo,
          position: FIRST_POSITION + i,
          channel_definitions: p.channel_definitions.map((d) => ({ ...d, id: `${id}${d.id}` })),
        });
      });
      store.dynamicProviders.unlistAllBut(name, keep);
    });
    settings.setRaw(refreshedKey(name), now);
    return sorted.length;
  }

  /** Refreshes, logging (not throwing) a provider that cannot be asked now. */
  async refreshQuietly(connector: Connector): Promise<void> {
    try {
      await this.refresh(connector);
    } catch (err) {
      this.deps.log.warn(
        { connector: connector.configurationName ?? connector.definition.id, message: (err as Error).message },
        'the bank catalogue could not be refreshed',
      );
    }
  }

  /** Refreshes at start when the last refresh is a day old (in the background), then daily; returns the stop. */
  start(): () => void {
    const { deps } = this;
    const refreshAll = (force: boolean) => {
      if (!deps.isOpen()) return;
      for (const connector of deps.connectors.dynamic()) {
        const name = connector.configurationName ?? connector.definition.id;
        const last = Number(deps.settings.getRaw<number>(refreshedKey(name)) ?? 0);
        if (!force && deps.now() - last < REFRESH_EVERY_MS / 1000) continue;
        void this.refreshQuietly(connector);
      }
    };
    const first = setTimeout(() => refreshAll(false), 5000);
    const every = setInterval(() => refreshAll(true), REFRESH_EVERY_MS);
    first.unref();
    every.unref();
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }
}
