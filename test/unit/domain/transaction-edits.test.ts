import { describe, expect, it } from 'vitest';
import { InvalidInput } from '../../../src/main/engine/domain/errors';
import { normalizeNote, normalizeTags } from '../../../src/main/engine/domain/transaction-edits';

describe("a person's note", () => {
  it('is trimmed; null, empty or blank clears it', () => {
    expect(normalizeNote('  lunch ')).toBe('lunch');
    expect(normalizeNote(null)).toBeNull();
    expect(normalizeNote('')).toBeNull();
    expect(normalizeNote(' \n ')).toBeNull();
  });
  it('holds at most 1000 characters (counted as characters, not UTF-16 units)', () => {
    expect(normalizeNote('😀'.repeat(1000))).toHaveLength(2000);
    expect(() => normalizeNote('x'.repeat(1001))).toThrow(InvalidInput);
  });
});

describe("a person's tags", () => {
  it('are trimmed, duplicates ignoring case dropped, order kept', () => {
    expect(normalizeTags([' Work ', 'trip', 'WORK', 'Été', 'été'])).toEqual(['Work', 'trip', 'Été']);
  });
  it('an empty list clears them', () => {
    expect(normalizeTags([])).toBeNull();
  });
  it('each 1..40 characters, at most 20', () => {
    expect(() => normalizeTags([' '])).toThrow(InvalidInput);
    expect(() => normalizeTags(['x'.repeat(41)])).toThrow(InvalidInput);
    expect(normalizeTags(['x'.repeat(40)])).toEqual(['x'.repeat(40)]);
    expect(normalizeTags(Array.from({ length: 20 }, (_, i) => `t${i}`))).toHaveLength(20);
    expect(() => normalizeTags(Array.from({ length: 21 }, (_, i) => `t${i}`))).toThrow(InvalidInput);
    // Duplicates do not count towards the limit.
    expect(normalizeTags([...Array.from({ length: 20 }, (_, i) => `t${i}`), 'T0'])).toHaveLength(20);
  });
});
