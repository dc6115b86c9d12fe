/**
 * A person's own categories (an extension): created under a shipped top-level category, renamed, hidden,
 * moved, and merged into another category (its transactions, the corrections learnt from and the rules
 * follow, in one database transaction). Rules are domain/own-categories.ts.
 */
import { Conflict, InvalidInput, NotFound } from '../domain/errors';
import {
  checkMerge,
  checkParent,
  customCategoryId,
  customCategoryRowId,
  foldCategoryLabel,
  normalizeCategoryLabel,
  type ShippedCategory,
} from '../domain/own-categories';
import type { Language } from '../../../shared/language';
import type { Store } from '../store';
import type { OwnCategoryRow, ShippedCategoryRow } from '../store/own-categories';

export interface OwnCategoryInput {
  label?: string;
  parent_id?: string;
  hidden?: boolean;
}

export interface OwnCategoryRecord {
  id: string;
  label: string;
  type: string;
  parent: { id: string; label: string };
  custom: true;
  hidden?: true;
}

type Deps = { store: Pick<Store, 'ownCategories' | 'transaction'>; now(): number };

const shippedMap = (rows: readonly ShippedCategoryRow[]): Map<string, ShippedCategory> => new Map(rows.map((r) => [r.id, r]));

/**
 * Whether a transaction or a rule of this user may be filed under `categoryId`: a shipped category, or one
 * of the user's own that is not hidden. InvalidInput otherwise (another user's category is unknown here).
 */
export function checkFilingCategory(store: Pick<Store, 'ownCategories' | 'categories'>, userId: number, categoryId: string, field = 'category_id'): void {
  const rowId = customCategoryRowId(categoryId);
  if (rowId === null) {
    if (!store.categories.exists(categoryId)) throw new InvalidInput(`unknown ${field} ${categoryId}`);
    return;
  }
  const row = store.ownCategories.owned(userId, rowId);
  if (!row) throw new InvalidInput(`unknown ${field} ${categoryId}`);
  if (row.hidden) throw new InvalidInput(`the category «${row.label}» is hidden: show it again before filing under it`);
}

export function createOwnCategoryService(deps: Deps) {
  const { store } = deps;
  const own = store.ownCategories;

  function owned(userId: number, idText: string): OwnCategoryRow {
    const rowId = customCategoryRowId(idText);
    const row = own.owned(userId, rowId);
    if (!row) throw NotFound.of('category', idText);
    return row;
  }

  /** The label as kept and folded; Conflict when another category (the user's or a shipped one) has it. */
  function checkedLabel(userId: number, label: string, shipped: readonly ShippedCategoryRow[], exceptRowId?: number) {
    const text = normalizeCategoryLabel(label);
    const folded = foldCategoryLabel(text);
    const other = own.idByFolded(userId, folded);
    if (other !== undefined && other !== exceptRowId) throw new Conflict(`you already have a category named «${text}»`, customCategoryId(other));
    const same = shipped.find((c) => foldCategoryLabel(c.label_en) === folded || foldCategoryLabel(c.label_fr) === folded);
    if (same) throw new Conflict(`a category named «${text}» already exists`, same.id);
    return { label: text, folded };
  }

  function record(row: OwnCategoryRow, lang: Language): OwnCategoryRecord {
    const listed = own.list(row.user_id, lang).find((r) => r.id === row.id)!;
    return toRecord(listed);
  }

  return {
    get: (userId: number, idText: string, lang: Language): OwnCategoryRecord => record(owned(userId, idText), lang),
    create(userId: number, input: Required<Pick<OwnCategoryInput, 'label' | 'parent_id'>>, lang: Language): OwnCategoryRecord {
      return store.transaction(() => {
        const shipped = own.shipped();
        checkParent(input.parent_id, shippedMap(shipped));
        const values = checkedLabel(userId, input.label, shipped);
        const rowId = own.insert(userId, { ...values, parent_id: input.parent_id }, deps.now());
        return record(own.owned(userId, rowId)!, lang);
      });
    },
    /** Renames, moves under another parent, hides or shows again: fields left out stay. */
    update(userId: number, idText: string, input: OwnCategoryInput): void {
      if (input.label === undefined && input.parent_id === undefined && input.hidden === undefined)
        throw new InvalidInput('give at least one of label, parent_id, hidden');
      store.transaction(() => {
        const row = owned(userId, idText);
        const shipped = own.shipped();
        const parent_id = input.parent_id ?? row.parent_id;
        if (input.parent_id !== undefined) checkParent(parent_id, shippedMap(shipped));
        const values = input.label === undefined ? { label: row.label, folded: row.folded } : checkedLabel(userId, input.label, shipped, row.id);
        own.update(row.id, { ...values, parent_id, hidden: input.hidden ?? row.hidden === 1 });
      });
    },
    /**
     * Merges the category into `intoId` (a shipped category, or another of the user's own that is not
     * hidden): one database transaction moves its transactions, corrections and rules, then removes it.
     */
    merge(userId: number, idText: string, intoId: string): { moved: number; into_id: string } {
      return store.transaction(() => {
        const row = owned(userId, idText);
        const fromId = customCategoryId(row.id);
        const intoRowId = customCategoryRowId(intoId);
        if (intoRowId === null) {
          if (!own.shipped().some((c) => c.id === intoId)) throw new InvalidInput(`unknown into_id ${intoId}`);
          checkMerge(fromId, { id: intoId, hidden: false });
        } else {
          const into = own.owned(userId, intoRowId);
          if (!into) throw new InvalidInput(`unknown into_id ${intoId}`);
          checkMerge(fromId, { id: intoId, hidden: into.hidden === 1 });
        }
        return { moved: own.merge(userId, row.id, fromId, intoId), into_id: intoId };
      });
    },
  };
}

/** The API record of an own category (listed with its parent's label). */
export function toRecord(r: OwnCategoryRow & { parent_label: string; type: string }): OwnCategoryRecord {
  const out: OwnCategoryRecord = { id: customCategoryId(r.id), label: r.label, type: r.type, parent: { id: r.parent_id, label: r.parent_label }, custom: true };
  if (r.hidden) out.hidden = true;
  return out;
}

export type OwnCategoryService = ReturnType<typeof createOwnCategoryService>;
