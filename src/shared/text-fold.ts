/**
 * Text folded for comparing and searching: lower case, no diacritics, spaces collapsed, trimmed, so that
 * "Société  Générale" and "societe generale" are the same text. One rule for the engine (search columns,
 * `q`, categorization rules, corrections) and the app (account names, the history's labels).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
