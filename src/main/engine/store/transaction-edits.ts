/**
 * A person's edits of their transactions (PUT /transactions/{id}) and the re-filing of past transactions by
 * their categorization rules. Only the extension columns and category_id are written; import_date and
 * last_update_date stay (incremental readers are not disturbed).
 */
import type { Db } from '../db/database';

export type CategorySource = 'USER' | 'RULE' | 'LEARNED';

export interface EditableTransaction {
  id: number;
  label: string;
  category_id: string;
  category_source: CategorySource | null;
  category_rule_id: number | null;
  user_note: string | null;
  tags: string | null;
}

/** A transaction as rules look at it (apply to past transactions). */
export interface FilableTransaction {
  id: number;
  label: string;
  source_label: string | null;
  notes: string | null;
  category_id: string;
  category_source: CategorySource | null;
  category_rule_id: number | null;
}

export function createTransactionEditStore(db: Db) {
  const owned = db.prepare<[number, number], EditableTransaction>(
    'SELECT id, label, category_id, category_source, category_rule_id, user_note, tags FROM transactions WHERE id = ? AND user_id = ?',
  );
  const write = db.prepare<[string, string | null, number | null, string | null, string | null, number]>(
    'UPDATE transactions SET category_id = ?, category_source = ?, category_rule_id = ?, user_note = ?, tags = ? WHERE id = ?',
  );
  const notByUser = db.prepare<[number], FilableTransaction>(
    `SELECT id, label, source_label, notes, category_id, category_source, category_rule_id FROM transactions
     WHERE user_id = ? AND category_source IS NOT 'USER'`,
  );
  const file = db.prepare<[string, number, number]>(
    "UPDATE transactions SET category_id = ?, category_source = 'RULE', category_rule_id = ? WHERE id = ?",
  );
  return {
    owned: (userId: number, id: number | null): EditableTransaction | undefined => (id === null ? undefined : owned.get(id, userId)),
    /** Writes the edited values (all of them: the caller merges what was given with what was stored). */
    write(
      id: number,
      v: { category_id: string; category_source: CategorySource | null; category_rule_id: number | null; user_note: string | null; tags: string | null },
    ): void {
      write.run(v.category_id, v.category_source, v.category_rule_id, v.user_note, v.tags, id);
    },
    /** The user's transactions whose category the person did not set themselves. */
    notFiledByUser: (userId: number): IterableIterator<FilableTransaction> => notByUser.iterate(userId),
    /** Files transactions by rules: [transaction id, category, rule id]. */
    fileByRules(updates: ReadonlyArray<readonly [number, string, number]>): void {
      for (const [id, category, ruleId] of updates) file.run(category, ruleId, id);
    },
  };
}
