/**
 * Categorization rules of a person ("always file «Carrefour» under Groceries"): a rule matches a
 * transaction when its pattern, folded (case and accents ignored, spaces collapsed: text-fold.ts), is
 * contained in the folded label, counterparty or bank notes. The first matching rule by position wins.
 *
 * Pure: the caller compiles the rules once (per synchronization run, per apply) and asks for each row.
 */
import { InvalidInput } from './errors';
import { foldText } from './text-fold';

export const PATTERN_MIN = 2;
export const PATTERN_MAX = 100;

export interface RuleLike {
  id: number;
  /** As folded by `foldPattern`. */
  folded: string;
  category_id: string;
}

/** The texts of a transaction a rule looks at; any may be missing. */
export interface RuleTexts {
  label: string;
  source: string | null;
  notes: string | null;
}

/** A pattern as kept: trimmed, 2..100 characters (InvalidInput otherwise). */
export function normalizePattern(pattern: string): string {
  const text = pattern.trim();
  const length = [...text].length;
  if (length < PATTERN_MIN || length > PATTERN_MAX)
    throw new InvalidInput(`pattern must be ${PATTERN_MIN} to ${PATTERN_MAX} characters`);
  return text;
}

/** The pattern as it is matched, and as two rules of a person must differ. */
export const foldPattern = (pattern: string): string => foldText(pattern);

/** Rules compiled once: `match` gives the first rule (by the order given) matching a transaction. */
export interface CompiledRules<R extends RuleLike> {
  readonly size: number;
  match(texts: RuleTexts): R | undefined;
  /** `match` on texts already folded. */
  matchFolded(folded: readonly string[]): R | undefined;
}

/** `rules` must be in position order. Empty patterns (which would match everything) are skipped. */
export function compileRules<R extends RuleLike>(rules: readonly R[]): CompiledRules<R> {
  const usable = rules.filter((r) => r.folded !== '');
  const matchFolded = (folded: readonly string[]): R | undefined => {
    for (const rule of usable) {
      for (const text of folded) if (text.includes(rule.folded)) return rule;
    }
    return undefined;
  };
  return {
    size: usable.length,
    matchFolded,
    match(texts) {
      if (usable.length === 0) return undefined;
      const folded = [foldText(texts.label)];
      if (texts.source) folded.push(foldText(texts.source));
      if (texts.notes) folded.push(foldText(texts.notes));
      return matchFolded(folded);
    },
  };
}

/**
 * Where a rule lands when moved to `wanted` among `count` rules (1-based; beyond the end: last). The others
 * shift to keep positions 1..count.
 */
export function clampPosition(wanted: number | undefined, count: number): number {
  if (wanted === undefined || wanted > count) return count;
  return Math.max(1, Math.floor(wanted));
}
