import { describe, expect, it } from 'vitest';
import { day, parseSample } from './helpers';

describe('CAMT.053 (001.02) — two accounts, booked and pending entries', () => {
  const result = parseSample('camt053-fr-2-accounts.xml');

  it('reads both accounts with their balances', () => {
    expect(result.format).toBe('CAMT053');
    expect(result.warnings).toEqual([]);
    expect(result.accounts.map(({ transactions, ...a }) => ({ ...a, count: transactions.length }))).toStrictEqual([
      {
        identifier: 'FR7630006000011234567890189',
        type: 'CHECKINGS',
        currency: 'EUR',
        iban: 'FR7630006000011234567890189',
        bankId: 'AGRIFRPPXXX',
        name: 'Compte Chèques Mme Élodie Martin',
        openingBalance: { amount: '1500.00', date: day('2023-12-31') },
        closingBalance: { amount: '3725.98', date: day('2024-01-31') },
        count: 4,
      },
      {
        identifier: '0012345678901',
        type: 'SAVINGS',
        currency: 'EUR',
        accountNumber: '0012345678901',
        name: 'Livret A',
        closingBalance: { amount: '10012.34', date: day('2024-01-31') },
        count: 1,
      },
    ]);
  });

  it('parses every entry exactly', () => {
    const path = 'element Document/BkToCstmrStmt/Stmt';
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        providerKey: '2024010300001',
        date: day('2024-01-03'),
        valueDate: day('2024-01-02'),
        amount: '-45.90',
        rawText: 'CARTE X1234 02/01 CARREFOUR MARKET',
        label: 'Carrefour Market',
        type: 'POINT_OF_SALE',
        status: 'BOOKED',
        location: `${path}[0]/Ntry[0]`,
      },
      {
        providerKey: '2024011000002',
        date: day('2024-01-10'),
        valueDate: day('2024-01-10'),
        amount: '2350.00',
        rawText: 'VIR SEPA RECU /DE SOCIETE GENERALE D ETUDES SALAIRE JANVIER 2024 REF PAIE 01/2024 <net>',
        label: "Société Générale d'Études & Co",
        counterparty: "Société Générale d'Études & Co",
        reference: 'E2E-PAY-0001',
        remittanceInformation: ['SALAIRE JANVIER 2024', 'REF PAIE 01/2024 <net>'],
        type: 'CREDIT',
        status: 'BOOKED',
        location: `${path}[0]/Ntry[1]`,
      },
      {
        providerKey: 'NR-2024-0003',
        date: day('2024-01-05'),
        valueDate: day('2024-01-05'),
        amount: '-78.12',
        rawText: 'ECHEANCE ELECTRICITE JANVIER',
        label: 'EDF',
        counterparty: 'EDF',
        remittanceInformation: ['ECHEANCE ELECTRICITE JANVIER'],
        type: 'DIRECT_DEBIT',
        status: 'BOOKED',
        location: `${path}[0]/Ntry[2]`,
      },
      {
        providerKey: 'PDNG-2024013100009',
        date: day('2024-01-31'),
        valueDate: day('2024-01-31'),
        amount: '-12.30',
        rawText: 'PAIEMENT PAR CARTE X1234 31/01 BOULANGERIE DU MARCHÉ',
        label: 'Boulangerie du Marché',
        type: 'DEBIT',
        status: 'PENDING',
        location: `${path}[0]/Ntry[3]`,
      },
    ]);
    expect(result.accounts[1].transactions).toStrictEqual([
      {
        providerKey: 'INT-2024-01',
        date: day('2024-01-31'),
        valueDate: day('2024-01-31'),
        amount: '12.34',
        rawText: 'INTERETS CREDITEURS JANVIER',
        label: 'Interets Crediteurs Janvier',
        type: 'INTEREST',
        status: 'BOOKED',
        location: `${path}[1]/Ntry[0]`,
      },
    ]);
  });
});

describe('camt.052 (001.08) — intraday report, Sts/Cd, DtTm, Pty/Nm', () => {
  const result = parseSample('camt052-de.xml');

  it('reads the account and the interim balances', () => {
    expect(result.format).toBe('CAMT052');
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({
      identifier: 'DE89370400440532013000',
      type: 'CHECKINGS',
      currency: 'EUR',
      iban: 'DE89370400440532013000',
      bankId: 'COBADEFFXXX',
      name: 'Max Mustermann',
      openingBalance: { amount: '-250.00', date: day('2024-01-14') },
      closingBalance: { amount: '1049.50', date: day('2024-01-15') },
    });
    expect(transactions).toHaveLength(3);
  });

  it('parses every entry exactly', () => {
    const path = 'element Document/BkToCstmrAcctRpt/Rpt[0]';
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        providerKey: 'DE-20240115-0001',
        date: day('2024-01-15'),
        valueDate: day('2024-01-15'),
        amount: '1500.00',
        rawText: 'Lohn/Gehalt Januar 2024',
        label: 'Müller & Söhne GmbH',
        counterparty: 'Müller & Söhne GmbH',
        reference: 'LOHN-2024-01',
        remittanceInformation: ['Lohn/Gehalt Januar 2024'],
        type: 'DIRECT_DEPOSIT',
        status: 'BOOKED',
        location: `${path}/Ntry[0]`,
      },
      {
        providerKey: '0002',
        date: day('2024-01-15'),
        valueDate: day('2024-01-15'),
        amount: '-200.50',
        rawText: 'GA NR00001234 BLZ37040044 0 15.01/10.12UHR KOELN HBF',
        label: 'Ga NR00001234 BLZ37040044 0 15.01/10.12UHR Koeln HBF',
        type: 'ATM',
        status: 'BOOKED',
        location: `${path}/Ntry[1]`,
      },
      {
        date: day('2024-01-16'),
        valueDate: day('2024-01-16'),
        amount: '-89.90',
        rawText: 'Ticket 4711 Köln-Berlin',
        label: 'Deutsche Bahn AG',
        counterparty: 'Deutsche Bahn AG',
        remittanceInformation: ['Ticket 4711 Köln-Berlin'],
        type: 'DEBIT',
        status: 'PENDING',
        location: `${path}/Ntry[2]`,
      },
    ]);
  });
});
