import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SLOTS, OTHER_KEY, categoryColor, categorySlot } from '../../../src/renderer/src/lib/chart-colors';

const tree = JSON.parse(readFileSync('resources/categories.json', 'utf8')) as Array<{ id: string; parent_id?: string }>;

describe('category colours', () => {
  it('depend on the id only: the same for the same id, whatever else is shown', () => {
    expect(categoryColor('FOOD')).toBe(categoryColor('FOOD'));
    expect(categoryColor('FOOD')).toBe(`var(--category-${categorySlot('FOOD')})`);
    // Known values: a change of the rule would change every person's colours.
    expect(categorySlot('FOOD')).toBe(10);
    expect(categorySlot('HOUSING')).toBe(8);
  });

  it('give the top-level categories of the catalogue all different colours', () => {
    const top = tree.filter((c) => !c.parent_id).map((c) => c.id);
    expect(top.length).toBeLessThanOrEqual(CATEGORY_SLOTS);
    expect(new Set(top.map(categorySlot)).size).toBe(top.length);
  });

  it('give any id a slot in range, and "other" a neutral colour', () => {
    for (const c of tree) {
      const slot = categorySlot(c.id);
      expect(slot).toBeGreaterThanOrEqual(0);
      expect(slot).toBeLessThan(CATEGORY_SLOTS);
    }
    expect(categoryColor(OTHER_KEY)).toBe('var(--chart-8)');
  });
});
