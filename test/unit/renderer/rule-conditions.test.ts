import { describe, expect, it } from 'vitest';
import { conditionFields, conditionsFrom, replacementOf } from '../../../src/renderer/src/features/history/rule-conditions';
import type { CategorizationRule } from '../../../src/renderer/src/lib/api';

const rule: CategorizationRule = {
  id: '1',
  pattern: 'amazon',
  category_id: 'GIFTS',
  position: 2,
  creation_date: 0,
  conditions: { account_ids: ['7'], sign: 'DEBIT', date_from: 10 },
  actions: { tags: ['online'] },
};

describe('the rules screen never drops what it does not show', () => {
  it('a move sends back the conditions and the actions (PUT replaces the whole rule)', () => {
    expect(replacementOf(rule, { position: 1 })).toEqual({
      pattern: 'amazon', category_id: 'GIFTS', position: 1, conditions: rule.conditions, actions: rule.actions,
    });
  });

  it('an edit keeps the accounts and dates the form does not show, and can clear what it does', () => {
    const fields = { ...conditionFields(rule.conditions), sign: '' as const, min: '-100', max: '-20,5' };
    expect(conditionsFrom(fields, rule.conditions)).toEqual({ account_ids: ['7'], date_from: 10, amount_min: -100, amount_max: -20.5 });
    expect(conditionsFrom({ sign: '', min: '', max: '' }, undefined)).toBeUndefined();
    expect(conditionsFrom({ sign: '', min: '5', max: '1' }, undefined)).toBeNull();
    expect(conditionsFrom({ sign: '', min: 'abc', max: '' }, undefined)).toBeNull();
  });
});
