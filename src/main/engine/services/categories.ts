import { InvalidInput } from '../domain/errors';
import type { Language } from '../../../shared/language';
import { CATEGORY_TYPES } from '../domain/values';
import type { CategoryStore } from '../store/categories';

export interface CategoryRecord {
  id: string;
  label: string;
  type: string;
  parent?: { id: string; label: string };
}

/**
 * GET /categories from the `categories` table (seeded from resources/categories.json): optional `type`
 * (EXPENSE, INCOME, TRANSFER, OTHER) and `parent_id` filters, labels in `lang`, tree order.
 */
export function listCategoryRecords(
  categories: CategoryStore,
  lang: Language,
  query: { type?: string; parent_id?: string },
): CategoryRecord[] {
  if (query.type !== undefined && !(CATEGORY_TYPES as readonly string[]).includes(query.type)) {
    throw new InvalidInput(`query parameter type must be one of ${CATEGORY_TYPES.join(', ')}`);
  }
  return categories.list(lang, { type: query.type, parentId: query.parent_id }).map((r) => {
    const record: CategoryRecord = { id: r.id, label: r.label, type: r.type };
    if (r.parent_id && r.parent_label !== null) record.parent = { id: r.parent_id, label: r.parent_label };
    return record;
  });
}

/** The category reads (routes/categories.ts). */
export function createCategoryService(deps: { store: { categories: CategoryStore } }) {
  return {
    list: (lang: Language, query: { type?: string; parent_id?: string }) => listCategoryRecords(deps.store.categories, lang, query),
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
