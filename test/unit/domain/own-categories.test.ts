import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../src/main/engine/domain/errors';
import {
  checkMerge,
  checkParent,
  customCategoryId,
  customCategoryRowId,
  foldCategoryLabel,
  isCategoryIdShape,
  normalizeCategoryLabel,
} from '../../../src/main/engine/domain/own-categories';
import { checkPayeeMerge, foldPayeeName, normalizePayeeName } from '../../../src/main/engine/domain/payees';
import { withOwnCategories, type CategoryRecord } from '../../../src/main/engine/services/categories';
import type { OwnCategoryRecord } from '../../../src/main/engine/services/own-categories';
import { CATEGORY_DEFINITIONS } from '../../../src/main/engine/catalogue/categories';

const shipped = new Map(CATEGORY_DEFINITIONS.map((c) => [c.id, { id: c.id, parent_id: c.parent_id ?? null, type: c.type }]));

describe('custom category ids', () => {
  it('are lower case, so never one of the shipped upper-snake ids, and read back', () => {
    expect(customCategoryId(12)).toBe('custom_12');
    expect(customCategoryRowId('custom_12')).toBe(12);
    for (const c of CATEGORY_DEFINITIONS) expect(customCategoryRowId(c.id)).toBeNull();
    for (const text of ['custom_0', 'custom_', 'CUSTOM_1', 'custom_1x', 'custom_01', 'custom_99999999999999999']) expect(customCategoryRowId(text)).toBeNull();
  });

  it('pass the shape check of the history filter, like the shipped ids', () => {
    expect(isCategoryIdShape('SUPERMARKET')).toBe(true);
    expect(isCategoryIdShape('custom_3')).toBe(true);
    expect(isCategoryIdShape('custom_x')).toBe(false);
    expect(isCategoryIdShape("x' OR 1")).toBe(false);
  });
});

describe('labels', () => {
  it('are trimmed with inner spaces collapsed, 1 to 60 characters', () => {
    expect(normalizeCategoryLabel('  Coffee \t beans ')).toBe('Coffee beans');
    expect(() => normalizeCategoryLabel('   ')).toThrow(InvalidInput);
    expect(normalizeCategoryLabel('é'.repeat(60))).toHaveLength(60);
    expect(() => normalizeCategoryLabel('x'.repeat(61))).toThrow(/60/);
  });

  it('are compared ignoring case, accents and repeated spaces', () => {
    expect(foldCategoryLabel('Café  Crème')).toBe(foldCategoryLabel('cafe creme'));
    expect(foldPayeeName('AMAZÓN')).toBe(foldPayeeName('amazon'));
  });
});

describe('parents', () => {
  it('are the shipped top-level categories but UNCATEGORIZED; the type is the parent\'s', () => {
    expect(checkParent('FOOD', shipped)).toBe('EXPENSE');
    expect(checkParent('INCOME', shipped)).toBe('INCOME');
    for (const bad of ['SUPERMARKET', 'UNCATEGORIZED', 'custom_1', 'NOPE', '']) expect(() => checkParent(bad, shipped)).toThrow(/parent_id must be one of/);
  });
});

describe('merges', () => {
  it('go into another visible category only', () => {
    expect(() => checkMerge('custom_1', { id: 'custom_2', hidden: false })).not.toThrow();
    expect(() => checkMerge('custom_1', { id: 'FOOD', hidden: false })).not.toThrow();
    expect(() => checkMerge('custom_1', { id: 'custom_1', hidden: false })).toThrow(/itself/);
    expect(() => checkMerge('custom_1', { id: 'custom_2', hidden: true })).toThrow(/hidden/);
    expect(() => checkPayeeMerge(3, 3)).toThrow(/itself/);
    expect(() => checkPayeeMerge(3, 4)).not.toThrow();
  });
});

describe('payee names', () => {
  it('are trimmed, collapsed, 1 to 80 characters, and the error names the field', () => {
    expect(normalizePayeeName('  Corner   shop ')).toBe('Corner shop');
    expect(() => normalizePayeeName(' ', 'payee_name')).toThrow(/payee_name must be 1 to 80/);
    expect(() => normalizePayeeName('x'.repeat(81))).toThrow(/name must be 1 to 80/);
  });
});

describe('the list of categories with own ones', () => {
  const rec = (id: string, parent?: string): CategoryRecord => ({ id, label: id, type: 'EXPENSE', ...(parent ? { parent: { id: parent, label: parent } } : {}) });
  const own = (id: string, parent: string, type = 'EXPENSE'): OwnCategoryRecord => ({ id, label: id, type, parent: { id: parent, label: parent }, custom: true });
  const list = [rec('FOOD'), rec('BAKERY', 'FOOD'), rec('CAFE', 'FOOD'), rec('HOUSING'), rec('TAXES'), rec('INCOME_TAX', 'TAXES')];

  it("puts each after the last shipped child of its parent, or after a parent with no children", () => {
    const out = withOwnCategories(list, [own('custom_1', 'FOOD'), own('custom_2', 'HOUSING'), own('custom_3', 'FOOD')], {});
    expect(out.map((c) => c.id)).toEqual(['FOOD', 'BAKERY', 'CAFE', 'custom_1', 'custom_3', 'HOUSING', 'custom_2', 'TAXES', 'INCOME_TAX']);
  });

  it('applies the type and parent_id filters to them too', () => {
    const children = list.filter((c) => c.parent?.id === 'FOOD');
    const out = withOwnCategories(children, [own('custom_1', 'FOOD'), own('custom_2', 'HOUSING')], { parent_id: 'FOOD' });
    expect(out.map((c) => c.id)).toEqual(['BAKERY', 'CAFE', 'custom_1']);
    expect(withOwnCategories([], [own('custom_1', 'INCOME', 'INCOME')], { type: 'EXPENSE' })).toEqual([]);
  });
});
