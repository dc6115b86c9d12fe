/**
 * What the engine hands a connector besides a channel's own data: its installation-wide configuration and,
 * for a connector serving a dynamic catalogue, the provider a call is for (with the public details the
 * connector listed for it).
 */
import { catalogueProvider } from '../catalogue/providers';
import type { Connector, ConnectorEnvironment, ConnectorProvider } from '../connectors/types';
import type { EngineContext } from '../context';
import { dynamicProvidersStore } from '../store/dynamic-providers';
import { readConfiguration } from './configuration';

export function connectorProvider(ctx: Pick<EngineContext, 'db'>, providerId: string): ConnectorProvider | undefined {
  const row = catalogueProvider(ctx.db, providerId);
  if (!row) return undefined;
  const dynamic = dynamicProvidersStore(ctx.db).byId(providerId);
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

export function connectorEnvironment(
  ctx: Pick<EngineContext, 'db' | 'settings' | 'secrets' | 'now'>,
  connector: Connector,
  providerId: string | undefined,
  signal: AbortSignal,
): ConnectorEnvironment {
  const configuration = connector.configurationName ? readConfiguration(ctx, connector.configurationName) : undefined;
  const provider = providerId && connector.dynamicProviders ? connectorProvider(ctx, providerId) : undefined;
  return {
    ...(configuration ? { configuration } : {}),
    ...(provider ? { provider } : {}),
    signal,
    now: () => ctx.now(),
  };
}
