import { describe, expect, it } from 'vitest';
import { guessCsvMapping, parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, statementError, utf8 } from './helpers';

describe('QIF parser details', () => {
  it('names accounts from !Account blocks when there are several', () => {
    const text = [
      '!Option:AutoSwitch',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      'NVisa',
      'TCCard',
      '^',
      '!Clear:AutoSwitch',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      '!Type:Bank',
      'D01/13/2024',
      'T-5.00',
      'PSHOP',
      '^',
      '!Account',
      'NVisa',
      'TCCard',
      '^',
      '!Type:CCard',
      "D1/14'24",
      'U-7.5',
      'PFOOD',
      'SGroceries',
      '$-7.50',
      '^',
      '!Type:Cat',
      'NFood',
      'E',
      '^',
    ].join('\r\n');
    const parsed = parseStatement(utf8(text), { fileName: 'q.qif' });
    expect(
      parsed.accounts.map((a) => [a.identifier, a.name, a.type, a.transactions.map((t) => [t.date, t.amount])]),
    ).toStrictEqual([
      ['Checking', 'Checking', 'CHECKINGS', [[day('2024-01-13'), '-5.00']]],
      ['Visa', 'Visa', 'CREDIT_CARD', [[day('2024-01-14'), '-7.50']]],
    ]);
  });

  it('leaves out a record without amount, reads a last record without ^, refuses an investment-only file', () => {
    const noAmount = parseStatement(utf8('!Type:Bank\nD01/13/2024\nPSHOP\n^\nD01/14/2024\nT2.00\n^\n'));
    expect(noAmount.warnings).toEqual([
      'line 2: transaction without amount (no T line): this transaction was not imported',
    ]);
    expect(noAmount.accounts[0].transactions.map((t) => t.amount)).toEqual(['2.00']);
    const unterminated = parseStatement(utf8('!Type:Bank\nD01/13/2024\nT1.00\n'));
    expect(unterminated.warnings).toEqual(['line 2: the last record is not terminated by ^, read as complete']);
    expect(unterminated.accounts[0].transactions.map((t) => t.amount)).toEqual(['1.00']);
    expect(
      statementError(() => parseStatement(utf8('!Type:Invst\nD01/13/2024\n^\n'), { fileName: 'q.qif' })).message,
    ).toBe(
      'q.qif, line 1: this is an investment account (!Type:Invst): only bank and credit card transactions can be imported; export the bank or card account instead',
    );
  });
});

describe('CSV parser details', () => {
  it('guesses a header-less file from the cells', () => {
    const text = '2024-01-02;2024-01-03;CB BOULANGERIE;-3,20\n2024-01-05;2024-01-05;VIR SALAIRE;1 800,00\n';
    expect(guessCsvMapping(text)).toStrictEqual({
      delimiter: ';',
      hasHeader: false,
      date: 0,
      valueDate: 1,
      amount: 3,
      label: 2,
      decimalSeparator: ',',
    });
    const parsed = parseStatement(utf8(text), { fileName: 'n.csv' });
    expect(parsed.accounts[0].transactions.map((t) => [t.date, t.valueDate, t.amount, t.label])).toStrictEqual([
      [day('2024-01-02'), day('2024-01-03'), '-3.20', 'Boulangerie'],
      [day('2024-01-05'), day('2024-01-05'), '1800.00', 'Salaire'],
    ]);
  });

  it('reads tab and pipe separated files, skipping total rows without a date', () => {
    const tsv = 'Date\tDescription\tAmount\n01/15/2024\tCoffee\t-3.50\n\tTOTAL\t-3.50\n';
    const parsed = parseStatement(utf8(tsv), { fileName: 't.tsv' });
    expect(parsed.accounts[0].transactions).toHaveLength(1);
    expect(parsed.warnings).toEqual(['line 3: row without date skipped']);
    const psv = 'Date|Libellé|Débit|Crédit\n15/01/2024|Café|3,50|\n16/01/2024|Remboursement||3,50\n';
    expect(parseStatement(utf8(psv)).accounts[0].transactions.map((t) => t.amount)).toStrictEqual(['-3.50', '3.50']);
  });

  it('accepts a header-only export named .csv (a month without transactions)', () => {
    const parsed = parseStatement(utf8('Date;Libellé;Montant\n'), { fileName: 'empty-month.csv' });
    expect(parsed.accounts).toStrictEqual([
      { identifier: 'default', type: 'CHECKINGS', currency: 'EUR', transactions: [] },
    ]);
    expect(() => parseStatement(utf8('Date;Libellé;Montant\n'), { fileName: 'empty-month.txt' })).toThrow(
      /unknown format/,
    );
  });

  it('fails clearly on missing amounts, unknown columns and mixed currencies', () => {
    const noAmount = 'Date;Libellé;Débit;Crédit\n15/01/2024;Café;;\n';
    expect(statementError(() => parseStatement(utf8(noAmount), { fileName: 'c.csv' })).message).toBe(
      'c.csv, line 2: transaction without amount (debit and credit both empty)',
    );
    const text = 'Date;Libellé;Montant\n15/01/2024;Café;-3,50\n';
    expect(
      statementError(() =>
        parseStatement(utf8(text), {
          fileName: 'c.csv',
          csvMapping: { date: 'Booking', label: 'Libellé', amount: 'Montant' },
        }),
      ).message,
    ).toBe('c.csv, line 1: CSV header with the mapped columns (Booking, Libellé, Montant) not found');
    const mixed = 'Date;Libellé;Montant;Devise\n15/01/2024;A;-3,50;EUR\n16/01/2024;B;-1,00;USD\n';
    expect(statementError(() => parseStatement(utf8(mixed), { fileName: 'c.csv' })).message).toBe(
      'c.csv, line 3: mixed currencies in one CSV file (EUR on line 2, USD here)',
    );
    const quote = 'Date;Libellé;Montant\n15/01/2024;"Café;-3,50\n';
    expect(statementError(() => parseStatement(utf8(quote), { fileName: 'c.csv' })).message).toMatch(
      /^c\.csv, line \d+: malformed CSV: Quote Not Closed/,
    );
  });
});
