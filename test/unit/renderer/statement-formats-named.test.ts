import { describe, expect, it } from 'vitest';
import { en } from '../../../src/renderer/src/lib/i18n/en';
import { fr } from '../../../src/renderer/src/lib/i18n/fr';

/**
 * Every sentence that lists the statement formats names each format the engine reads (its readers:
 * OFX 1 and 2, QFX, QIF, CSV, camt.052, camt.053 and camt.054, MT940), so a person with a camt.054 or a
 * QFX file is not told it cannot be imported.
 */
const NAMES = [/\bOFX\b/, /\bQFX\b/, /\bQIF\b/, /\bCSV\b/, /CAMT\.052/, /\b053\b/, /\b054\b/, /\bMT940\b/];

describe('the lists of statement formats', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('name every format read (%s)', (_lang, dictionary) => {
    const lists = Object.entries(dictionary).filter(([, text]) => /\bQIF\b/.test(text) && /\bCSV\b/.test(text));
    expect(lists.map(([key]) => key)).toEqual(expect.arrayContaining(['documents.drop', 'add.documentHint', 'add.documentSubtitle']));
    for (const [key, text] of lists) for (const name of NAMES) expect(`${key}: ${text}`).toMatch(name);
  });
});
