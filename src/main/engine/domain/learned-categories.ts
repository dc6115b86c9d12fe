/**
 * Learning from corrections: every change of a transaction's category by its owner is a correction of its
 * folded label (text-fold.ts). A label corrected to the same category at least LEARN_AFTER times, whose
 * most recent correction agrees, is filed there when a synchronization brings a new transaction with that
 * label (below the person's rules, above the automatic categorizer). Two agreeing corrections show a habit;
 * the latest one wins so that a person who changes their mind is followed at once.
 *
 * Pure.
 */
import { foldText } from './text-fold';

export const LEARN_AFTER = 2;

export interface Correction {
  folded_label: string;
  category_id: string;
}

/** The folded label a correction is recorded under. */
export const correctionLabel = (label: string): string => foldText(label);

/** Folded label → learnt category, from the corrections in the order they were made (oldest first). */
export function learnedCategories(corrections: Iterable<Correction>): Map<string, string> {
  const byLabel = new Map<string, { latest: string; counts: Map<string, number> }>();
  for (const c of corrections) {
    let entry = byLabel.get(c.folded_label);
    if (!entry) {
      entry = { latest: c.category_id, counts: new Map() };
      byLabel.set(c.folded_label, entry);
    }
    entry.latest = c.category_id;
    entry.counts.set(c.category_id, (entry.counts.get(c.category_id) ?? 0) + 1);
  }
  const learned = new Map<string, string>();
  for (const [label, { latest, counts }] of byLabel) {
    if (label !== '' && (counts.get(latest) ?? 0) >= LEARN_AFTER) learned.set(label, latest);
  }
  return learned;
}
