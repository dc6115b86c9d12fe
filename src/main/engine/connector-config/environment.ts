/**
 * What the engine hands a connector besides a channel's own data: its installation-wide configuration and,
 * for a connector serving a dynamic catalogue, the provider a call is for (with the public details the
 * connector listed for it).
 */
import type { Connector, ConnectorEnvironment, ConnectorProvider } from '../connectors/types';
import type { Store } from '../store';
import type { ConnectorConfigurations } from './configuration';

export interface ConnectorEnvironmentsDeps {
  store: Pick<Store, 'providers' | 'dynamicProviders'>;
  configurations: ConnectorConfigurations;
  /** UTC seconds. */
  now(): number;
}

export class ConnectorEnvironments {
  constructor(private readonly deps: ConnectorEnvironmentsDeps) {}

  /** The catalogue provider `providerId` as a connector sees it (dynamic details parsed). */
  provider(providerId: string): ConnectorProvider | undefined {
    const row = this.deps.store.providers.find(providerId);
    if (!row) return undefined;
    const dynamic = this.deps.store.dynamicProviders.byId(providerId);
    let details: Record<string, unknown> | undefined;
    if (dynamic) {
      try {
        details = JSON.parse(dynamic.details) as Record<string, unknown>;
      } catch {
        details = undefined;
      }
    }
    return { id: row.id, name: row.name, country_code: row.country_code, ...(details ? { details } : {}) };
  }

  /** The environment of a call of `connector` (for `providerId` when it concerns one bank). */
  of(connector: Connector, providerId: string | undefined, signal: AbortSignal): ConnectorEnvironment {
    const configuration = connector.configurationName ? this.deps.configurations.read(connector.configurationName) : undefined;
    const provider = providerId && connector.dynamicProviders ? this.provider(providerId) : undefined;
    return {
      ...(configuration ? { configuration } : {}),
      ...(provider ? { provider } : {}),
      signal,
      now: () => this.deps.now(),
    };
  }
}
