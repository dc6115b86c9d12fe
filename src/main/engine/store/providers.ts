import type { ChannelDefinition, CredentialDefinition, ProviderDefinition } from '../connectors/types';
import type { Db } from '../db/database';
import { parseJson } from '../domain/record';
import { dbVersionReader, VersionedCache } from './db-version';

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

/**
 * REDIRECT before EMBEDDED (the default channel definition is the provider's first: see
 * docs/api/request-bodies.md#connections).
 */
const modeOrder = (mode: string) => (mode === 'REDIRECT' ? 0 : 1);

/** A channel definition as the parameters of a channel_definitions row (the other way: toChannelDefinition). */
export function channelDefinitionParams(providerId: string, d: ChannelDefinition) {
  return {
    id: d.id,
    provider_id: providerId,
    mode: d.mode,
    account_types: JSON.stringify(d.account_types),
    interactive: d.interactive ? 1 : 0,
    credentials: JSON.stringify(d.credentials),
    unavailable: d.unavailable ? 1 : 0,
    capabilities: JSON.stringify(d.capabilities),
  };
}

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

/** The `providers` and `channel_definitions` tables. */
export function createProviderStore(db: Db) {
  const providers = db.prepare<[], ProviderRow>("SELECT id, name, type, country_code, base_url, logo, position FROM providers WHERE id <> 'manual' ORDER BY position, id");
  const definitions = db.prepare<[], ChannelDefinitionRow>('SELECT * FROM channel_definitions ORDER BY provider_id, id');
  // The 'manual' row only anchors the person's manual connections (no channel, nothing to offer): not in the catalogue.
  // Read once per database version: the catalogue changes only at start and with the roll-out.
  const cache = new VersionedCache<CatalogueProvider[]>(dbVersionReader(db), 1);
  const upsertProvider = db.prepare(
    `INSERT INTO providers (id, name, type, country_code, base_url, logo, position)
     VALUES (@id, @name, @type, @country_code, @base_url, @logo, @position)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type, country_code = excluded.country_code,
       base_url = excluded.base_url, logo = excluded.logo, position = excluded.position`,
  );
  const upsertDefinition = db.prepare(
    `INSERT INTO channel_definitions (id, provider_id, mode, account_types, interactive, credentials, unavailable, capabilities)
     VALUES (@id, @provider_id, @mode, @account_types, @interactive, @credentials, @unavailable, @capabilities)
     ON CONFLICT (id) DO UPDATE SET provider_id = excluded.provider_id, mode = excluded.mode,
       interactive = excluded.interactive, credentials = excluded.credentials, capabilities = excluded.capabilities`,
  );
  const definitionIds = db.prepare<[string], string>('SELECT id FROM channel_definitions WHERE provider_id = ?').pluck();
  const retire = db.prepare('UPDATE channel_definitions SET unavailable = 1 WHERE id = ?');

  /** Every provider with its channel definitions (REDIRECT first), in catalogue order. */
  function all(): CatalogueProvider[] {
    return cache.get('all', () => {
      const byProvider = new Map<string, ChannelDefinition[]>();
      for (const row of definitions.all()) {
        const list = byProvider.get(row.provider_id) ?? [];
        list.push(toChannelDefinition(row));
        byProvider.set(row.provider_id, list);
      }
      return providers.all().map((p) => ({
        ...p,
        channel_definitions: (byProvider.get(p.id) ?? []).sort((a, b) => modeOrder(a.mode) - modeOrder(b.mode) || a.id.localeCompare(b.id)),
      }));
    });
  }

  return {
    all,
    find: (id: string): CatalogueProvider | undefined => all().find((p) => p.id === id),
    /** A channel definition with the provider it belongs to. */
    channelDefinition(channelDefinitionId: string): { provider: CatalogueProvider; definition: ChannelDefinition } | undefined {
      for (const provider of all()) {
        const definition = provider.channel_definitions.find((d) => d.id === channelDefinitionId);
        if (definition) return { provider, definition };
      }
      return undefined;
    },
    /**
     * Writes the providers that ship with the code (call it inside a transaction). A new channel definition
     * is inserted whole; an existing one gets the connector-owned fields (mode, interactive, credentials,
     * capabilities) but keeps `account_types` and `unavailable`, which the REDIRECT roll-out (see
     * docs/api/rollout.md#steps) changes at run time. A definition the code no longer has becomes unavailable
     * (connections may still reference it). Providers are never deleted, for the same reason.
     */
    seed(list: readonly ProviderDefinition[]): void {
      list.forEach((p, position) => {
        upsertProvider.run({ id: p.id, name: p.name, type: p.type, country_code: p.country_code, base_url: p.base_url, logo: p.logo, position });
        const known = new Set(p.channel_definitions.map((d) => d.id));
        for (const d of p.channel_definitions) upsertDefinition.run(channelDefinitionParams(p.id, d));
        for (const id of definitionIds.all(p.id)) if (!known.has(id)) retire.run(id);
      });
    },
  };
}

export type ProviderStore = ReturnType<typeof createProviderStore>;
