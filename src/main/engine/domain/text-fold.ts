/**
 * Free-text search support: text is folded (lower case, no diacritics, collapsed spaces: src/shared/text-fold.ts)
 * both when stored in a `search_text` column and when a `q` parameter is read, so "Société" matches "societe".
 */
import { foldText } from '../../../shared/text-fold';

export { foldText };

/** The words of a `q` parameter, folded; every word must appear (AND). */
export function searchWords(q: string): string[] {
  return foldText(q).split(' ').filter(Boolean).slice(0, 20);
}

/** A LIKE pattern matching `word` anywhere, with LIKE's wildcards escaped (use with `ESCAPE '\\'`). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
