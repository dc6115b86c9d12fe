/**
 * The connector modules the engine knows. Adding a bank is writing its module (a `Connector`) and listing
 * it here; nothing else in the engine names a provider. The module-level list describes the providers (the
 * catalogue); each engine makes its own connector instances with `createConnectors` (a connector instance
 * may keep per-run state, which engines never share).
 */
import { createEnableBankingConnector } from './enablebanking';
import { createLegacyBankConnector, legacyBankConnector } from './testbank/legacy-bank';
import { createStatementsConnector, statementsConnector } from './statements';
import type { StatementSource } from './statements/source';
import { createTestBankConnector, testBankConnector } from './testbank';
import type { ChannelDefinition, Connector, ProviderDefinition } from './types';

export const connectorRegistry: readonly Connector[] = [testBankConnector, legacyBankConnector, statementsConnector];

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

/**
 * The dynamic connector of `connectors` whose id range holds `providerId` (`<idPrefix>` followed by exactly
 * 4 digits: Connector.dynamicProviders).
 */
export function dynamicConnectorFor(connectors: readonly Connector[], providerId: string): Connector | undefined {
  return connectors.find((c) => {
    const prefix = c.dynamicProviders?.idPrefix;
    return (
      prefix !== undefined &&
      providerId.length === prefix.length + 4 &&
      providerId.startsWith(prefix) &&
      /^\d{4}$/.test(providerId.slice(prefix.length))
    );
  });
}

/** An engine's connectors, by provider id. */
export interface Connectors {
  /** The connector of a provider: a built-in one by its id, else the dynamic connector whose id range holds it. */
  get(providerId: string): Connector | undefined;
  /**
   * Connectors that contribute their providers at run time (`Connector.dynamicProviders`): not seeded into
   * the catalogue themselves (their `definition` is a template).
   */
  dynamic(): readonly Connector[];
  /** The connector whose installation-wide configuration is called `name` (admin API `/admin/connectors/<name>`). */
  byConfigurationName(name: string): Connector | undefined;
}

export interface ConnectorsInput {
  /** What the statements connector reads through (the engine's statement-files feature). */
  statementSource: StatementSource;
  /** More connectors this engine serves, replacing a built-in one of the same provider id (tests' stand-ins). */
  extra?: readonly Connector[];
}

export function createConnectors(input: ConnectorsInput): Connectors {
  const own = new Map<string, Connector>();
  for (const c of [
    createTestBankConnector(),
    createLegacyBankConnector(),
    createStatementsConnector(input.statementSource),
  ])
    own.set(c.definition.id, c);
  for (const c of input.extra ?? []) own.set(c.definition.id, c);
  const dynamic: readonly Connector[] = [createEnableBankingConnector()];
  const all = [...own.values(), ...dynamic];
  return {
    get: (providerId) => own.get(providerId) ?? dynamicConnectorFor(dynamic, providerId),
    dynamic: () => dynamic,
    byConfigurationName: (name) => all.find((c) => c.configurationName === name),
  };
}
