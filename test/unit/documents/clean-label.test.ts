import { describe, expect, it } from 'vitest';
import { cleanLabel } from '../../../src/main/engine/connectors/statements/formats/index';

describe('cleanLabel', () => {
  it.each([
    ['CARREFOUR MARKET PARIS', 'Carrefour Market Paris'],
    ['CB CARREFOUR MARKET 12/01', 'Carrefour Market'],
    ['CB*1234 MONOPRIX', 'Monoprix'],
    ['PRLV SEPA EDF CLIENTS PARTICULIERS', 'EDF Clients Particuliers'],
    ['PRELEVEMENT SEPA FREE MOBILE', 'Free Mobile'],
    ['VIR SEPA RECU /DE JEAN DUPONT /MOTIF LOYER JANVIER /REF 123', 'Jean Dupont'],
    ['VIREMENT SEPA EMIS /A MARIE CURIE', 'Marie Curie'],
    ['VIR INST RECU DE: PAUL MARTIN', 'Paul Martin'],
    ['VIR SEPA ASSURANCE AXA', 'Assurance AXA'],
    ['VIRA TRAVEL', 'Vira Travel'],
    ['VIRGIN MOBILE', 'Virgin Mobile'],
    ['CARTE X1234 12/01 MONOPRIX', 'Monoprix'],
    ["PAIEMENT PAR CARTE X4567 15/01 LE BISTROT D'ÉTÉ", "Le Bistrot d'Été"],
    ['FACTURE CARTE DU 120124 CARREFOUR CARTE 4974XXXXXXXX1234', 'Carrefour'],
    ['POS STARBUCKS STORE 10432', 'Starbucks Store 10432'],
    ['DEBIT CARD PURCHASE WHOLE FOODS', 'Whole Foods'],
    ['  SNCF   INTERNET  ', 'SNCF Internet'],
    ["L'ORANGE BLEUE SAINT-DENIS", "L'Orange Bleue Saint-Denis"],
    ['E.LECLERC DRIVE', 'E.Leclerc Drive'],
    ['AT&T MOBILITY', 'AT&T Mobility'],
    ['NETFLIX.COM', 'Netflix.com'],
    ['BOULANGERIE DU MARCHÉ', 'Boulangerie du Marché'],
    ['Amazon Mktplace', 'Amazon Mktplace'],
    ['Déjà propre', 'Déjà propre'],
    ['CB', 'CB'],
    ['', ''],
    ['12/01', '12/01'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanLabel(raw)).toBe(expected);
  });

  // Its speed on these inputs (linear, not quadratic) is measured by `npm run bench -- labels`.
  it('reads pathological input without losing it', () => {
    const evil = `${'CB '.repeat(20_000)}${'/ '.repeat(20_000)}${'1'.repeat(20_000)}`;
    expect(cleanLabel(evil)).toMatch(/^CB CB /);
    expect(cleanLabel(`${'-'.repeat(100_000)}x`)).toBe(`${'-'.repeat(100_000)}x`);
  });
});
