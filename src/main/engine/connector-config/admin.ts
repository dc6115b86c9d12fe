/**
 * The admin use cases of a connector's configuration (C16 `/admin/connectors/<name>`): check it with the
 * provider, keep it (secret in the keychain only), show its public part, remove it. The catalogue of a
 * dynamic connector follows each change.
 */
import { connectorByConfigurationName } from '../connectors/registry';
import { ConnectorError, type Connector } from '../connectors/types';
import type { EngineContext } from '../context';
import { InvalidInput, NotFound, SecretStoreUnavailable } from '../domain/errors';
import { configurationValues, deleteConfiguration, saveConfiguration } from './configuration';
import { refreshDynamicProviders } from './dynamic-catalogue';

/** The public view of Enable Banking's configuration (C16 GET): never the key. */
export interface EnableBankingView {
  application_id: string;
  name: string;
  environment: string;
  active: boolean;
  redirect_urls: string[];
  countries: string[];
}

function connectorNamed(name: string): Connector {
  const connector = connectorByConfigurationName(name);
  if (!connector?.configure) throw NotFound.of('connector', name);
  return connector;
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

async function refreshCatalogue(ctx: EngineContext, connector: Connector): Promise<void> {
  try {
    await refreshDynamicProviders(ctx, connector);
  } catch (err) {
    ctx.log.warn({ message: (err as Error).message }, 'the bank catalogue could not be refreshed');
  }
}

export async function putConnectorConfiguration(
  ctx: EngineContext,
  name: string,
  input: Record<string, string>,
): Promise<EnableBankingView> {
  const connector = connectorNamed(name);
  let configuration;
  try {
    configuration = await connector.configure!(input, { signal: AbortSignal.timeout(60_000), now: () => ctx.now() });
  } catch (err) {
    if (err instanceof ConnectorError) throw new InvalidInput(err.message);
    throw err;
  }
  try {
    saveConfiguration(ctx, name, configuration);
  } catch (err) {
    throw new SecretStoreUnavailable((err as Error).message.slice(0, 200));
  }
  await refreshCatalogue(ctx, connector);
  return view(configuration.values as Record<string, unknown>);
}

export function getConnectorConfiguration(ctx: EngineContext, name: string): EnableBankingView {
  connectorNamed(name);
  const values = configurationValues(ctx, name);
  if (!values) throw NotFound.of('connector configuration', name);
  return view(values);
}

export async function deleteConnectorConfiguration(ctx: EngineContext, name: string): Promise<void> {
  const connector = connectorNamed(name);
  deleteConfiguration(ctx, name);
  await refreshCatalogue(ctx, connector);
}
