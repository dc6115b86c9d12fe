/**
 * The connector modules the engine knows. Adding a bank is writing its module (a `Connector`) and listing
 * it here; nothing else in the engine names a provider.
 */
import { testBankConnector } from './testbank';
import { legacyBankConnector } from './legacybank';
import { statementsConnector } from './statements';
import { enableBankingConnector } from './enablebanking';
import type { ChannelDefinition, Connector, ProviderDefinition } from './types';

export const connectorRegistry: readonly Connector[] = [testBankConnector, legacyBankConnector, statementsConnector];

/**
 * Connectors that contribute their providers at run time (`Connector.dynamicProviders`): not seeded into
 * the catalogue themselves; they serve every provider id `<idPrefix><4 digits>`.
 */
export const dynamicConnectorRegistry: readonly Connector[] = [enableBankingConnector];

const byId = new Map(connectorRegistry.map((c) => [c.definition.id, c]));

export function getConnector(providerId: string): Connector | undefined {
  return byId.get(providerId) ?? dynamicConnectorFor(providerId);
}

/** The dynamic connector whose id range holds `providerId` (`<idPrefix>` followed by exactly 4 digits). */
export function dynamicConnectorFor(providerId: string): Connector | undefined {
  return dynamicConnectorRegistry.find((c) => {
    const prefix = c.dynamicProviders?.idPrefix;
    return prefix !== undefined && providerId.length === prefix.length + 4 && providerId.startsWith(prefix) && /^\d{4}$/.test(providerId.slice(prefix.length));
  });
}

/** Every connector, static and dynamic (for configuration lookups). */
export function connectorByConfigurationName(name: string): Connector | undefined {
  return [...connectorRegistry, ...dynamicConnectorRegistry].find((c) => c.configurationName === name);
}

export function listProviderDefinitions(): ProviderDefinition[] {
  return connectorRegistry.map((c) => c.definition);
}

export function getChannelDefinition(providerId: string, channelDefinitionId: string): ChannelDefinition | undefined {
  return byId.get(providerId)?.definition.channel_definitions.find((c) => c.id === channelDefinitionId);
}
