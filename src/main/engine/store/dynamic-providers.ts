/**
 * SQL of the providers connectors contribute at run time (table dynamic_providers, migration 6) and of
 * their rows in the catalogue tables (providers, channel_definitions).
 */
import type { ChannelDefinition } from '../connectors/types';
import type { Db } from '../db/database';
import { channelDefinitionParams } from './providers';

export interface DynamicProviderRow {
  id: string;
  connector: string;
  key: string;
  details: string;
  listed: number;
}

export interface CatalogueEntry {
  id: string;
  name: string;
  country_code: string;
  base_url: string;
  logo: string;
  position: number;
  channel_definitions: ChannelDefinition[];
}

export function createDynamicProvidersStore(db: Db) {
  const byKey = db.prepare<[string, string], DynamicProviderRow>('SELECT * FROM dynamic_providers WHERE connector = ? AND key = ?');
  const byId = db.prepare<[string], DynamicProviderRow>('SELECT * FROM dynamic_providers WHERE id = ?');
  const idsOf = db.prepare<[string], string>('SELECT id FROM dynamic_providers WHERE connector = ?').pluck();
  const insert = db.prepare(
    'INSERT INTO dynamic_providers (id, connector, key, details, first_seen, last_seen, listed) VALUES (?, ?, ?, ?, ?, ?, 1)',
  );
  const touch = db.prepare('UPDATE dynamic_providers SET details = ?, last_seen = ?, listed = 1 WHERE id = ?');
  const unlist = db.prepare('UPDATE dynamic_providers SET listed = 0 WHERE id = ?');
  const upsertProvider = db.prepare(
    `INSERT INTO providers (id, name, type, country_code, base_url, logo, position)
     VALUES (@id, @name, 'BANKING', @country_code, @base_url, @logo, @position)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, country_code = excluded.country_code,
       base_url = excluded.base_url, logo = excluded.logo, position = excluded.position`,
  );
  const upsertDefinition = db.prepare(
    `INSERT INTO channel_definitions (id, provider_id, mode, account_types, interactive, credentials, unavailable, capabilities)
     VALUES (@id, @provider_id, @mode, @account_types, @interactive, @credentials, @unavailable, @capabilities)
     ON CONFLICT (id) DO UPDATE SET mode = excluded.mode, account_types = excluded.account_types,
       interactive = excluded.interactive, credentials = excluded.credentials, unavailable = excluded.unavailable,
       capabilities = excluded.capabilities`,
  );
  const inUse = db.prepare<[string], number>('SELECT count(*) FROM connections WHERE provider_id = ?').pluck();
  const deleteProvider = db.prepare('DELETE FROM providers WHERE id = ?');
  const retireDefinitions = db.prepare('UPDATE channel_definitions SET unavailable = 1 WHERE provider_id = ?');

  return {
    byId: (id: string) => byId.get(id),
    /** The id of (connector, key), allocated now when new: `<prefix><4 digits>`, the next free number. */
    allocate(connector: string, prefix: string, key: string, details: string, now: number): string {
      const found = byKey.get(connector, key);
      if (found) {
        touch.run(details, now, found.id);
        return found.id;
      }
      const used = new Set(idsOf.all(connector));
      for (let n = 1; n <= 9999; n++) {
        const id = `${prefix}${String(n).padStart(4, '0')}`;
        if (used.has(id)) continue;
        insert.run(id, connector, key, details, now, now);
        return id;
      }
      throw new Error('no provider id left for this connector');
    },
    /** Writes the provider and its channel definitions into the catalogue tables. */
    writeCatalogue(entry: CatalogueEntry): void {
      upsertProvider.run({
        id: entry.id,
        name: entry.name,
        country_code: entry.country_code,
        base_url: entry.base_url,
        logo: entry.logo,
        position: entry.position,
      });
      for (const d of entry.channel_definitions) upsertDefinition.run(channelDefinitionParams(entry.id, d));
    },
    /**
     * Takes the connector's providers not in `keep` out of the catalogue: deleted when no connection uses
     * them, else kept with their channel definitions unavailable (connections reference them). Their ids
     * stay allocated.
     */
    unlistAllBut(connector: string, keep: ReadonlySet<string>): void {
      for (const id of idsOf.all(connector)) {
        if (keep.has(id)) continue;
        unlist.run(id);
        if (inUse.get(id)) retireDefinitions.run(id);
        else deleteProvider.run(id);
      }
    },
  };
}

export type DynamicProvidersStore = ReturnType<typeof createDynamicProvidersStore>;
