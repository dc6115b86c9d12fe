import { describe, expect, it } from 'vitest';
import { correctionLabel, learnedCategories } from '../../../src/main/engine/domain/learned-categories';

const c = (label: string, category_id: string) => ({ folded_label: correctionLabel(label), category_id });

describe('learning from corrections', () => {
  it('learns a label corrected twice to the same category', () => {
    expect(learnedCategories([c('Franprix', 'SUPERMARKET')]).size).toBe(0);
    expect(learnedCategories([c('Franprix', 'SUPERMARKET'), c('FRANPRIX', 'SUPERMARKET')])).toEqual(new Map([['franprix', 'SUPERMARKET']]));
  });

  it('folds labels: case, accents and spaces do not make another label', () => {
    const learned = learnedCategories([c('Columbus Café', 'CAFE_BAR'), c('COLUMBUS  CAFE', 'CAFE_BAR')]);
    expect(learned.get(correctionLabel('columbus cafe'))).toBe('CAFE_BAR');
  });

  it('follows only when the most recent correction agrees', () => {
    const twiceThenOther = [c('Amazon', 'BOOKS_GAMES'), c('Amazon', 'BOOKS_GAMES'), c('Amazon', 'ELECTRONICS')];
    expect(learnedCategories(twiceThenOther).has('amazon')).toBe(false);
    // …and the habit changes once the new category has been chosen twice, the latest time included.
    expect(learnedCategories([...twiceThenOther, c('Amazon', 'ELECTRONICS')]).get('amazon')).toBe('ELECTRONICS');
    expect(learnedCategories([...twiceThenOther, c('Amazon', 'BOOKS_GAMES')]).get('amazon')).toBe('BOOKS_GAMES');
  });

  it('never learns the empty label', () => {
    expect(learnedCategories([c('  ', 'X'), c('', 'X')]).size).toBe(0);
  });
});
