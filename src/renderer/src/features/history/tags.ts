/**
 * Tags as the person types them ("holidays, work"): split on commas, trimmed, empty ones dropped, duplicates
 * removed ignoring case (the first spelling kept), in the typed order — the engine's own rule, so what the
 * form shows is what gets stored.
 */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_NOTE_LENGTH = 1000;

/** What is wrong with these tags and this note, or null (the messages' keys and values). */
export function editProblem(
  note: string,
  tags: readonly string[],
): { key: 'hedit.noteTooLong' | 'hedit.tooManyTags' | 'hedit.tagTooLong'; tag?: string } | null {
  if (note.trim().length > MAX_NOTE_LENGTH) return { key: 'hedit.noteTooLong' };
  if (tags.length > MAX_TAGS) return { key: 'hedit.tooManyTags' };
  const long = tags.find((t) => t.length > MAX_TAG_LENGTH);
  return long ? { key: 'hedit.tagTooLong', tag: long } : null;
}
