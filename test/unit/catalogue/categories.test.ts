import { describe, expect, it } from 'vitest';
import {
  CATEGORY_DEFINITIONS,
  getCategory,
  isCategoryId,
  listCategories,
  UNCATEGORIZED,
} from '../../../src/main/engine/catalogue/categories';

describe('category tree (see docs/api/records.md#category)', () => {
  it('holds about 60 categories with unique upper-snake ids', () => {
    expect(CATEGORY_DEFINITIONS.length).toBeGreaterThanOrEqual(55);
    expect(CATEGORY_DEFINITIONS.length).toBeLessThanOrEqual(70);
    const ids = CATEGORY_DEFINITIONS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('has the ids the rest of the app relies on', () => {
    for (const id of ['SUPERMARKET', 'RESTAURANT', 'SALARY', 'RENT', 'UTILITIES', 'INTERNAL_TRANSFER', 'UNCATEGORIZED']) expect(isCategoryId(id)).toBe(true);
    const top = CATEGORY_DEFINITIONS.filter((c) => !c.parent_id).map((c) => c.id);
    for (const id of ['FOOD', 'HOUSING', 'TRANSPORT', 'LEISURE', 'HEALTH', 'INCOME', 'BANKING']) expect(top).toContain(id);
    expect(getCategory(UNCATEGORIZED, 'en')?.type).toBe('OTHER');
    expect(isCategoryId('NOPE')).toBe(false);
  });

  it('is a two-level tree: every parent exists, comes first, is top level and has the child’s type', () => {
    const seen = new Set<string>();
    for (const c of CATEGORY_DEFINITIONS) {
      if (c.parent_id) {
        expect(seen.has(c.parent_id), `${c.id} → ${c.parent_id}`).toBe(true);
        const parent = CATEGORY_DEFINITIONS.find((p) => p.id === c.parent_id)!;
        expect(parent.parent_id).toBeUndefined();
        expect(c.type).toBe(parent.type);
      }
      seen.add(c.id);
      expect(['EXPENSE', 'INCOME', 'TRANSFER', 'OTHER']).toContain(c.type);
    }
    const parents = new Set(CATEGORY_DEFINITIONS.map((c) => c.parent_id).filter(Boolean));
    for (const top of CATEGORY_DEFINITIONS.filter((c) => !c.parent_id && c.id !== UNCATEGORIZED)) expect(parents.has(top.id)).toBe(true);
  });

  it('is labelled in English and French', () => {
    for (const c of CATEGORY_DEFINITIONS) {
      expect(c.label.en.trim()).not.toBe('');
      expect(c.label.fr.trim()).not.toBe('');
    }
    const translated = CATEGORY_DEFINITIONS.filter((c) => c.label.en !== c.label.fr).length;
    expect(translated).toBeGreaterThan(CATEGORY_DEFINITIONS.length * 0.8);
  });

  it.each(['en', 'fr'] as const)('listCategories(%s) gives API records in that language', (lang) => {
    const list = listCategories(lang);
    expect(list).toHaveLength(CATEGORY_DEFINITIONS.length);
    const food = list.find((c) => c.id === 'FOOD')!;
    expect(food).toEqual({ id: 'FOOD', label: lang === 'en' ? 'Food & dining' : 'Alimentation & restaurants', type: 'EXPENSE' });
    expect('parent' in food).toBe(false);
    const market = list.find((c) => c.id === 'SUPERMARKET')!;
    expect(market).toEqual({ id: 'SUPERMARKET', label: lang === 'en' ? 'Groceries' : 'Supermarché', type: 'EXPENSE', parent: { id: 'FOOD', label: food.label } });
    expect(getCategory('SUPERMARKET', lang)).toEqual(market);
    for (const c of list) expect(Object.values(c)).not.toContain(undefined);
  });

  it('returns fresh objects that callers may change', () => {
    listCategories('en')[0].label = 'changed';
    expect(listCategories('en')[0].label).not.toBe('changed');
  });
});
