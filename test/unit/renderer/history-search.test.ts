import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src/renderer/src/lib/api/types';
import { amountMatches, containsNumber, parseAmountTerm } from '../../../src/renderer/src/lib/amount-search';
import { foldLabel, labelRanks } from '../../../src/renderer/src/lib/label-order';
import { computeView, EMPTY_FILTER } from '../../../src/renderer/src/lib/tx-filter';
import { TxTable } from '../../../src/renderer/src/lib/tx-table';

function tx(id: string, over: Partial<Transaction> = {}): Transaction {
  return {
    id,
    account_id: 'a1',
    amount: -10,
    currency: 'EUR',
    date: 1_700_000_000 + Number(id) * 86_400,
    import_date: 1000 + Number(id),
    last_update_date: 0,
    label: `Label ${id}`,
    type: 'OTHER',
    origin: 'TRANSACTION',
    status: 'BOOKED',
    category_id: 'SUPERMARKET',
    ...over,
  };
}

describe('search by amount', () => {
  it.each([
    ['42', { value: 42, scale: 1, sign: 0 }],
    ['42.10', { value: 4210, scale: 100, sign: 0 }],
    ['42,10', { value: 4210, scale: 100, sign: 0 }],
    ['42,1', { value: 421, scale: 10, sign: 0 }],
    ['-42.10', { value: 4210, scale: 100, sign: -1 }],
    ['−42,10', { value: 4210, scale: 100, sign: -1 }],
    ['+42', { value: 42, scale: 1, sign: 1 }],
    ['1,234.56', { value: 123456, scale: 100, sign: 0 }],
    ['1.234,56', { value: 123456, scale: 100, sign: 0 }],
    ['1,234', { value: 1234, scale: 1, sign: 0 }],
  ])('reads %s as an amount', (word, expected) => {
    expect(parseAmountTerm(word)).toEqual(expected);
  });

  it.each(['carrefour', '42.1000', '4a', '', '.5', '24/11', '1,2,3'])('does not read %j as an amount', (word) => {
    expect(parseAmountTerm(word)).toBeNull();
  });

  it('compares as far as the amount is written, both signs unless one is typed', () => {
    const m = (word: string, amount: number) => amountMatches(parseAmountTerm(word)!, amount);
    expect(m('42.10', -42.1)).toBe(true);
    expect(m('42.10', 42.1)).toBe(true);
    expect(m('42,10', -42.1)).toBe(true);
    expect(m('42.10', -42.11)).toBe(false);
    expect(m('42', -42.99)).toBe(true);
    expect(m('42', -43)).toBe(false);
    expect(m('42', -142)).toBe(false);
    expect(m('42.1', -42.19)).toBe(true);
    expect(m('42.1', -42.2)).toBe(false);
    expect(m('-42.10', 42.1)).toBe(false);
    expect(m('+42.10', 42.1)).toBe(true);
    // Floating-point amounts: 0.1 + 0.2 style values still compare by their cents.
    expect(m('0.30', -(0.1 + 0.2))).toBe(true);
  });

  it('finds a number in the text only on its own, not inside a longer number', () => {
    expect(containsNumber('ref 42/11', '42')).toBe(true);
    expect(containsNumber('cb 4970xxxx4242', '42')).toBe(false);
    expect(containsNumber('4242 42', '42')).toBe(true);
  });
});

