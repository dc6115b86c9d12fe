import { InvalidInput } from '../domain/errors';
import type { Language } from '../../../shared/language';
import { CATEGORY_TYPES } from '../domain/values';
import type { CategoryStore } from '../store/categories';
import type { OwnCategoryStore } from '../store/own-categories';
import { toRecord, type OwnCategoryRecord } from './own-categories';

export interface CategoryRecord {
  id: string;
  label: string;
  type: string;
  parent?: { id: string; label: string };
  custom?: true;
  hidden?: true;
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

/**
 * The shipped categories with a person's own ones placed after the last shipped child of their parent
 * (tree order kept), filtered by the same `type` and `parent_id`.
 */
export function withOwnCategories(
  shipped: readonly CategoryRecord[],
  own: readonly OwnCategoryRecord[],
  query: { type?: string; parent_id?: string },
): CategoryRecord[] {
  const kept = own.filter((c) => (query.type === undefined || c.type === query.type) && (query.parent_id === undefined || c.parent.id === query.parent_id));
  if (kept.length === 0) return [...shipped];
  const byParent = new Map<string, OwnCategoryRecord[]>();
  for (const c of kept) byParent.set(c.parent.id, [...(byParent.get(c.parent.id) ?? []), c]);
  const out: CategoryRecord[] = [];
  const group = (r: CategoryRecord) => r.parent?.id ?? r.id;
  shipped.forEach((r, i) => {
    out.push(r);
    const next = shipped[i + 1];
    if (next === undefined || group(next) !== group(r)) {
      out.push(...(byParent.get(group(r)) ?? []));
      byParent.delete(group(r));
    }
  });
  // Own categories whose parent the filters left out (a parent_id filter lists children only).
  for (const rest of byParent.values()) out.push(...rest);
  return out;
}

/** The category reads (routes/categories.ts); with a user, their own categories too. */
export function createCategoryService(deps: { store: { categories: CategoryStore; ownCategories: OwnCategoryStore } }) {
  return {
    list(lang: Language, query: { type?: string; parent_id?: string }, userId?: number | null): CategoryRecord[] {
      const shipped = listCategoryRecords(deps.store.categories, lang, query);
      if (userId === undefined || userId === null) return shipped;
      return withOwnCategories(shipped, deps.store.ownCategories.list(userId, lang).map(toRecord), query);
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
