/**
 * The first of a person's rules (in position order) whose pattern is contained in one of a transaction's
 * folded texts AND whose conditions hold for the row (rule-conditions.ts). The patterns are looked up once
 * per distinct text (bank data repeats its texts a great many times); the conditions, cheap, per row.
 */
import { compileConditions, type ConditionRow, type RuleConditions } from './rule-conditions';
import { foldText } from './text-fold';

export interface MatchableRule {
  id: number;
  /** The folded pattern. */
  folded: string;
  conditions: RuleConditions | null;
}

export interface RuleMatcher<R> {
  readonly size: number;
  /** The winning rule for a row with these texts (any may be null) and values. */
  match(label: string, source: string | null, notes: string | null, row: ConditionRow): R | undefined;
}

const MEMO_MAX = 50_000;

export function compileRuleMatcher<R extends MatchableRule>(rules: readonly R[]): RuleMatcher<R> {
  const usable = rules.filter((r) => r.folded !== '').map((rule) => ({ rule, holds: compileConditions(rule.conditions) }));
  // Per distinct texts: the rules whose pattern they contain, in position order.
  const memo = new Map<string, typeof usable>();
  const candidates = (label: string, source: string | null, notes: string | null) => {
    const key = `${label}\u0000${source ?? ''}\u0000${notes ?? ''}`;
    let found = memo.get(key);
    if (found === undefined) {
      const texts = [foldText(label)];
      if (source) texts.push(foldText(source));
      if (notes) texts.push(foldText(notes));
      found = usable.filter((u) => texts.some((t) => t.includes(u.rule.folded)));
      if (memo.size > MEMO_MAX) memo.clear();
      memo.set(key, found);
    }
    return found;
  };
  return {
    size: usable.length,
    match(label, source, notes, row) {
      if (usable.length === 0) return undefined;
      for (const c of candidates(label, source, notes)) if (c.holds(row)) return c.rule;
      return undefined;
    },
  };
}
