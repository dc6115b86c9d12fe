import { describe, expect, it } from 'vitest';
import {
  parseOptionsOf,
  parseSettingsBody,
  readDocumentSettings,
} from '../../../src/main/engine/connectors/statements/document-settings';

describe('document settings', () => {
  it.each<[unknown, string]>([
    [[], 'body must be an object'],
    ['x', 'body must be an object'],
    [{ csv_mapping: 'x' }, 'body.csv_mapping must be an object'],
    [{ csv_mapping: { date: 0 } }, 'body.csv_mapping needs the date and label columns'],
    [{ csv_mapping: { date: 0, label: 1 } }, 'body.csv_mapping needs an amount column, or debit and/or credit columns'],
    [
      { csv_mapping: { date: 0, label: 1, amount: 1.5 } },
      'body.csv_mapping.amount must be a header name (1 to 200 characters) or a 0-based column index',
    ],
    [
      { csv_mapping: { date: '', label: 1, amount: 2 } },
      'body.csv_mapping.date must be a header name (1 to 200 characters) or a 0-based column index',
    ],
    [
      { csv_mapping: { date: 0, label: 1, amount: 2, delimiter: ';;' } },
      'body.csv_mapping.delimiter must be one character',
    ],
    [
      { csv_mapping: { date: 0, label: 1, amount: 2, has_header: 'yes' } },
      'body.csv_mapping.has_header must be boolean',
    ],
    [
      { csv_mapping: { date: 0, label: 1, amount: 2, decimal_separator: ' ' } },
      'body.csv_mapping.decimal_separator must be "." or ","',
    ],
    [{ date_order: 'dmy' }, 'body.date_order must be DMY, MDY or auto'],
    [{ default_currency: 'EURO' }, 'body.default_currency must be a currency code of three capital letters'],
  ])('refuses %j', (body, problem) => {
    expect(parseSettingsBody(body)).toBe(problem);
  });

  it('keeps the known members exactly (types not coerced), drops the others', () => {
    expect(
      parseSettingsBody({
        csv_mapping: { date: 'Date', label: '3', debit: 4, credit: 5, extra: 1 },
        date_order: 'MDY',
        other: true,
      }),
    ).toEqual({
      csv_mapping: { date: 'Date', label: '3', debit: 4, credit: 5 },
      date_order: 'MDY',
    });
    expect(parseSettingsBody(undefined)).toEqual({});
  });

  it('becomes parser options (camelCase mapping, date order, currency, size limit)', () => {
    expect(
      parseOptionsOf(
        {
          csv_mapping: {
            date: 0,
            label: 'Libellé',
            amount: 'Montant',
            raw_text: 2,
            value_date: 1,
            has_header: true,
            decimal_separator: ',',
          },
          date_order: 'DMY',
          default_currency: 'CHF',
        },
        'x.csv',
        1000,
      ),
    ).toEqual({
      fileName: 'x.csv',
      maxBytes: 1000,
      dateOrder: 'DMY',
      defaultCurrency: 'CHF',
      csvMapping: {
        date: 0,
        label: 'Libellé',
        amount: 'Montant',
        rawText: 2,
        valueDate: 1,
        hasHeader: true,
        decimalSeparator: ',',
      },
    });
    expect(parseOptionsOf({}, 'x.qif', 5)).toEqual({ fileName: 'x.qif', maxBytes: 5 });
  });

  it('reads stored JSON, tolerating NULL and garbage', () => {
    expect(readDocumentSettings(null)).toEqual({});
    expect(readDocumentSettings('{oops')).toEqual({});
    expect(readDocumentSettings('[1]')).toEqual({});
    expect(readDocumentSettings('{"date_order":"DMY"}')).toEqual({ date_order: 'DMY' });
  });
});
