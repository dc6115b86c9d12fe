/** A stored categorization rule read back with its conditions and actions parsed. */
import { parseJson } from '../domain/record';
import { readActions, readConditions, type RuleActions, type RuleConditions } from '../domain/rule-conditions';
import type { CategorizationRuleRow } from './categorization-rules';

export type ParsedRule = Omit<CategorizationRuleRow, 'conditions' | 'actions'> & {
  conditions: RuleConditions | null;
  actions: RuleActions | null;
};

/** The row with its JSON columns read (only well-formed fields kept), as the rule matcher and the apply use it. */
export function matchableRule(row: CategorizationRuleRow): ParsedRule {
  return {
    ...row,
    conditions: readConditions(parseJson<unknown>(row.conditions, null)),
    actions: readActions(parseJson<unknown>(row.actions, null)),
  };
}