describe('accent-aware label order', () => {
  it('folds accents, case and spaces', () => {
    expect(foldLabel('  Épicerie   du  Marché ')).toBe('epicerie du marche');
  });

  it('puts É with E, in the language order, numbers as numbers', () => {
    const labels = ['Zara', 'Écran', 'eau', 'Ecran', 'Loyer 10', 'Loyer 2', 'ábaco'].map(foldLabel);
    const ranks = labelRanks(labels, 'fr');
    const order = labels.map((_, i) => i).sort((a, b) => ranks[a] - ranks[b]);
    expect(order.map((i) => labels[i])).toEqual(['abaco', 'eau', 'ecran', 'ecran', 'loyer 2', 'loyer 10', 'zara']);
    // The two spellings of "écran" are the same word to the reader: same rank.
    expect(ranks[1]).toBe(ranks[3]);
  });

  it('sorts the history by label with É among the E (not after Z)', () => {
    const t = new TxTable();
    t.upsert([
      tx('1', { label: 'Zara' }),
      tx('2', { label: 'Électricité de France' }),
      tx('3', { label: 'Eau de Paris' }),
      tx('4', { label: 'amazon' }),
      tx('5', { label: 'Fnac' }),
    ]);
    const view = computeView(
      t,
      EMPTY_FILTER,
      { key: 'label', dir: 'asc' },
      {
        accountTypes: new Map(),
        categoryParents: new Map(),
        locale: 'fr',
      },
    );
    expect([...view].map((i) => t.labels[i])).toEqual([
      'amazon',
      'Eau de Paris',
      'Électricité de France',
      'Fnac',
      'Zara',
    ]);
  });

  // How fast the 100,000 rows sort is measured by `npm run bench -- labels`.
  it('ranks 100,000 rows once per change of the rows, then sorts them by those ranks', () => {
    const t = new TxTable();
    const words = ['Épicerie', 'epicerie', 'Eau', 'Zara', 'amazon', 'Écran', 'Carrefour', 'Café'];
    t.upsert(Array.from({ length: 100_000 }, (_, k) => tx(String(k + 1), { label: `${words[k % 8]} ${k % 3000}` })));
    const ctx = { accountTypes: new Map(), categoryParents: new Map(), locale: 'fr' };
    const first = computeView(t, EMPTY_FILTER, { key: 'label', dir: 'asc' }, ctx);
    const ranks = t.labelRanks('fr');
    const reversed = computeView(t, EMPTY_FILTER, { key: 'label', dir: 'desc' }, ctx);
    expect(t.labelRanks('fr')).toBe(ranks);
    expect(first.length).toBe(100_000);
    expect(t.labels[first[0]]).toBe('amazon 4');
    expect(t.labels[reversed[0]]).toBe(t.labels[first[first.length - 1]]);
    t.upsert([tx('100001', { label: 'Aaa' })]);
    expect(t.labelRanks('fr')).not.toBe(ranks);
  });
});

describe('the history search', () => {
  const t = new TxTable();
  t.upsert([
    tx('1', { label: 'Carrefour', amount: -42.1 }),
    tx('2', { label: 'Remboursement', amount: 42.1 }),
    tx('3', { label: 'Monoprix', amount: -42.9 }),
    tx('4', { label: 'Fnac', amount: -142, notes: 'CB 4970XXXX4242' }),
    tx('5', { label: 'Épicerie fine', amount: -7, user_note: 'cadeau pour Léa', tags: ['Anniversaire'] }),
  ]);
  const ctx = { accountTypes: new Map(), categoryParents: new Map() };
  const found = (q: string) =>
    [...computeView(t, { ...EMPTY_FILTER, q }, { key: 'date', dir: 'asc' }, ctx)].map((i) => t.ids[i]);

  it.each([
    ['42.10', ['1', '2']],
    ['42,10', ['1', '2']],
    ['42', ['1', '2', '3']],
    ['-42.10', ['1']],
    ['carrefour 42', ['1']],
    ['epicerie', ['5']],
    ['ÉPICERIE', ['5']],
    ['lea', ['5']],
    ['anniversaire', ['5']],
    ['4242', ['4']],
  ])('%s finds %j', (q, expected) => {
    expect(found(q)).toEqual(expected);
  });

  it('an edit applied in place is searchable at once and keeps the row where it was', () => {
    const i = t.indexOf('3');
    expect(t.applyEdit('3', { category_id: 'GIFTS', user_note: '  pour maman ', tags: ['famille'] })).toBe(true);
    expect(t.indexOf('3')).toBe(i);
    expect(t.categories[i]).toBe('GIFTS');
    expect(t.categorySources[i]).toBe('USER');
    expect(t.userNotes[i]).toBe('pour maman');
    expect(found('famille')).toEqual(['3']);
    expect(t.applyEdit('3', { user_note: null, tags: [] })).toBe(true);
    expect(t.userNotes[i]).toBe('');
    expect(found('famille')).toEqual([]);
    expect(t.applyEdit('unknown', { tags: [] })).toBe(false);
  });

  it('keeps who filed a row (rule, learned) from the engine record', () => {
    const u = new TxTable();
    u.upsert([tx('1', { category_source: 'RULE', category_rule_id: 'r1' }), tx('2')]);
    expect(u.categorySources).toEqual(['RULE', '']);
    expect(u.categoryRuleIds).toEqual(['r1', '']);
  });
});
