import { describe, expect, it } from 'vitest';
import { withNote, withTags } from '../../../src/main/engine/domain/ledger-operations';
import { compileConditions, normalizeConditions, readConditions } from '../../../src/main/engine/domain/rule-conditions';
import { compileRuleMatcher } from '../../../src/main/engine/domain/rule-matcher';

const row = (amount: number, currency = 'EUR', account_id = 1, date = 100) => ({ amount, currency, account_id, date });

describe('rule conditions', () => {
  it('compares amounts in the currency\'s units (JPY has none, EUR cents)', () => {
    const holds = compileConditions({ amount_min: -50, amount_max: -10 });
    expect(holds(row(-2000))).toBe(true); // -20.00 EUR
    expect(holds(row(-6000))).toBe(false);
    expect(holds(row(-20, 'JPY'))).toBe(true);
    expect(holds(row(-2000, 'JPY'))).toBe(false);
  });

  it('refuses empty ranges and drops empty conditions', () => {
    expect(() => normalizeConditions({ amount_min: 2, amount_max: 1 })).toThrow(/amount_min/);
    expect(() => normalizeConditions({ date_from: 2, date_to: 1 })).toThrow(/date_from/);
    expect(normalizeConditions({ account_ids: [] })).toBeNull();
  });

  it('reads stored conditions defensively: a malformed import never breaks a synchronization', () => {
    expect(readConditions({ account_ids: 'x', sign: 'UP', amount_min: '5' })).toBeNull();
    expect(readConditions([1])).toBeNull();
    expect(readConditions({ sign: 'CREDIT', account_ids: [3] })).toEqual({ sign: 'CREDIT', account_ids: ['3'] });
  });
});

describe('rule matcher', () => {
  it('gives the first rule by position whose pattern AND conditions hold', () => {
    const rules = [
      { id: 1, folded: 'amazon', conditions: { amount_max: -100 } },
      { id: 2, folded: 'amazon', conditions: null },
    ];
    const m = compileRuleMatcher(rules);
    expect(m.match('AMAZON EU', null, null, row(-20000))?.id).toBe(1);
    expect(m.match('Amazon', null, null, row(-500))?.id).toBe(2);
    expect(m.match('Ámazôn', null, null, row(-500))?.id).toBe(2);
    expect(m.match('Other', 'AMAZON', null, row(-500))?.id).toBe(2);
    expect(m.match('Other', null, null, row(-500))).toBeUndefined();
  });
});

describe('tags and notes added by an operation', () => {
  it('adds tags once, ignoring case, keeping order', () => {
    expect(withTags(null, ['a'])).toBe('["a"]');
    expect(withTags('["A","b"]', ['a', 'c'])).toBe('["A","b","c"]');
  });

  it('adds a note on a line of its own, once', () => {
    expect(withNote(null, 'x')).toBe('x');
    expect(withNote('a', 'x')).toBe('a\nx');
    expect(withNote('a\nx', 'x')).toBe('a\nx');
    expect(() => withNote('y'.repeat(999), 'xx')).toThrow(/1000/);
  });
});
