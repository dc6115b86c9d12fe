import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';
import type { Language } from '../../../shared/language';

export interface CategoryRow {
  id: string;
  label: string;
  type: string;
  parent_id: string | null;
  parent_label: string | null;
}

/** One category to seed (the shape of an entry of resources/categories.json). */
export interface SeedCategory {
  id: string;
  parent_id?: string;
  type: string;
  label: { en: string; fr: string };
}

/** The `categories` table (seeded from resources/categories.json). */
export function createCategoryStore(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO categories (id, parent_id, type, label_en, label_fr, position)
     VALUES (@id, @parent_id, @type, @label_en, @label_fr, @position)
     ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, type = excluded.type,
       label_en = excluded.label_en, label_fr = excluded.label_fr, position = excluded.position`,
  );
  // Two languages times the four combinations of the type and parent filters.
  const lists = new Map<string, Statement<string[], CategoryRow>>();
  const exists = db.prepare<[string], number>('SELECT 1 FROM categories WHERE id = ?').pluck();

  return {
    /** Whether a category with this id exists. */
    exists: (id: string): boolean => exists.get(id) === 1,
    /** Categories in tree order, labels in `lang`; `type` and `parentId` filter when given. */
    list(lang: Language, filters: { type?: string; parentId?: string }): CategoryRow[] {
      const label = lang === 'en' ? 'label_en' : 'label_fr';
      const where: string[] = [];
      const params: string[] = [];
      if (filters.type !== undefined) {
        where.push('c.type = ?');
        params.push(filters.type);
      }
      if (filters.parentId !== undefined) {
        where.push('c.parent_id = ?');
        params.push(filters.parentId);
      }
      const key = `${label}|${where.join(' AND ')}`;
      let s = lists.get(key);
      if (!s) {
        s = db.prepare<string[], CategoryRow>(
          `SELECT c.id, c.${label} AS label, c.type, c.parent_id, p.${label} AS parent_label
             FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
            ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
            ORDER BY c.position, c.id`,
        );
        lists.set(key, s);
      }
      return s.all(...params);
    },
    /** Writes the category tree of this build (call it inside a transaction); categories it lacks are removed. */
    seed(categories: readonly SeedCategory[]): void {
      // Parents first (the file lists them so; sorting makes it independent of the file's order).
      const ordered = [...categories].sort((a, b) => Number(Boolean(a.parent_id)) - Number(Boolean(b.parent_id)));
      const position = new Map(categories.map((c, i) => [c.id, i]));
      for (const c of ordered) {
        upsert.run({
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
    },
  };
}

export type CategoryStore = ReturnType<typeof createCategoryStore>;
