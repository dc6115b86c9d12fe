/**
 * The admin use cases of a connector's configuration (`/admin/connectors/<name>`:
 * docs/api/enablebanking.md#configuration): check it with the provider, keep it (secret in the keychain only), show its
 * public part, remove it. The catalogue of a dynamic connector follows each change.
 */
import type { ConnectorConfigurations } from '../connector-config/configuration';
import type { Connectors } from '../connectors/registry';
import { ConnectorError, type Connector, type ConnectorConfiguration } from '../connectors/types';
import { InvalidInput, NotFound, SecretStoreUnavailable } from '../domain/errors';

/**
 * The public view of Enable Banking's configuration (its GET: docs/api/enablebanking.md#configuration): never the key.
 */
export interface EnableBankingView {
  application_id: string;
  name: string;
  environment: string;
  active: boolean;
  redirect_urls: string[];
  countries: string[];
}

export interface ConnectorConfigurationDeps {
  connectors: Pick<Connectors, 'byConfigurationName'>;
  configurations: ConnectorConfigurations;
  /** Re-lists a dynamic connector's providers; never rejects (a provider that cannot be asked is logged). */
  refreshCatalogue(connector: Connector): Promise<void>;
  /** UTC seconds. */
  now(): number;
}

function view(values: Record<string, unknown>): EnableBankingView {
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    application_id: String(values.application_id ?? ''),
    name: String(values.name ?? ''),
    environment: String(values.environment ?? ''),
    active: values.active === true,
    redirect_urls: strings(values.redirect_urls),
    countries: strings(values.countries),
  };
}

export function createConnectorConfigurationService(deps: ConnectorConfigurationDeps) {
  const connectorNamed = (name: string): Connector => {
    const connector = deps.connectors.byConfigurationName(name);
    if (!connector?.configure) throw NotFound.of('connector', name);
    return connector;
  };
  return {
    async put(name: string, input: Record<string, string>): Promise<EnableBankingView> {
      const connector = connectorNamed(name);
      let configuration: ConnectorConfiguration;
      try {
        configuration = await connector.configure!(input, { signal: AbortSignal.timeout(60_000), now: () => deps.now() });
      } catch (err) {
        if (err instanceof ConnectorError) throw new InvalidInput(err.message);
        throw err;
      }
      try {
        deps.configurations.save(name, configuration);
      } catch (err) {
        throw new SecretStoreUnavailable((err as Error).message.slice(0, 200));
      }
      await deps.refreshCatalogue(connector);
      return view(configuration.values as Record<string, unknown>);
    },

    get(name: string): EnableBankingView {
      connectorNamed(name);
      const values = deps.configurations.values(name);
      if (!values) throw NotFound.of('connector configuration', name);
      return view(values);
    },

    async remove(name: string): Promise<void> {
      const connector = connectorNamed(name);
      deps.configurations.remove(name);
      await deps.refreshCatalogue(connector);
    },
  };
}

export type ConnectorConfigurationService = ReturnType<typeof createConnectorConfigurationService>;
