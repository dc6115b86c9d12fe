/**
 * The fixed category tree shipped with the app (resources/categories.json, docs/api/records.md#category): upper-snake
 * ids, a type, an optional parent, labels in English and French.
 */
import tree from '../../../../resources/categories.json' with { type: 'json' };

export type CategoryType = 'EXPENSE' | 'INCOME' | 'TRANSFER' | 'OTHER';
export type CategoryLanguage = 'en' | 'fr';

/** One entry of resources/categories.json. */
export interface CategoryDefinition {
  id: string;
  parent_id?: string;
  type: CategoryType;
  label: Record<CategoryLanguage, string>;
}

/** The API record (see docs/api/records.md). */
export interface Category {
  id: string;
  label: string;
  type: CategoryType;
  parent?: { id: string; label: string };
}

export const UNCATEGORIZED = 'UNCATEGORIZED';

export const CATEGORY_DEFINITIONS: readonly CategoryDefinition[] = tree as CategoryDefinition[];

const byId = new Map(CATEGORY_DEFINITIONS.map((c) => [c.id, c]));

export function isCategoryId(id: string): boolean {
  return byId.has(id);
}

export function getCategoryDefinition(id: string): CategoryDefinition | undefined {
  return byId.get(id);
}

function toRecord(def: CategoryDefinition, lang: CategoryLanguage): Category {
  const record: Category = { id: def.id, label: def.label[lang], type: def.type };
  const parent = def.parent_id ? byId.get(def.parent_id) : undefined;
  if (parent) record.parent = { id: parent.id, label: parent.label[lang] };
  return record;
}

/** Every category in tree order (each parent before its children), labelled in `lang`. */
export function listCategories(lang: CategoryLanguage): Category[] {
  return CATEGORY_DEFINITIONS.map((def) => toRecord(def, lang));
}

export function getCategory(id: string, lang: CategoryLanguage): Category | undefined {
  const def = byId.get(id);
  return def ? toRecord(def, lang) : undefined;
}
