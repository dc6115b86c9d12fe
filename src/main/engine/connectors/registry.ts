/**
 * The connector modules the engine knows. Adding a bank is writing its module (a `Connector`) and listing
 * it here; nothing else in the engine names a provider.
 */
import { testBankConnector } from './testbank';
import { legacyBankConnector } from './legacybank';
import { statementsConnector } from './statements';
import { simplefinConnector } from './simplefin';
import type { ChannelDefinition, Connector, ProviderDefinition } from './types';

export const connectorRegistry: readonly Connector[] = [
  testBankConnector,
  legacyBankConnector,
  statementsConnector,
  simplefinConnector,
];

const byId = new Map(connectorRegistry.map((c) => [c.definition.id, c]));

export function getConnector(providerId: string): Connector | undefined {
  return byId.get(providerId);
}

export function listProviderDefinitions(): ProviderDefinition[] {
  return connectorRegistry.map((c) => c.definition);
}

export function getChannelDefinition(providerId: string, channelDefinitionId: string): ChannelDefinition | undefined {
  return byId.get(providerId)?.definition.channel_definitions.find((c) => c.id === channelDefinitionId);
}
