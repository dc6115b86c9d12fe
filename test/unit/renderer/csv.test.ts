import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '../../../src/renderer/src/features/history/csv';
import { TxTable } from '../../../src/renderer/src/lib/tx-table';

describe('CSV export', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+33 6', "'+33 6"],
    ['@sum', "'@sum"],
  ])('quotes %j as %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('writes the rows shown, in their order, with dates as ISO days and amounts with a dot', async () => {
    const t = new TxTable();
    t.upsert([
      {
        id: '1',
        account_id: 'a',
        amount: -1234.5,
        currency: 'EUR',
        date: Date.UTC(2025, 0, 31) / 1000,
        import_date: 0,
        last_update_date: 0,
        type: 'OTHER',
        origin: 'TRANSACTION',
        label: 'Rent, January',
        status: 'BOOKED',
        category_id: 'RENT',
      },
      {
        id: '2',
        account_id: 'a',
        amount: 10,
        currency: 'EUR',
        date: Date.UTC(2025, 1, 1) / 1000,
        import_date: 0,
        last_update_date: 0,
        type: 'OTHER',
        origin: 'TRANSACTION',
        label: 'Refund',
        status: 'PENDING',
        category_id: 'OTHER',
      },
    ]);
    const blob = toCsv(t, Int32Array.from([1, 0]), { account: () => 'Main', category: (c) => c.toLowerCase() }, [
      'h1',
      'h2',
    ]);
    const text = (await blob.text()).replace(/^\ufeff/, '');
    expect(text.split('\n')).toEqual([
      'h1,h2',
      '2025-02-01,Refund,,Main,other,PENDING,10.00,EUR,,,,2',
      '2025-01-31,"Rent, January",,Main,rent,BOOKED,-1234.50,EUR,,,,1',
      '',
    ]);
  });
});
