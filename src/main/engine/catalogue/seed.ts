import { connectorRegistry } from '../connectors/registry';
import type { ProviderDefinition } from '../connectors/types';
import type { EngineContext } from '../context';
import type { Db } from '../db/database';
import { CATEGORY_DEFINITIONS, type CategoryDefinition } from './categories';

/**
 * Writes the catalogue that ships with the code into the database: providers with their channel
 * definitions (from the connector registry) and the category tree (resources/categories.json). Idempotent;
 * runs at every start.
 *
 * Channel definitions: a new one is inserted whole; an existing one gets the connector-owned fields (mode,
 * interactive, credentials, capabilities) but keeps `account_types` and `unavailable`, which the REDIRECT
 * roll-out (C13) changes at run time. A definition the code no longer has becomes unavailable (connections
 * may still reference it). Providers are never deleted, for the same reason.
 */
export function upsertCatalogue(
  db: Db,
  providers: readonly ProviderDefinition[],
  categories: readonly CategoryDefinition[],
): void {
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
  const upsertCategory = db.prepare(
    `INSERT INTO categories (id, parent_id, type, label_en, label_fr, position)
     VALUES (@id, @parent_id, @type, @label_en, @label_fr, @position)
     ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, type = excluded.type,
       label_en = excluded.label_en, label_fr = excluded.label_fr, position = excluded.position`,
  );

  db.transaction(() => {
    providers.forEach((p, position) => {
      upsertProvider.run({
        id: p.id,
        name: p.name,
        type: p.type,
        country_code: p.country_code,
        base_url: p.base_url,
        logo: p.logo,
        position,
      });
      const known = new Set(p.channel_definitions.map((d) => d.id));
      for (const d of p.channel_definitions) {
        upsertDefinition.run({
          id: d.id,
          provider_id: p.id,
          mode: d.mode,
          account_types: JSON.stringify(d.account_types),
          interactive: d.interactive ? 1 : 0,
          credentials: JSON.stringify(d.credentials),
          unavailable: d.unavailable ? 1 : 0,
          capabilities: JSON.stringify(d.capabilities),
        });
      }
      for (const id of definitionIds.all(p.id)) if (!known.has(id)) retire.run(id);
    });

    // Parents first (the file lists them so; sorting makes it independent of the file's order).
    const ordered = [...categories].sort((a, b) => Number(Boolean(a.parent_id)) - Number(Boolean(b.parent_id)));
    const position = new Map(categories.map((c, i) => [c.id, i]));
    for (const c of ordered) {
      upsertCategory.run({
        id: c.id,
        parent_id: c.parent_id ?? null,
        type: c.type,
        label_en: c.label.en,
        label_fr: c.label.fr,
        position: position.get(c.id)!,
      });
    }
    const ids = categories.map((c) => c.id);
    db.prepare(`DELETE FROM categories WHERE id NOT IN (${ids.map(() => '?').join(',')})`).run(...ids);
  })();
}

/** StartupStep: the catalogue of this build, written at every start (providers from the connector registry). */
export function seedCatalogue(ctx: EngineContext): void {
  upsertCatalogue(ctx.db, connectorRegistry.map((c) => c.definition), CATEGORY_DEFINITIONS);
}
