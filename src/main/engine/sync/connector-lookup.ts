/**
 * Which connector serves a provider: the registry's, unless a test registered a stand-in (fake connectors
 * that throw, hang or return bad data are registered only by tests).
 */
import { getConnector } from '../connectors/registry';
import type { Connector } from '../connectors/types';

const overrides = new Map<string, Connector>();

export function connectorFor(providerId: string): Connector | undefined {
  return overrides.get(providerId) ?? getConnector(providerId);
}

/** Tests only: serves `connector` for its provider id until the returned function is called. */
export function registerConnectorForTests(connector: Connector): () => void {
  const id = connector.definition.id;
  overrides.set(id, connector);
  return () => {
    if (overrides.get(id) === connector) overrides.delete(id);
  };
}
