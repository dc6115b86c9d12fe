import { describe, expect, it } from 'vitest';
import { clampPosition, compileRules, foldPattern, normalizePattern } from '../../../src/main/engine/domain/categorization-rules';
import { InvalidInput } from '../../../src/main/engine/domain/errors';

const rule = (id: number, pattern: string, category_id: string) => ({ id, folded: foldPattern(pattern), category_id });

describe('categorization rules', () => {
  it('keeps a pattern of 2 to 100 characters after trimming', () => {
    expect(normalizePattern('  Carrefour ')).toBe('Carrefour');
    expect(normalizePattern('é'.repeat(100))).toBe('é'.repeat(100));
    for (const bad of ['', ' ', 'a', ' a ', 'x'.repeat(101)]) expect(() => normalizePattern(bad)).toThrow(InvalidInput);
  });

  it('folds case, accents and repeated spaces', () => {
    expect(foldPattern('  CAFÉ   de la  Gare ')).toBe('cafe de la gare');
    expect(foldPattern('Carrefour')).toBe(foldPattern('cárrefour'));
  });

  it('matches inside the label, the counterparty or the bank notes', () => {
    const rules = compileRules([rule(1, 'carrefour', 'SUPERMARKET')]);
    expect(rules.match({ label: 'CARREFOUR CITY', source: null, notes: null })?.id).toBe(1);
    expect(rules.match({ label: 'Payment', source: 'Carrefour Market', notes: null })?.id).toBe(1);
    expect(rules.match({ label: 'Payment', source: null, notes: 'CB CÁRREFOUR  12/11' })?.id).toBe(1);
    expect(rules.match({ label: 'Payment', source: 'Monoprix', notes: 'CB MONOPRIX' })).toBeUndefined();
  });

  it('collapses spaces in the texts too', () => {
    const rules = compileRules([rule(1, 'cafe de la gare', 'CAFE_BAR')]);
    expect(rules.match({ label: 'CAFÉ  DE   LA GARE', source: null, notes: null })?.id).toBe(1);
  });

  it('gives the first matching rule in the order given (position)', () => {
    const rules = compileRules([rule(7, 'city', 'OTHER'), rule(3, 'carrefour', 'SUPERMARKET')]);
    expect(rules.match({ label: 'Carrefour City', source: null, notes: null })?.id).toBe(7);
    expect(rules.match({ label: 'Carrefour Market', source: null, notes: null })?.id).toBe(3);
  });

  it('skips a rule whose folded pattern is empty rather than matching everything', () => {
    const rules = compileRules([{ id: 1, folded: '', category_id: 'X' }]);
    expect(rules.size).toBe(0);
    expect(rules.match({ label: 'anything', source: null, notes: null })).toBeUndefined();
  });

  it('places a moved or new rule within 1..count', () => {
    expect(clampPosition(undefined, 4)).toBe(4);
    expect(clampPosition(9, 4)).toBe(4);
    expect(clampPosition(2, 4)).toBe(2);
    expect(clampPosition(0, 4)).toBe(1);
  });
});
