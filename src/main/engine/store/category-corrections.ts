/** The `category_corrections` table: a person's changes of category, by folded label (domain/learned-categories.ts). */
import type { Db } from '../db/database';
import type { Correction } from '../domain/learned-categories';

export function createCategoryCorrectionStore(db: Db) {
  const insert = db.prepare('INSERT INTO category_corrections (user_id, folded_label, category_id, date) VALUES (?, ?, ?, ?)');
  const all = db.prepare<[number], Correction>('SELECT folded_label, category_id FROM category_corrections WHERE user_id = ? ORDER BY id');
  return {
    record: (userId: number, foldedLabel: string, categoryId: string, now: number): void => void insert.run(userId, foldedLabel, categoryId, now),
    /** The user's corrections, oldest first. */
    all: (userId: number): Correction[] => all.all(userId),
  };
}
