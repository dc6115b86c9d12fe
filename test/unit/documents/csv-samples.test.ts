import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../src/main/engine/connectors/statements/formats/decode-text';
import { guessCsvMapping } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, parseSample, sampleBytes } from './helpers';

describe('CSV — French bank, semicolons, decimal comma, Windows-1252, preamble lines', () => {
  const result = parseSample('csv-fr-semicolon-cp1252.csv');

  it('guesses the mapping from the French header', () => {
    const text = decodeText(sampleBytes('csv-fr-semicolon-cp1252.csv')).text;
    expect(guessCsvMapping(text)).toStrictEqual({
      delimiter: ';',
      hasHeader: true,
      date: 'Date',
      valueDate: 'Date de valeur',
      label: 'Libellé',
      amount: 'Montant (€)',
      currency: 'Devise',
      decimalSeparator: ',',
    });
  });

  it('parses every transaction exactly', () => {
    expect(result.format).toBe('CSV');
    expect(result.warnings).toEqual(['line 1: 3 line(s) before the CSV header skipped']);
    const { transactions, ...account } = result.accounts[0];
    expect(account).toStrictEqual({ identifier: 'default', type: 'CHECKINGS', currency: 'EUR' });
    expect(transactions).toStrictEqual([
      {
        date: day('2024-01-02'),
        valueDate: day('2024-01-03'),
        amount: '-45.90',
        rawText: 'CB CARREFOUR MARKET 02/01',
        label: 'Carrefour Market',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 5',
      },
      {
        date: day('2024-01-05'),
        valueDate: day('2024-01-05'),
        amount: '-78.12',
        rawText: 'PRLV SEPA EDF CLIENTS PARTICULIERS',
        label: 'EDF Clients Particuliers',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 6',
      },
      {
        date: day('2024-01-10'),
        valueDate: day('2024-01-10'),
        amount: '2350.00',
        rawText: "VIR SEPA RECU /DE SOCIÉTÉ GÉNÉRALE D'ÉTUDES",
        label: "Société Générale d'Études",
        type: 'CREDIT',
        status: 'BOOKED',
        location: 'line 7',
      },
      {
        date: day('2024-01-15'),
        valueDate: day('2024-01-16'),
        amount: '-1120.00',
        rawText: 'CHEQUE N° 0001234; LOYER',
        label: 'Cheque N° 0001234; Loyer',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 8',
      },
      {
        date: day('2024-01-31'),
        valueDate: day('2024-01-31'),
        amount: '-8.50',
        rawText: 'FRAIS TENUE DE COMPTE – FORFAIT 8,50 €',
        label: 'Frais Tenue de Compte – Forfait 8,50 €',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 9',
      },
    ]);
  });

  it('accepts an explicit mapping by column number (as saved per connection)', () => {
    const explicit = parseSample('csv-fr-semicolon-cp1252.csv', {
      csvMapping: { delimiter: ';', hasHeader: true, date: 'date', label: 2, amount: 3, decimalSeparator: ',' },
      accountIdentifier: 'FR-CC',
    });
    expect(explicit.accounts[0].identifier).toBe('FR-CC');
    expect(explicit.accounts[0].transactions.map((t) => t.amount)).toStrictEqual([
      '-45.90',
      '-78.12',
      '2350.00',
      '-1120.00',
      '-8.50',
    ]);
    expect(explicit.accounts[0].transactions[0].valueDate).toBeUndefined();
  });
});

describe('CSV — US bank, commas, debit/credit columns', () => {
  const result = parseSample('csv-us-debit-credit.csv', { defaultCurrency: 'USD' });

  it('guesses the mapping (posted date is the booking date)', () => {
    const text = new TextDecoder().decode(sampleBytes('csv-us-debit-credit.csv'));
    expect(guessCsvMapping(text)).toStrictEqual({
      delimiter: ',',
      hasHeader: true,
      date: 'Posted Date',
      label: 'Description',
      debit: 'Debit',
      credit: 'Credit',
      reference: 'Reference',
      decimalSeparator: '.',
    });
  });

  it('parses every transaction exactly', () => {
    expect(result.format).toBe('CSV');
    expect(result.accounts[0].currency).toBe('USD');
    expect(result.accounts[0].transactions).toStrictEqual([
      {
        date: day('2024-01-30'),
        amount: '-84.17',
        rawText: 'WHOLE FOODS MARKET #10234, AUSTIN TX',
        label: 'Whole Foods Market #10234, Austin TX',
        reference: 'REF0001',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 2',
      },
      {
        date: day('2024-01-31'),
        amount: '2150.00',
        rawText: 'PAYROLL ACME CORP',
        label: 'Payroll Acme Corp',
        reference: 'REF0002',
        type: 'CREDIT',
        status: 'BOOKED',
        location: 'line 3',
      },
      {
        date: day('2024-02-01'),
        amount: '-250.00',
        rawText: 'CHECK 1042',
        label: 'Check 1042',
        reference: '1042',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 4',
      },
      {
        date: day('2024-02-14'),
        amount: '-5.75',
        rawText: 'Starbucks "Reserve" Store',
        label: 'Starbucks "Reserve" Store',
        reference: 'REF0004',
        type: 'DEBIT',
        status: 'BOOKED',
        location: 'line 5',
      },
    ]);
  });
});
