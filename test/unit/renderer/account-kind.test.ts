import { describe, expect, it } from 'vitest';
import { accountKind } from '../../../src/renderer/src/features/common/account-kind';
import { translatePlural, type Language } from '../../../src/renderer/src/lib/i18n/translate';

const i18nFor = (lang: Language) => ({ tn: translatePlural.bind(null, lang) });

describe('the kind of an account, by count', () => {
  it('is singular under one account and plural for several, in English and French', () => {
    const en = i18nFor('en');
    const fr = i18nFor('fr');
    expect(accountKind(en, 'CREDIT_CARD')).toBe('Credit card');
    expect(accountKind(en, 'CREDIT_CARD', 2)).toBe('Credit cards');
    expect(accountKind(en, 'CHECKINGS', 1)).toBe('Checking account');
    expect(accountKind(fr, 'CREDIT_CARD', 1)).toBe('Carte de crédit');
    expect(accountKind(fr, 'SAVINGS', 3)).toBe('Comptes d’épargne');
    // French counts 0 and 1.5 as singular; English does not.
    expect(accountKind(fr, 'LOAN', 0)).toBe('Crédit');
    expect(accountKind(en, 'LOAN', 0)).toBe('Loans');
  });

  it('shows a type it does not know as the engine names it', () => {
    expect(accountKind(i18nFor('en'), 'BROKERAGE')).toBe('BROKERAGE');
  });
});
