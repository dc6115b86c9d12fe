/**
 * Sorting the history by label the way a person reads, in the app's language: accents and case do not
 * separate words ("Écran" sorts with "Ecran", between "eau" and "Zara"), numbers inside labels compare as
 * numbers ("Loyer 2" before "Loyer 10").
 *
 * Comparing 100,000 labels with Intl.Collator at every step of a sort is slow (about 1 s), so each distinct
 * label gets its rank once, and the sort then compares two integers. Bank labels repeat a lot (a few thousand
 * distinct ones in 100,000 rows), so ranking the distinct ones is quick.
 */

/** A label folded for sorting and matching: accents removed, lower-case, spaces collapsed. */
export function foldLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** For each row, the rank of its folded label in the language's order (equal labels share a rank). */
export function labelRanks(folded: readonly string[], locale: string): Int32Array {
  const distinct = [...new Set(folded)];
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  distinct.sort(collator.compare);
  const rankOf = new Map<string, number>();
  let rank = 0;
  for (let k = 0; k < distinct.length; k++) {
    if (k > 0 && collator.compare(distinct[k - 1], distinct[k]) !== 0) rank++;
    rankOf.set(distinct[k], rank);
  }
  const ranks = new Int32Array(folded.length);
  for (let i = 0; i < folded.length; i++) ranks[i] = rankOf.get(folded[i])!;
  return ranks;
}
