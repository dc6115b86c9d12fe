import { api, listAll } from './client';
import type { CategorizationRule, RulesApplied } from './types';

/** The body of POST /categorization_rules (position: 1-based, default last). */
export interface NewCategorizationRule {
  pattern: string;
  category_id: string;
  position?: number;
  /** Amount, sign, accounts, dates (all must hold); left out: the words alone decide. */
  conditions?: CategorizationRule['conditions'];
  /** Tags and a note added besides the category. */
  actions?: CategorizationRule['actions'];
}

/** A replacement of a rule: PUT replaces everything, so what the form does not show is sent back as it was. */
export type RuleReplacement = NewCategorizationRule & { position: number };

/** Categorization rules (extension): read with transactions_read, changed with transactions_manage. */
export const rulesApi = {
  /** Every rule, in position order (the first matching rule wins). */
  list: () => listAll<CategorizationRule>('/categorization_rules'),
  get: (id: string) => api.get<CategorizationRule>(`/categorization_rules/${encodeURIComponent(id)}`),
  /** 201 with the rule; 409 conflict (error body `id`: the other rule) when a rule has the same pattern. */
  create: (rule: NewCategorizationRule) => api.post<CategorizationRule>('/categorization_rules', rule).then((r) => r.data),
  /** Replaces the rule; `position` moves it and the others shift. */
  update: (id: string, rule: RuleReplacement) => api.put(`/categorization_rules/${encodeURIComponent(id)}`, rule),
  remove: (id: string) => api.del(`/categorization_rules/${encodeURIComponent(id)}`),
  /** Files past transactions by all rules (or only where `ruleId` wins), except those the person filed. */
  apply: (ruleId?: string) =>
    api.post<RulesApplied>('/categorization_rules/apply', ruleId === undefined ? {} : { rule_id: ruleId }).then((r) => r.data),
};
