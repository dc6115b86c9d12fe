import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCategoryId } from '../../../src/main/engine/catalogue/categories';
import { categorize, normalizeLabel } from '../../../src/main/engine/domain/categorize';
import { FR, GB, type Locale } from '../../../src/main/engine/connectors/testbank/locales';
import type { TransactionType } from '../../../src/main/engine/connectors/types';

describe('categorize', () => {
  it.each<[string, string, TransactionType | undefined, string]>([
    // French
    ['CB CARREFOUR MARKET 12/03 PARIS 4970XXXXXXXX1234', '-54.20', 'POINT_OF_SALE', 'SUPERMARKET'],
    ['PRLV SEPA EDF CLIENTS PARTICULIERS', '-72.10', 'DIRECT_DEBIT', 'UTILITIES'],
    ['VIR SEPA RECU /DE ACME SAS /MOTIF SALAIRE MARS', '3120.00', undefined, 'SALARY'],
    ['Loyer mars – SCI Les Tilleuls', '-950.00', undefined, 'RENT'],
    ['Boulangerie du Marché', '-3.40', undefined, 'BAKERY'],
    ['Bistrot Paul Bert', '-48.00', undefined, 'RESTAURANT'],
    ['Crêperie Josselin', '-22.00', undefined, 'RESTAURANT'],
    ['PRLV SEPA FREE MOBILE', '-19.99', undefined, 'PHONE_INTERNET'],
    ['CB NETFLIX.COM 15/03 AMSTERDAM', '-13.49', undefined, 'STREAMING'],
    ['UBER * EATS', '-24.90', undefined, 'FOOD_DELIVERY'],
    ['UBER * TRIP', '-14.90', undefined, 'TAXI'],
    ['SNCF CONNECT', '-62.00', undefined, 'TRAIN'],
    ['Pharmacie du Marché', '-12.80', undefined, 'PHARMACY'],
    ['VIR SEPA RECU /DE CPAM DE PARIS /MOTIF REMBT SOINS', '17.50', undefined, 'REFUNDS'],
    ['ECHEANCE PRET AUTO N 1234 12/60', '-297.50', undefined, 'LOAN_REPAYMENT'],
    ['Échéance prêt auto 12/60 – capital', '250.12', 'CREDIT', 'LOAN_REPAYMENT'],
    ['FRAIS TENUE DE COMPTE', '-2.50', undefined, 'BANK_FEES'],
    ['PRLV SEPA DGFIP IMPOT SOLDE IR', '-150.00', undefined, 'INCOME_TAX'],
    ['TAXE FONCIERE 2024 DGFIP', '-800.00', undefined, 'LOCAL_TAX'],
    ['RETRAIT DAB 12/03 PARIS 11', '-40.00', undefined, 'ATM_WITHDRAWAL'],
    ['VIR PERMANENT VERS LIVRET A', '-200.00', undefined, 'INTERNAL_TRANSFER'],
    ['Virement de Julien Martin', '25.00', undefined, 'TRANSFER_IN'],
    ['Virement à Claire Durand', '-40.00', undefined, 'TRANSFER_OUT'],
    ['L’Orange Bleue', '-29.90', undefined, 'SPORT'],
    ['Orange', '-42.99', undefined, 'PHONE_INTERNET'],
    ['Boulanger', '-399.00', undefined, 'ELECTRONICS'],
    // English
    ["Sainsbury's", '-23.10', undefined, 'SUPERMARKET'],
    ['TESCO STORES 2965', '-31.00', undefined, 'SUPERMARKET'],
    ['DIRECT DEBIT BRITISH GAS', '-88.00', undefined, 'UTILITIES'],
    ['DIRECT DEBIT THAMES WATER', '-38.50', undefined, 'UTILITIES'],
    ['FASTER PAYMENT RECEIVED FROM ACME LTD REF SALARY MAR', '2800.00', undefined, 'SALARY'],
    ['STANDING ORDER TO HARTLEY LETTINGS REF RENT MAR', '-1400.00', undefined, 'RENT'],
    ['Council Tax – Camden', '-165.00', undefined, 'LOCAL_TAX'],
    ["Nando's", '-18.00', undefined, 'FAST_FOOD'],
    ['Costa Coffee', '-3.20', undefined, 'CAFE_BAR'],
    ['Interest paid', '4.12', undefined, 'SAVINGS_INTEREST'],
    // by type
    ['anything', '-500.00', 'CREDIT_CARD_PAYMENT', 'CREDIT_CARD_REPAYMENT'],
    ['anything', '500.00', 'INTERNAL_TRANSFER', 'INTERNAL_TRANSFER'],
    ['anything', '-60.00', 'ATM', 'ATM_WITHDRAWAL'],
    ['anything', '12.00', 'INTEREST', 'SAVINGS_INTEREST'],
    ['anything', '-12.00', 'INTEREST', 'BANK_FEES'],
    ['anything', '-1.00', 'BANK_FEE', 'BANK_FEES'],
    // direction matters
    ['LOYER PERCU APPARTEMENT', '700.00', undefined, 'UNCATEGORIZED'],
    ['REMBOURSEMENT', '-30.00', undefined, 'UNCATEGORIZED'],
    ['SALAIRE', '-30.00', undefined, 'UNCATEGORIZED'],
    // nothing known
    ['CHEQUE 1234567', '-80.00', 'CHECK', 'UNCATEGORIZED'],
    ['', '0', undefined, 'UNCATEGORIZED'],
  ])('%j %s %s → %s', (label, amount, type, expected) => {
    expect(categorize(label, amount, type)).toBe(expected);
  });

  it('ignores case, accents and punctuation', () => {
    expect(normalizeLabel("  Crêperie   d'Élise / M&S ")).toBe('CREPERIE D ELISE M S');
    expect(categorize('monoprix', '-5')).toBe('SUPERMARKET');
    expect(categorize('MÔNOPRIX', '-5')).toBe('SUPERMARKET');
  });

  it('matches whole words only', () => {
    expect(categorize('BARBERINI SPA', '-5')).not.toBe('CAFE_BAR');
    expect(categorize('PAIEMENT PAR CARTE', '10')).not.toBe('SALARY');
  });

  it('always answers a category id of the tree', () => {
    const types = ['CREDIT', 'DEBIT', 'INTEREST', 'ATM', 'POINT_OF_SALE', 'OTHER'] as const;
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -100_000, max: 100_000 }), fc.option(fc.constantFrom(...types), { nil: undefined }), (label, cents, type) => {
        expect(isCategoryId(categorize(label, (cents / 100).toFixed(2), type))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  describe.each<[string, Locale]>([
    ['FR', FR],
    ['GB', GB],
  ])('test bank wording (%s) categorizes as declared', (_, locale) => {
    it('merchants', () => {
      for (const pool of Object.values(locale.pools)) {
        for (const m of pool) expect([m.label, categorize(m.label, '-1', 'POINT_OF_SALE')]).toEqual([m.label, m.category]);
      }
      for (const m of locale.streaming) expect(categorize(m.label, '-1', 'POINT_OF_SALE')).toBe(m.category);
    });

    it('bills', () => {
      for (const b of [...locale.bills, ...locale.proBills]) expect([b.label, categorize(b.label, '-1', b.type ?? 'DIRECT_DEBIT')]).toEqual([b.label, b.category]);
      for (const b of [...locale.bills, ...locale.proBills]) expect([b.raw, categorize(b.raw, '-1', b.type ?? 'DIRECT_DEBIT')]).toEqual([b.raw, b.category]);
    });

    it('recurring operations', () => {
      expect(categorize(locale.salary(locale.employers[0], 24_302).label, '1', 'DIRECT_DEPOSIT')).toBe('SALARY');
      expect(categorize(locale.rent(locale.landlords[0], 24_302).label, '-1', 'REPEATING_PAYMENT')).toBe('RENT');
      expect(categorize(locale.incomeTax().label, '-1', 'DIRECT_DEBIT')).toBe('INCOME_TAX');
      expect(categorize(locale.healthRefund().label, '1', 'CREDIT')).toBe('REFUNDS');
      expect(categorize(locale.transferIn('A B', 'X').label, '1', 'CREDIT')).toBe('TRANSFER_IN');
      expect(categorize(locale.transferOut('A B', 'X').label, '-1', 'DEBIT')).toBe('TRANSFER_OUT');
      expect(categorize(locale.bankFee().label, '-1')).toBe('BANK_FEES');
      expect(categorize(locale.cardFee(2025).label, '-1')).toBe('BANK_FEES');
      const loan = locale.loanInstallment(3, 60, '123');
      expect(categorize(loan.checking.label, '-1', 'REPEATING_PAYMENT')).toBe('LOAN_REPAYMENT');
      expect(categorize(loan.loan.label, '1', 'CREDIT')).toBe('LOAN_REPAYMENT');
      expect(categorize(locale.clientPayment(locale.clients[0], 'F2025-001').label, '1', 'CREDIT')).toBe('OTHER_INCOME');
      expect(categorize(locale.preAuthorization(20_000, 'X').label, '-1', 'POINT_OF_SALE')).toBe('FUEL');
      expect(categorize(locale.check(1234567).label, '-1', 'CHECK')).toBe('UNCATEGORIZED');
    });
  });
});
