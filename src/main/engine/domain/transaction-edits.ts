/**
 * What a person may set on a transaction (PUT /transactions/{id}, an extension): their own note and tags.
 * The bank's own text never changes; these live beside it.
 */
import { InvalidInput } from './errors';

export const NOTE_MAX = 1000;
export const TAG_MAX = 40;
export const TAGS_MAX = 20;

/** The note as stored: trimmed, 1..1000 characters; null clears it (null or an empty / blank text). */
export function normalizeNote(note: string | null): string | null {
  if (note === null) return null;
  const text = note.trim();
  if (text === '') return null;
  if ([...text].length > NOTE_MAX) throw new InvalidInput(`user_note must be at most ${NOTE_MAX} characters`);
  return text;
}

/**
 * The tags as stored: each trimmed and 1..40 characters, duplicates (ignoring case) dropped keeping the
 * first, at most 20; an empty list clears them (null).
 */
export function normalizeTags(tags: readonly string[]): string[] | null {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const length = [...tag].length;
    if (length === 0 || length > TAG_MAX) throw new InvalidInput(`each tag must be 1 to ${TAG_MAX} characters`);
    const key = tag.toLocaleLowerCase('und');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  if (out.length > TAGS_MAX) throw new InvalidInput(`at most ${TAGS_MAX} tags`);
  return out.length ? out : null;
}
