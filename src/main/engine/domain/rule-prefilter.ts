/**
 * A test SQLite can run before any row reaches JavaScript, that every transaction a rule's pattern matches
 * passes (rows it lets through are still matched exactly, domain/rule-matcher.ts).
 *
 * Why it never drops a match: take one word of the folded pattern made only of printable ASCII (no space).
 * A text made only of printable ASCII folds to itself in lower case with its spaces collapsed, so if its fold
 * contains that word, the text itself contains it up to ASCII case, which is what SQLite's LIKE compares.
 * A text with any other character (accents, tabs, other scripts) cannot be judged that way: GLOB
 * '*[^ -~]*' lets every such text through.
 */
import { containsPattern } from './text-fold';

const PRINTABLE_WORD = /^[\x21-\x7e]+$/;

/** The LIKE pattern of the longest printable-ASCII word of a folded rule pattern, or null when it has none. */
export function prefilterLike(folded: string): string | null {
  const words = folded.split(' ').filter((w) => PRINTABLE_WORD.test(w));
  if (words.length === 0) return null;
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  return containsPattern(longest);
}

/** Beyond this many rules, reading every row costs less than SQLite trying every word on each. */
export const PREFILTER_RULES_MAX = 20;

/** The LIKE patterns of a set of folded patterns, or null when one of them has no usable word (read every row). */
export function prefilterLikes(foldedPatterns: readonly string[]): string[] | null {
  if (foldedPatterns.length === 0 || foldedPatterns.length > PREFILTER_RULES_MAX) return null;
  const likes = foldedPatterns.map(prefilterLike);
  return likes.every((l): l is string => l !== null) ? [...new Set(likes)] : null;
}
