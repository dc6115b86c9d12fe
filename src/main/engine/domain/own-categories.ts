/**
 * A person's own categories (an extension): each sits under one of the shipped top-level categories and
 * takes its type. Its id is "custom_<number>": lower case, so it can never be one of the shipped ids, which
 * are upper-snake. Pure rules; the store keeps the rows and the service applies these checks.
 */
import { InvalidInput } from './errors';
import { foldText } from './text-fold';

export const CUSTOM_PREFIX = 'custom_';
export const LABEL_MAX = 60;

/** The id served for the stored row number. */
export const customCategoryId = (rowId: number): string => `${CUSTOM_PREFIX}${rowId}`;

/** The row number of a custom category id, or null when the text is not one (then it is simply not found). */
export function customCategoryRowId(id: string): number | null {
  const m = /^custom_([1-9]\d{0,15})$/.exec(id);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/** Whether the text has the shape of a category id, shipped (SUPERMARKET) or custom (custom_12). */
export const isCategoryIdShape = (id: string): boolean => /^[A-Z0-9_]{1,64}$/.test(id) || customCategoryRowId(id) !== null;

/** The label as kept: trimmed, inner spaces collapsed, 1..60 characters. */
export function normalizeCategoryLabel(label: string): string {
  const text = label.trim().replace(/\s+/g, ' ');
  const length = [...text].length;
  if (length === 0 || length > LABEL_MAX) throw new InvalidInput(`label must be 1 to ${LABEL_MAX} characters`);
  return text;
}

/** The label as two categories must differ: case, accents and repeated spaces ignored. */
export const foldCategoryLabel = (label: string): string => foldText(label);

/** A shipped category as these rules need it. */
export interface ShippedCategory {
  id: string;
  parent_id: string | null;
  type: string;
}

/**
 * The parent a custom category may have: a shipped top-level category (a shipped category with no parent),
 * other than UNCATEGORIZED, which files nothing. Returns its type; InvalidInput otherwise.
 */
export function checkParent(parentId: string, shipped: ReadonlyMap<string, ShippedCategory>): string {
  const parent = shipped.get(parentId);
  if (!parent || parent.parent_id !== null || parent.id === 'UNCATEGORIZED') {
    const allowed = [...shipped.values()].filter((c) => c.parent_id === null && c.id !== 'UNCATEGORIZED').map((c) => c.id);
    throw new InvalidInput(`parent_id must be one of the top-level categories: ${allowed.join(', ')}`);
  }
  return parent.type;
}

/** What a merge needs to know of the category merged into. */
export interface MergeTarget {
  id: string;
  hidden: boolean;
}

/** A category can be merged into another visible category, never into itself (InvalidInput otherwise). */
export function checkMerge(fromId: string, into: MergeTarget): void {
  if (into.id === fromId) throw new InvalidInput('a category cannot be merged into itself: choose another category');
  if (into.hidden) throw new InvalidInput(`the category ${into.id} is hidden: show it again before merging into it`);
}
