import { describe, expect, it } from 'vitest';
import { day, parseSample } from './helpers';

describe('QIF bank — French, DMY dates, decimal comma', () => {
  const result = parseSample('qif-bank-fr-dmy.qif');

  it('guesses day-first dates from the file and uses the caller identifier', () => {
    expect(result.format).toBe('QIF');
    expect(result.warnings).toEqual([]);
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({ identifier: 'default', type: 'CHECKINGS', currency: 'EUR' });
    expect(transactions).toHaveLength(4);
    const other = parseSample('qif-bank-fr-dmy.qif', { accountIdentifier: 'livret-1', defaultCurrency: 'chf' });
    expect(other.accounts[0].identifier).toBe('livret-1');
    expect(other.accounts[0].currency).toBe('CHF');
  });

  it('parses every transaction exactly', () => {
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        date: day('2024-01-02'),
        amount: '-45.90',
        rawText: 'CARREFOUR MARKET CB CARREFOUR MARKET 02/01',
        label: 'Carrefour Market',
        counterparty: 'CARREFOUR MARKET',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 2',
      },
      {
        date: day('2024-01-05'),
        amount: '-120.00',
        rawText: 'M. DUPONT JEAN Loyer garage',
        label: 'M. Dupont Jean',
        counterparty: 'M. DUPONT JEAN',
        reference: '0001234',
        type: 'CHECK',
        status: 'BOOKED',
        location: 'line 8',
      },
      {
        date: day('2024-01-15'),
        amount: '2350.00',
        rawText: "SOCIÉTÉ GÉNÉRALE D'ÉTUDES Salaire janvier 2024",
        label: "Société Générale d'Études",
        counterparty: "SOCIÉTÉ GÉNÉRALE D'ÉTUDES",
        type: 'CREDIT',
        status: 'BOOKED',
        location: 'line 15',
      },
      {
        date: day('2024-01-31'),
        amount: '-1208.50',
        rawText: 'FRAIS & COTISATIONS <CARTE>',
        label: 'Frais & Cotisations <Carte>',
        counterparty: 'FRAIS & COTISATIONS <CARTE>',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 22',
      },
    ]);
  });

  it('follows an explicit dateOrder (MDY makes 15/01 impossible)', () => {
    expect(() => parseSample('qif-bank-fr-dmy.qif', { dateOrder: 'MDY' })).toThrow(
      'qif-bank-fr-dmy.qif, line 15: malformed or impossible date',
    );
  });
});

describe('QIF credit card — US, Quicken apostrophe years', () => {
  const result = parseSample('qif-ccard-us.qif');

  it('is a credit card account with month-first dates', () => {
    expect(result.format).toBe('QIF');
    expect(result.accounts[0].type).toBe('CREDIT_CARD');
    expect(
      result.accounts[0].transactions.map((t) => [t.date, t.amount, t.label, t.rawText, t.type, t.location]),
    ).toStrictEqual([
      [day('2024-02-03'), '-42.18', 'Amazon Mktplace PMTS', 'AMAZON MKTPLACE PMTS', 'DEBIT', 'line 2'],
      [day('2024-02-14'), '-1234.56', 'Delta Air Lines', 'DELTA AIR LINES ATL-CDG', 'DEBIT', 'line 6'],
      [day('2024-02-20'), '1200.00', 'Payment - Thank You', 'PAYMENT - THANK YOU', 'CREDIT', 'line 11'],
      [day('2024-02-29'), '-39.00', 'Late Fee', 'LATE FEE', 'DEBIT', 'line 15'],
    ]);
    expect(result.accounts[0].closingBalance).toBeUndefined();
  });
});
