import { describe, expect, it } from 'vitest';
import { day, parseSample } from './helpers';

describe('MT940 — two daily statements of one account in SWIFT envelopes', () => {
  const result = parseSample('mt940-de-2-statements.sta');

  it('merges the two statements: first opening, last closing balance', () => {
    expect(result.format).toBe('MT940');
    expect(result.warnings).toEqual([]);
    expect(result.accounts).toHaveLength(1);
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({
      identifier: '37040044/0532013000',
      type: 'CHECKINGS',
      currency: 'EUR',
      accountNumber: '0532013000',
      bankId: '37040044',
      openingBalance: { amount: '1234.56', date: day('2023-12-29') },
      closingBalance: { amount: '3461.04', date: day('2024-01-03') },
    });
    expect(transactions).toHaveLength(4);
  });

  it('parses every statement line exactly (:61: + structured and free :86:)', () => {
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        providerKey: 'POS20240102',
        date: day('2024-01-02'),
        valueDate: day('2024-01-02'),
        amount: '-45.90',
        rawText: 'KARTENZAHLUNG CARREFOUR MARKET BERLIN 02.01 CARREFOUR',
        label: 'Carrefour',
        counterparty: 'CARREFOUR',
        remittanceInformation: ['CARREFOUR MARKET BERLIN 02.01'],
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 6',
      },
      {
        providerKey: 'B2401020001',
        date: day('2024-01-02'),
        valueDate: day('2024-01-02'),
        amount: '2350.00',
        rawText: 'GUTSCHRIFT EREF+E2E-PAY-0001SVWZ+Gehalt Januar 2024 Personalnr. 4711 ACME GMBH & CO. KG',
        label: 'Acme GMBH & Co. KG',
        counterparty: 'ACME GMBH & CO. KG',
        reference: 'E2E-PAY-0001',
        remittanceInformation: ['Gehalt Januar 2024 Personalnr. 4711'],
        type: 'CREDIT',
        status: 'BOOKED',
        location: 'line 8',
      },
      {
        providerKey: 'B2401030002',
        date: day('2024-01-03'),
        valueDate: day('2024-01-03'),
        amount: '-78.12',
        rawText: 'Lastschrift EDF Strom Januar Vertragskonto 123456 Mandat M-2023-001 ABBUCHUNG EDF',
        label: 'Lastschrift EDF Strom Januar Vertragskonto 123456 Mandat M-2023-001',
        reference: 'KREF123',
        type: 'DIRECT_DEBIT',
        status: 'BOOKED',
        location: 'line 19',
      },
      {
        date: day('2024-01-03'),
        valueDate: day('2024-01-03'),
        amount: '0.50',
        rawText: 'Habenzinsen',
        label: 'Habenzinsen',
        type: 'INTEREST',
        status: 'BOOKED',
        location: 'line 23',
      },
    ]);
  });
});
