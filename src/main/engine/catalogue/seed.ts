import { connectorRegistry } from '../connectors/registry';
import type { ProviderDefinition } from '../connectors/types';
import type { Db } from '../db/database';
import type { Store } from '../store';
import { createCategoryStore } from '../store/categories';
import { createProviderStore } from '../store/providers';
import { CATEGORY_DEFINITIONS, type CategoryDefinition } from './categories';

/**
 * Writes the catalogue that ships with the code into the database: providers with their channel
 * definitions (from the connector registry) and the category tree (resources/categories.json). Idempotent;
 * runs at every start.
 *
 * Channel definitions: a new one is inserted whole; an existing one gets the connector-owned fields (mode,
 * interactive, credentials, capabilities) but keeps `account_types` and `unavailable`, which the REDIRECT
 * roll-out (see docs/api/rollout.md#steps) changes at run time. A definition the code no longer has becomes unavailable
 * (connections may still reference it). Providers are never deleted, for the same reason.
 */
export function upsertCatalogue(
  db: Db,
  providers: readonly ProviderDefinition[],
  categories: readonly CategoryDefinition[],
): void {
  // Seeding runs once per start: the two stores made here are not kept.
  const providerStore = createProviderStore(db);
  const categoryStore = createCategoryStore(db);
  db.transaction(() => {
    providerStore.seed(providers);
    categoryStore.seed(categories);
  }).immediate();
}

/** StartupStep: the catalogue of this build, written at every start (providers from the connector registry). */
export function seedCatalogue(ctx: { store: Pick<Store, 'transaction' | 'providers' | 'categories'> }): void {
  ctx.store.transaction(() => {
    ctx.store.providers.seed(connectorRegistry.map((c) => c.definition));
    ctx.store.categories.seed(CATEGORY_DEFINITIONS);
  });
}
