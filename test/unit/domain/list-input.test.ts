import { describe, expect, it } from 'vitest';
import { parseAccountSort } from '../../../src/main/engine/domain/account-sort';
import { InvalidInput } from '../../../src/main/engine/domain/errors';
import { offsetOf, parseEnumList } from '../../../src/main/engine/domain/list-input';

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidInput);
    return (err as InvalidInput).message;
  }
  throw new Error('expected InvalidInput');
};

describe('comma lists of enum values', () => {
  it.each([
    ['A', ['A']],
    ['B,A', ['B', 'A']],
    [' A , B ', ['A', 'B']],
    ['A,A,B', ['A', 'B']],
  ] as const)('%j → %j', (text, values) => {
    expect(parseEnumList('type', text, ['A', 'B'])).toEqual(values);
  });

  it.each([
    ['', 'query parameter type has an empty item'],
    ['A,', 'query parameter type has an empty item'],
    ['C', 'query parameter type: unknown value "C" (allowed: A, B)'],
  ])('refuses %j', (text, message) => {
    expect(refused(() => parseEnumList('type', text, ['A', 'B']))).toBe(message);
  });
});

describe('pages', () => {
  it.each([
    [1, 100, 0],
    [2, 100, 100],
    [3, 7, 14],
  ])('page %i of %i skips %i rows', (page, limit, offset) => {
    expect(offsetOf({ page, limit })).toBe(offset);
  });
});

describe('account sort', () => {
  it.each([
    [undefined, [{ field: 'creation_date', descending: false }]],
    ['-name', [{ field: 'name', descending: true }]],
    ['+name,-creation_date', [{ field: 'name', descending: false }, { field: 'creation_date', descending: true }]],
  ] as const)('%j', (sort, terms) => {
    expect(parseAccountSort(sort)).toEqual(terms);
  });

  it.each([
    ['balance', 'query parameter sort: unknown field "balance" (allowed: name, creation_date)'],
    ['name,', 'query parameter sort has an empty item'],
    ['name,-name', 'query parameter sort names name twice'],
  ])('refuses %j', (sort, message) => {
    expect(refused(() => parseAccountSort(sort))).toBe(message);
  });
});
