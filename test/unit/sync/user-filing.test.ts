import { describe, expect, it } from 'vitest';
import { foldPattern } from '../../../src/main/engine/domain/categorization-rules';
import { correctionLabel } from '../../../src/main/engine/domain/learned-categories';
import { useMemoryStoreWithUser } from '../../helpers/memory-store';
import type { ProviderAccount } from '../../../src/main/engine/connectors/types';
import { CategoryMemo, prepareFetch } from '../../../src/main/engine/sync/provider-data';
import { userFiling } from '../../../src/main/engine/sync/user-filing';
import { insertAccount, insertConnection } from '../../helpers/fixtures';

/** How a run files new rows for a person (real SQLite store): rules > learned > the automatic categorizer. */
const KNOWN = new Set(['SUPERMARKET', 'RESTAURANT', 'GIFTS', 'UNCATEGORIZED']);
const account: ProviderAccount = { reference: 'R', name: 'N', type: 'CHECKINGS', currency: 'EUR', usage: 'PERSONAL', balance: '0', balance_date: 5 };
const row = (label: string, raw: string, counterparty?: string) => ({
  date: 86_400,
  amount: '-1.00',
  label,
  raw,
  type: 'POINT_OF_SALE',
  status: 'BOOKED',
  ...(counterparty ? { counterparty } : {}),
});

const t = useMemoryStoreWithUser();

const addRule = (pattern: string, category_id: string, position: number) =>
  t.store.categorizationRules.insert(t.user, { pattern, folded: foldPattern(pattern), category_id, position, conditions: null, actions: null }, 0);
const correct = (label: string, category: string) => t.store.categoryCorrections.record(t.user, correctionLabel(label), category, 0);

describe('userFiling', () => {
  it('is absent for a person with neither rules nor learnt labels (the run costs what it did)', () => {
    correct('Franprix', 'GIFTS'); // once: nothing learnt yet
    expect(userFiling(t.store, t.user, KNOWN)).toBeUndefined();
  });

  it('files by the first rule by position, then by learnt labels, else leaves it to the categorizer', () => {
    const carrefour = addRule('carrefour', 'RESTAURANT', 1);
    addRule('city', 'GIFTS', 2);
    correct('Franprix', 'GIFTS');
    correct('FRANPRIX', 'GIFTS');
    correct('Carrefour City', 'SUPERMARKET');
    correct('Carrefour City', 'SUPERMARKET');
    const filing = userFiling(t.store, t.user, KNOWN);
    const fetched = prepareFetch(
      account,
      {
        balance: '0',
        balance_date: 5,
        transactions: [row('Carrefour City', 'CB CARREFOUR CITY'), row('Franprix', 'CB FRANPRIX'), row('Shop', 'CB SHOP', 'Cáfe City'), row('Monoprix', 'CB MONOPRIX')],
      },
      new CategoryMemo(KNOWN),
      filing,
    );
    const [a, b, c, d] = fetched.transactions;
    // The rule wins over the learnt label of the same text.
    expect(a).toMatchObject({ category: 'RESTAURANT', categorySource: 'RULE', ruleId: carrefour });
    expect(b).toMatchObject({ category: 'GIFTS', categorySource: 'LEARNED' });
    expect(b.ruleId).toBeUndefined();
    // The counterparty is matched too.
    expect(c).toMatchObject({ category: 'GIFTS', categorySource: 'RULE' });
    expect(d.categorySource).toBeUndefined();
    expect(d.category).toBe('SUPERMARKET'); // the automatic categorizer's
  });

  it("files by a rule only where its conditions hold: amount, sign, date and the run's stored accounts", () => {
    t.db.pragma('foreign_keys = OFF'); // this store has no provider catalogue for the connection to name
    const c = insertConnection(t.db, t.user);
    const stored = insertAccount(t.db, t.user, c, { type: 'CHECKINGS', reference: 'R' });
    const conditions = JSON.stringify({ sign: 'DEBIT', amount_min: -5, account_ids: [String(stored)], date_from: 0, date_to: 100_000 });
    const rule = t.store.categorizationRules.insert(t.user, { pattern: 'shop', folded: 'shop', category_id: 'GIFTS', position: 1, conditions, actions: null }, 0);
    const filing = userFiling(t.store, t.user, KNOWN, c)!;
    const at = (amount: number, date = 86_400, reference = 'R') => filing.file('Shop', null, null, { amount, currency: 'EUR', date, reference });
    expect(at(-100)).toEqual({ category: 'GIFTS', source: 'RULE', ruleId: rule });
    expect(at(-600)).toBeUndefined(); // above 5 spent
    expect(at(100)).toBeUndefined(); // a credit
    expect(at(-100, 200_000)).toBeUndefined(); // after date_to
    expect(at(-100, 86_400, 'OTHER')).toBeUndefined(); // another (new) account of the run
  });

  it('ignores a rule or a learnt label whose category the installation does not know', () => {
    addRule('carrefour', 'NOT_KNOWN', 1);
    correct('Franprix', 'NOT_KNOWN');
    correct('Franprix', 'NOT_KNOWN');
    expect(userFiling(t.store, t.user, KNOWN)).toBeUndefined();
  });
});
