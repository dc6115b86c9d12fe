import type { ChannelDefinition, CredentialDefinition, ProviderDefinition } from '../connectors/types';
import type { Db } from '../db/database';
import { dbVersionReader, VersionedCache } from '../resources/common/db-version';
import { parseJson } from '../resources/common/record';

/**
 * The provider catalogue as the engine reads it: always from the `providers` and `channel_definitions`
 * tables (seeded from the connector registry at start, changed later by the roll-out), never from the
 * connector modules directly.
 */
export interface CatalogueProvider extends Omit<ProviderDefinition, 'channel_definitions'> {
  position: number;
  channel_definitions: ChannelDefinition[];
}

interface ProviderRow {
  id: string;
  name: string;
  type: 'BANKING' | 'DOCUMENT';
  country_code: string;
  base_url: string;
  logo: string;
  position: number;
}

interface ChannelDefinitionRow {
  id: string;
  provider_id: string;
  mode: 'REDIRECT' | 'EMBEDDED';
  account_types: string;
  interactive: number;
  credentials: string;
  unavailable: number;
  capabilities: string;
}

/** REDIRECT before EMBEDDED (C7: the default channel definition is the provider's first). */
const modeOrder = (mode: string) => (mode === 'REDIRECT' ? 0 : 1);

function toChannelDefinition(row: ChannelDefinitionRow): ChannelDefinition {
  return {
    id: row.id,
    mode: row.mode,
    account_types: parseJson(row.account_types, []),
    interactive: row.interactive === 1,
    credentials: parseJson<CredentialDefinition[]>(row.credentials, []),
    unavailable: row.unavailable === 1,
    capabilities: parseJson(row.capabilities, []),
  };
}

const caches = new WeakMap<Db, { version: () => string; all: VersionedCache<CatalogueProvider[]> }>();

/** Every provider with its channel definitions (REDIRECT first), in catalogue order; cached per database version. */
export function catalogueProviders(db: Db): CatalogueProvider[] {
  let cache = caches.get(db);
  if (!cache) {
    const version = dbVersionReader(db);
    cache = { version, all: new VersionedCache(version, 1) };
    caches.set(db, cache);
  }
  return cache.all.get('all', () => {
    const providers = db
      .prepare<[], ProviderRow>(
        'SELECT id, name, type, country_code, base_url, logo, position FROM providers ORDER BY position, id',
      )
      .all();
    const defs = db
      .prepare<[], ChannelDefinitionRow>('SELECT * FROM channel_definitions ORDER BY provider_id, id')
      .all();
    const byProvider = new Map<string, ChannelDefinition[]>();
    for (const row of defs) {
      const list = byProvider.get(row.provider_id) ?? [];
      list.push(toChannelDefinition(row));
      byProvider.set(row.provider_id, list);
    }
    return providers.map((p) => ({
      ...p,
      channel_definitions: (byProvider.get(p.id) ?? []).sort((a, b) => modeOrder(a.mode) - modeOrder(b.mode) || a.id.localeCompare(b.id)),
    }));
  });
}

export function catalogueProvider(db: Db, id: string): CatalogueProvider | undefined {
  return catalogueProviders(db).find((p) => p.id === id);
}

/** A channel definition with the provider it belongs to. */
export function catalogueChannelDefinition(
  db: Db,
  channelDefinitionId: string,
): { provider: CatalogueProvider; definition: ChannelDefinition } | undefined {
  for (const provider of catalogueProviders(db)) {
    const definition = provider.channel_definitions.find((d) => d.id === channelDefinitionId);
    if (definition) return { provider, definition };
  }
  return undefined;
}

/**
 * The channel definition a new connection uses when none is named (C7): the provider's first available one,
 * REDIRECT before EMBEDDED.
 */
export function defaultChannelDefinition(provider: CatalogueProvider): ChannelDefinition | undefined {
  return provider.channel_definitions.find((d) => !d.unavailable);
}
