/**
 * The `categorization_rules` table (a person's "always file «pattern» under category" rules, see
 * domain/categorization-rules.ts). Positions of a user's rules are always 1..n; moves and deletions shift
 * the others inside one transaction.
 */
import type { Db } from '../db/database';
import { offsetOf, type PageLimit } from '../domain/list-input';

export interface CategorizationRuleRow {
  id: number;
  user_id: number;
  pattern: string;
  folded: string;
  category_id: string;
  position: number;
  creation_date: number;
  /** JSON of domain/rule-conditions.ts RuleConditions, or null (the pattern alone decides). */
  conditions: string | null;
  /** JSON of RuleActions (tags, note beside the category), or null. */
  actions: string | null;
}

/** What is written of a rule. */
export interface RuleValues {
  pattern: string;
  folded: string;
  category_id: string;
  position: number;
  conditions: string | null;
  actions: string | null;
}

export function createCategorizationRuleStore(db: Db) {
  const all = db.prepare<[number], CategorizationRuleRow>('SELECT * FROM categorization_rules WHERE user_id = ? ORDER BY position, id');
  const page = db.prepare<[number, number, number], CategorizationRuleRow>(
    'SELECT * FROM categorization_rules WHERE user_id = ? ORDER BY position, id LIMIT ? OFFSET ?',
  );
  const count = db.prepare<[number], number>('SELECT count(*) FROM categorization_rules WHERE user_id = ?').pluck();
  const owned = db.prepare<[number, number], CategorizationRuleRow>('SELECT * FROM categorization_rules WHERE id = ? AND user_id = ?');
  const byFolded = db.prepare<[number, string], number>('SELECT id FROM categorization_rules WHERE user_id = ? AND folded = ?').pluck();
  const insert = db.prepare(
    'INSERT INTO categorization_rules (user_id, pattern, folded, category_id, position, creation_date, conditions, actions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const update = db.prepare('UPDATE categorization_rules SET pattern = ?, folded = ?, category_id = ?, position = ?, conditions = ?, actions = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM categorization_rules WHERE id = ?');
  const shift = db.prepare('UPDATE categorization_rules SET position = position + ? WHERE user_id = ? AND position >= ? AND position <= ?');

  return {
    /** Every rule of the user, in position order (what a synchronization or an apply compiles). */
    all: (userId: number): CategorizationRuleRow[] => all.all(userId),
    page: (userId: number, p: PageLimit): CategorizationRuleRow[] => page.all(userId, p.limit, offsetOf(p)),
    count: (userId: number): number => count.get(userId)!,
    owned: (userId: number, id: number | null): CategorizationRuleRow | undefined => (id === null ? undefined : owned.get(id, userId)),
    /** The id of the user's rule with this folded pattern, if any. */
    idByFolded: (userId: number, folded: string): number | undefined => byFolded.get(userId, folded),
    /** Inserts at `position` (1..count+1), shifting the rules from there down by one. Returns the id. */
    insert(userId: number, rule: RuleValues, now: number): number {
      return db.transaction(() => {
        shift.run(1, userId, rule.position, Number.MAX_SAFE_INTEGER);
        return Number(insert.run(userId, rule.pattern, rule.folded, rule.category_id, rule.position, now, rule.conditions, rule.actions).lastInsertRowid);
      })();
    },
    /** Replaces a rule, moving it from `from` to `rule.position` (1..count); the rules between shift by one. */
    replace(userId: number, id: number, from: number, rule: RuleValues): void {
      db.transaction(() => {
        const to = rule.position;
        if (to < from) shift.run(1, userId, to, from - 1);
        else if (to > from) shift.run(-1, userId, from + 1, to);
        update.run(rule.pattern, rule.folded, rule.category_id, to, rule.conditions, rule.actions, id);
      })();
    },
    /** Deletes a rule; the rules after it move up by one. */
    delete(userId: number, id: number, position: number): void {
      db.transaction(() => {
        remove.run(id);
        shift.run(-1, userId, position + 1, Number.MAX_SAFE_INTEGER);
      })();
    },
  };
}

export type CategorizationRuleStore = ReturnType<typeof createCategorizationRuleStore>;
