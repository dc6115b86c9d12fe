/**
 * Operations on the person's corrections (issue 22): what a person set on a transaction (category and where
 * it came from, note, tags) is changed only by operations, each undone as a whole. Pure helpers.
 */
import { NOTE_MAX } from './transaction-edits';
import { InvalidInput } from './errors';

/** What a person's corrections of one transaction are (the columns an operation changes). */
export interface Corrections {
  category_id: string;
  category_source: 'USER' | 'RULE' | 'LEARNED' | null;
  category_rule_id: number | null;
  user_note: string | null;
  /** JSON array of texts, or null. */
  tags: string | null;
}

/** The kinds of operation; CATEGORY_MERGE is recorded by a merge of categories (its rows re-filed). */
export const OPERATION_KINDS = ['EDIT', 'BULK_EDIT', 'RULE_APPLIED', 'AUTOMATIC', 'CATEGORY_MERGE'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** The largest number of transactions one operation may change (a bulk edit, a rule applied to the past). */
export const OPERATION_ROWS_MAX = 250_000;

export function sameCorrections(a: Corrections, b: Corrections): boolean {
  return (
    a.category_id === b.category_id &&
    a.category_source === b.category_source &&
    a.category_rule_id === b.category_rule_id &&
    a.user_note === b.user_note &&
    a.tags === b.tags
  );
}

/** The tags of a row after `added` are added (kept in order, no duplicates ignoring case, at most 20). */
export function withTags(stored: string | null, added: readonly string[]): string | null {
  const current = stored === null ? [] : (JSON.parse(stored) as string[]);
  const seen = new Set(current.map((t) => t.toLocaleLowerCase('und')));
  const out = [...current];
  for (const tag of added) {
    const key = tag.toLocaleLowerCase('und');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  if (out.length > 20) out.length = 20;
  return out.length === 0 ? null : JSON.stringify(out);
}

/** A note added to a row's note: on a line of its own after what was there (at most NOTE_MAX characters). */
export function withNote(stored: string | null, added: string): string {
  const text = stored === null || stored === '' ? added : stored.includes(added) ? stored : `${stored}\n${added}`;
  if ([...text].length > NOTE_MAX) throw new InvalidInput(`the note would pass ${NOTE_MAX} characters on a transaction; shorten it`);
  return text;
}
