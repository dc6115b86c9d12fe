import type { CategorizationRule } from '../../lib/api';

export type RuleConditions = NonNullable<CategorizationRule['conditions']>;

/** What the rule form shows of a rule's conditions: money in or out, and an amount range, as typed. */
export interface ConditionFields {
  sign: '' | 'DEBIT' | 'CREDIT';
  min: string;
  max: string;
}

export const conditionFields = (c?: RuleConditions): ConditionFields => ({
  sign: c?.sign ?? '',
  min: c?.amount_min === undefined ? '' : String(c.amount_min),
  max: c?.amount_max === undefined ? '' : String(c.amount_max),
});

/** A typed amount ("-20", "12,50") as a number; undefined when empty, null when not a number. */
function amount(text: string): number | undefined | null {
  const t = text.trim().replace(',', '.').replace(/\s/g, '');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * The conditions to send: the fields of the form over what the rule had (its accounts and dates, which the
 * form does not show, are kept). null when an amount is not a number or the range is empty.
 */
export function conditionsFrom(fields: ConditionFields, kept?: RuleConditions): RuleConditions | undefined | null {
  const min = amount(fields.min);
  const max = amount(fields.max);
  if (min === null || max === null || (min !== undefined && max !== undefined && min > max)) return null;
  const out: RuleConditions = { ...kept };
  delete out.sign;
  delete out.amount_min;
  delete out.amount_max;
  if (fields.sign) out.sign = fields.sign;
  if (min !== undefined) out.amount_min = min;
  if (max !== undefined) out.amount_max = max;
  return Object.keys(out).length ? out : undefined;
}

/**
 * The body that replaces `rule` with `patch` applied: PUT replaces every field, so what the screen does not
 * change (its conditions, its actions) is sent back as it was — never dropped by a move or an edit.
 */
export function replacementOf(
  rule: CategorizationRule,
  patch: Partial<Pick<CategorizationRule, 'pattern' | 'category_id' | 'position'>> & { conditions?: RuleConditions | null },
) {
  const conditions = patch.conditions === undefined ? rule.conditions : (patch.conditions ?? undefined);
  return {
    pattern: patch.pattern ?? rule.pattern,
    category_id: patch.category_id ?? rule.category_id,
    position: patch.position ?? rule.position,
    ...(conditions ? { conditions } : {}),
    ...(rule.actions ? { actions: rule.actions } : {}),
  };
}

/** The parts of a rule's conditions and actions the rules list names, as message keys with their values. */
export function conditionParts(rule: CategorizationRule): Array<{ key: 'ledger.condOut' | 'ledger.condIn' | 'ledger.condFrom' | 'ledger.condTo' | 'ledger.condAccounts' | 'ledger.condDates' | 'ledger.condTags' | 'ledger.condNote'; value?: string | number }> {
  const c = rule.conditions ?? {};
  const out: ReturnType<typeof conditionParts> = [];
  if (c.sign === 'DEBIT') out.push({ key: 'ledger.condOut' });
  if (c.sign === 'CREDIT') out.push({ key: 'ledger.condIn' });
  if (c.amount_min !== undefined) out.push({ key: 'ledger.condFrom', value: c.amount_min });
  if (c.amount_max !== undefined) out.push({ key: 'ledger.condTo', value: c.amount_max });
  if (c.account_ids?.length) out.push({ key: 'ledger.condAccounts' });
  if (c.date_from !== undefined || c.date_to !== undefined) out.push({ key: 'ledger.condDates' });
  if (rule.actions?.tags?.length) out.push({ key: 'ledger.condTags', value: rule.actions.tags.join(', ') });
  if (rule.actions?.user_note) out.push({ key: 'ledger.condNote' });
  return out;
}
