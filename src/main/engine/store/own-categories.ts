/**
 * The `user_categories` table (a person's own categories, domain/own-categories.ts) and the merge of one
 * into another: its transactions, the corrections learnt from and the rules all move to the other category.
 */
import type { Db } from '../db/database';
import type { Language } from '../../../shared/language';

export interface OwnCategoryRow {
  id: number;
  user_id: number;
  parent_id: string;
  label: string;
  folded: string;
  hidden: number;
  creation_date: number;
}

/** A shipped category with both labels (parent checks and the duplicate-name check). */
export interface ShippedCategoryRow {
  id: string;
  parent_id: string | null;
  type: string;
  label_en: string;
  label_fr: string;
}

/** An own category as listed, with its parent's label in the request's language and its type. */
export interface ListedOwnCategory extends OwnCategoryRow {
  parent_label: string;
  type: string;
}

export function createOwnCategoryStore(db: Db) {
  const shipped = db.prepare<[], ShippedCategoryRow>('SELECT id, parent_id, type, label_en, label_fr FROM categories ORDER BY position, id');
  const owned = db.prepare<[number, number], OwnCategoryRow>('SELECT * FROM user_categories WHERE id = ? AND user_id = ?');
  const byFolded = db.prepare<[number, string], number>('SELECT id FROM user_categories WHERE user_id = ? AND folded = ?').pluck();
  const insert = db.prepare('INSERT INTO user_categories (user_id, parent_id, label, folded, hidden, creation_date) VALUES (?, ?, ?, ?, 0, ?)');
  const update = db.prepare('UPDATE user_categories SET parent_id = ?, label = ?, folded = ?, hidden = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM user_categories WHERE id = ?');
  const moveTransactions = db.prepare('UPDATE transactions SET category_id = ? WHERE user_id = ? AND category_id = ?');
  const moveCorrections = db.prepare('UPDATE category_corrections SET category_id = ? WHERE user_id = ? AND category_id = ?');
  const moveRules = db.prepare('UPDATE categorization_rules SET category_id = ? WHERE user_id = ? AND category_id = ?');
  // Split parts and budgets follow too: a part filed under the merged category, the amounts assigned to it
  // (added to those of the category it goes into, month by month) and its budget settings (the other's kept).
  const moveSplitParts = db.prepare(
    'UPDATE transaction_splits SET category_id = ? WHERE category_id = ? AND transaction_id IN (SELECT id FROM transactions WHERE user_id = ?)',
  );
  const addAssignments = db.prepare(
    `INSERT INTO budget_assignments (user_id, month, category_id, amount)
       SELECT user_id, month, ?, amount FROM budget_assignments WHERE user_id = ? AND category_id = ? AND true
     ON CONFLICT (user_id, month, category_id) DO UPDATE SET amount = amount + excluded.amount`,
  );
  const dropAssignments = db.prepare('DELETE FROM budget_assignments WHERE user_id = ? AND category_id = ?');
  const dropBudgetSettings = db.prepare('DELETE FROM budget_categories WHERE user_id = ? AND category_id = ?');
  const lists = {
    en: listStatement(db, 'label_en'),
    fr: listStatement(db, 'label_fr'),
  };
  const children = db.prepare<[number], { id: number; parent_id: string }>('SELECT id, parent_id FROM user_categories WHERE user_id = ?');

  return {
    /** The shipped tree, in its order, with both labels. */
    shipped: (): ShippedCategoryRow[] => shipped.all(),
    owned: (userId: number, id: number | null): OwnCategoryRow | undefined => (id === null ? undefined : owned.get(id, userId)),
    /** The id of the user's category with this folded label, if any. */
    idByFolded: (userId: number, folded: string): number | undefined => byFolded.get(userId, folded),
    /** The user's categories, hidden ones included, by parent (in the shipped order) then label. */
    list: (userId: number, lang: Language): ListedOwnCategory[] => lists[lang === 'en' ? 'en' : 'fr'].all(userId),
    /** Every own category of the user and its parent (the history's category filter takes children along). */
    parents: (userId: number): Array<{ id: number; parent_id: string }> => children.all(userId),
    insert: (userId: number, v: { parent_id: string; label: string; folded: string }, now: number): number =>
      Number(insert.run(userId, v.parent_id, v.label, v.folded, now).lastInsertRowid),
    update(id: number, v: { parent_id: string; label: string; folded: string; hidden: boolean }): void {
      update.run(v.parent_id, v.label, v.folded, v.hidden ? 1 : 0, id);
    },
    /**
     * Moves everything filed under `fromId` to `intoId` (transactions, split parts, the corrections learnt
     * from, the rules, budget amounts) and removes the category row. Call inside a transaction: the caller's use case makes it one. Returns
     * how many transactions moved.
     */
    merge(userId: number, rowId: number, fromId: string, intoId: string): number {
      const moved = moveTransactions.run(intoId, userId, fromId).changes;
      moveCorrections.run(intoId, userId, fromId);
      moveRules.run(intoId, userId, fromId);
      moveSplitParts.run(intoId, fromId, userId);
      addAssignments.run(intoId, userId, fromId);
      dropAssignments.run(userId, fromId);
      dropBudgetSettings.run(userId, fromId);
      remove.run(rowId);
      return moved;
    },
  };
}

function listStatement(db: Db, label: 'label_en' | 'label_fr') {
  return db.prepare<[number], ListedOwnCategory>(
    `SELECT u.*, p.${label} AS parent_label, p.type AS type
       FROM user_categories u JOIN categories p ON p.id = u.parent_id
      WHERE u.user_id = ?
      ORDER BY p.position, u.label COLLATE NOCASE, u.id`,
  );
}

export type OwnCategoryStore = ReturnType<typeof createOwnCategoryStore>;
