/** A stored categorization rule read back with its conditions and actions parsed. */
import type { RuleActions, RuleConditions } from '../domain/rule-conditions';
import { parseJson } from '../domain/record';
import type { CategorizationRuleRow } from './categorization-rules';

export type ParsedRule = Omit<CategorizationRuleRow, 'conditions' | 'actions'> & {
  conditions: RuleConditions | null;
  actions: RuleActions | null;
};

/** The row with its JSON columns read, as the rule matcher and the apply use it. */
export function matchableRule(row: CategorizationRuleRow): ParsedRule {
  return {
    ...row,
    conditions: parseJson<RuleConditions | null>(row.conditions, null),
    actions: parseJson<RuleActions | null>(row.actions, null),
  };
}
