import { foldLabel } from './label-order';
import type { TxTable } from './tx-table';

/**
 * Which loaded rows a categorization rule may have filed again when it is applied to past transactions, by
 * the engine's own rule: the pattern, folded (accents, capitals and repeated spaces ignored), is contained in
 * the folded label, counterparty or bank text, and the person did not choose the category themselves.
 * The engine answers only how many rows it changed, so the history fetches these rows again rather than
 * reloading every transaction.
 */
export function rowsForPatterns(table: TxTable, patterns: readonly string[]): string[] {
  const folded = patterns.map(foldLabel).filter((p) => p.length > 0);
  if (folded.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < table.size; i++) {
    if (table.categorySources[i] === 'USER') continue;
    const text = `${table.sortLabels[i]}\n${foldLabel(table.counterparties[i])}\n${foldLabel(table.notes[i])}`;
    if (folded.some((p) => text.includes(p))) out.push(table.ids[i]);
  }
  return out;
}

/** The words a rule made from a correction looks for: the counterparty when the bank gives one, else the label. */
export function suggestedPattern(label: string, counterparty: string): string {
  const text = (counterparty.trim() || label.trim()).replace(/\s+/g, ' ');
  return text.slice(0, 100);
}
