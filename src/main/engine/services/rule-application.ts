/**
 * What applying a person's rules to their past transactions would change (issue 22): for each transaction
 * whose category the person did not set (category_source USER is never re-filed), the winning rule (first by
 * position whose pattern and conditions hold) files it, and adds its tags and note. Used by the preview (count
 * and first rows, nothing written) and by the apply (one operation, undone as a whole).
 */
import { OPERATION_ROWS_MAX, sameCorrections, withNote, withTags, type Corrections } from '../domain/ledger-operations';
import { compileRuleMatcher } from '../domain/rule-matcher';
import { prefilterLikes } from '../domain/rule-prefilter';
import type { Store } from '../store';
import type { ChangedRow } from '../store/ledger-operations';
import type { ParsedRule } from '../store/rule-records';

export interface RuleChanges {
  /** Every transaction that would change. */
  count: number;
  /** The changes, kept only up to OPERATION_ROWS_MAX + 1 (beyond that the apply is refused anyway). */
  rows: ChangedRow[];
}

/** The corrections a rule leaves on a row. */
function filed(rule: ParsedRule, before: Corrections): Corrections {
  const after: Corrections = { ...before, category_id: rule.category_id, category_source: 'RULE', category_rule_id: rule.id };
  const actions = rule.actions;
  if (actions?.tags) after.tags = withTags(before.tags, actions.tags);
  if (actions?.user_note) {
    try {
      after.user_note = withNote(before.user_note, actions.user_note);
    } catch {
      // A note that would grow too long is left as it was; the category and tags still apply.
    }
  }
  return after;
}

/** The changes of applying `rules` (in position order) to the user's past transactions; `only`: where that rule wins. */
export function ruleChanges(store: Pick<Store, 'ledgerRows'>, userId: number, rules: readonly ParsedRule[], only?: number): RuleChanges {
  const matcher = compileRuleMatcher(rules);
  const out: RuleChanges = { count: 0, rows: [] };
  if (matcher.size === 0) return out;
  // Only the rows SQLite cannot rule out: with `only`, its own pattern (where it wins, it matches).
  const likes = prefilterLikes((only === undefined ? rules : rules.filter((r) => r.id === only)).map((r) => r.folded));
  const rows = likes ? store.ledgerRows.ruleCandidatesLike(userId, likes) : store.ledgerRows.ruleCandidates(userId);
  for (const t of rows) {
    const winner = matcher.match(t.label, t.source_label, t.notes, t);
    if (!winner || (only !== undefined && winner.id !== only)) continue;
    const before: Corrections = { category_id: t.category_id, category_source: t.category_source, category_rule_id: t.category_rule_id, user_note: t.user_note, tags: t.tags };
    const after = filed(winner, before);
    if (sameCorrections(before, after)) continue;
    out.count++;
    if (out.rows.length <= OPERATION_ROWS_MAX) out.rows.push({ id: t.id, before, after });
  }
  return out;
}
