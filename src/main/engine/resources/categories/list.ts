import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import type { Language } from '../common/language';
import { CATEGORY_TYPES } from '../values';

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
export function listCategoryRecords(db: Db, lang: Language, query: { type?: string; parent_id?: string }): CategoryRecord[] {
  if (query.type !== undefined && !(CATEGORY_TYPES as readonly string[]).includes(query.type)) {
    throw badRequest(`query parameter type must be one of ${CATEGORY_TYPES.join(', ')}`);
  }
  const label = lang === 'en' ? 'label_en' : 'label_fr';
  const where: string[] = [];
  const params: string[] = [];
  if (query.type !== undefined) {
    where.push('c.type = ?');
    params.push(query.type);
  }
  if (query.parent_id !== undefined) {
    where.push('c.parent_id = ?');
    params.push(query.parent_id);
  }
  const rows = db
    .prepare<string[], { id: string; label: string; type: string; parent_id: string | null; parent_label: string | null }>(
      `SELECT c.id, c.${label} AS label, c.type, c.parent_id, p.${label} AS parent_label
         FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY c.position, c.id`,
    )
    .all(...params);
  return rows.map((r) => {
    const record: CategoryRecord = { id: r.id, label: r.label, type: r.type };
    if (r.parent_id && r.parent_label !== null) record.parent = { id: r.parent_id, label: r.parent_label };
    return record;
  });
}
