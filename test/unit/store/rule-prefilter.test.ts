import { describe, expect, it } from 'vitest';
import { foldPattern } from '../../../src/main/engine/domain/categorization-rules';
import { compileRuleMatcher } from '../../../src/main/engine/domain/rule-matcher';
import { prefilterLikes } from '../../../src/main/engine/domain/rule-prefilter';
import { insertAccount, insertConnection, insertTransaction } from '../../helpers/fixtures';
import { useMemoryStoreWithUser } from '../../helpers/memory-store';

/**
 * SQLite's narrowing of the rows a rule looks at never drops a row the rule matches (real SQLite): accents,
 * ligatures, full-width letters, tabs, case and LIKE's own wildcards in the pattern.
 */
const t = useMemoryStoreWithUser();

const TEXTS = [
  'CAFÉ DE LA GARE', 'Cafe', 'cafe', 'CA FE', 'ca\tfe', 'ﬁnance fee', 'Ｃａｆｅ Ｒｏｙａｌ', 'cafe_bar', 'cafeXbar', '100% bio',
  '100 pct', 'Carrefour  City', 'carrefour\u00a0city', 'İstanbul kebab', 'nothing here', 'Straße', 'STRASSE',
];
const PATTERNS = ['café', 'cafe', 'e_b', '100%', 'carrefour city', 'finance', 'istanbul', 'royal', 'strasse', 'ca fe'];

describe('the SQL prefilter of rules', () => {
  it('lets through every row a pattern matches, in the label, the counterparty or the notes', () => {
    t.db.pragma('foreign_keys = OFF');
    const account = insertAccount(t.db, t.user, insertConnection(t.db, t.user), { type: 'CHECKINGS' });
    for (const text of TEXTS) {
      insertTransaction(t.db, t.user, account, { label: text });
      insertTransaction(t.db, t.user, account, { label: 'x', sourceLabel: text });
      insertTransaction(t.db, t.user, account, { label: 'y', notes: text });
    }
    for (const pattern of PATTERNS) {
      const folded = foldPattern(pattern);
      const matcher = compileRuleMatcher([{ id: 1, folded, conditions: null }]);
      const all = [...t.store.ledgerRows.ruleCandidates(t.user)];
      const matched = all.filter((r) => matcher.match(r.label, r.source_label, r.notes, r)).map((r) => r.id);
      const likes = prefilterLikes([folded]);
      expect(likes, pattern).not.toBeNull();
      const passed = new Set([...t.store.ledgerRows.ruleCandidatesLike(t.user, likes!)].map((r) => r.id));
      for (const id of matched) expect(passed.has(id), `${pattern} row ${id}`).toBe(true);
      // It does narrow: plain ASCII rows without the word are left out.
      expect(passed.size, pattern).toBeLessThan(all.length);
    }
  });

  it('is not used for a pattern without a printable ASCII word, nor for many rules', () => {
    expect(prefilterLikes([foldPattern('東京')])).toBeNull();
    expect(prefilterLikes(Array.from({ length: 21 }, (_, i) => `word${i}`))).toBeNull();
    expect(prefilterLikes(['a_b 10%'])).toEqual(['%a\\_b%']);
  });
});
