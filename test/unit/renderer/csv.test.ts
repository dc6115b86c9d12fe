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
      '2025-02-01,Refund,,Main,other,PENDING,10.00,EUR,,,,,,2,',
      '2025-01-31,"Rent, January",,Main,rent,BOOKED,-1234.50,EUR,,,,,,1,',
      '',
    ]);
  });

  it("carries the person's payee and own category in the last columns, the bank's label staying in its own", async () => {
    const t = new TxTable();
    t.upsert([
      {
        id: 'p1',
        account_id: 'a',
        amount: -30,
        currency: 'EUR',
        date: Date.UTC(2025, 3, 4) / 1000,
        import_date: 0,
        last_update_date: 0,
        type: 'OTHER',
        origin: 'TRANSACTION',
        label: 'AMZN Mktp FR*2K4',
        status: 'BOOKED',
        category_id: 'custom_3',
        payee: { id: '7', name: 'Amazon, Paris' },
      },
    ]);
    const names = { account: () => 'Main', category: (c: string) => (c === 'custom_3' ? 'Books' : c) };
    const text = (await toCsv(t, Int32Array.from([0]), names, ['h']).text()).replace(/^\ufeff/, '');
    expect(text).toBe('h\n2025-04-04,AMZN Mktp FR*2K4,,Main,Books,BOOKED,-30.00,EUR,,,,,,p1,"Amazon, Paris"\n');
  });

  it("carries the person's own note and tags, quoted so commas, quotes and new lines stay inside their cell", async () => {
    const t = new TxTable();
    t.upsert([
      {
        id: 'n1',
        account_id: 'a',
        amount: -12,
        currency: 'EUR',
        date: Date.UTC(2025, 2, 3) / 1000,
        import_date: 0,
        last_update_date: 0,
        type: 'OTHER',
        origin: 'TRANSACTION',
        label: 'Lunch',
        status: 'BOOKED',
        category_id: 'RESTAURANT',
        user_note: 'With Ana, "the" boss\nsecond line',
        tags: ['work', 'to claim'],
      },
    ]);
    const blob = toCsv(t, Int32Array.from([0]), { account: () => 'Main', category: () => 'Food' }, ['h']);
    const text = (await blob.text()).replace(/^\ufeff/, '');
    expect(text).toBe(
      'h\n2025-03-03,Lunch,,Main,Food,BOOKED,-12.00,EUR,,,,"With Ana, ""the"" boss\nsecond line","work, to claim",n1,\n',
    );
    expect(parseCsvRow(text.split('\n').slice(1).join('\n'))).toEqual([
      '2025-03-03',
      'Lunch',
      '',
      'Main',
      'Food',
      'BOOKED',
      '-12.00',
      'EUR',
      '',
      '',
      '',
      'With Ana, "the" boss\nsecond line',
      'work, to claim',
      'n1',
      '',
    ]);
  });
});

/** A minimal RFC 4180 reader of one record, as a spreadsheet reads it. */
function parseCsvRow(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') break;
    else cell += c;
  }
  cells.push(cell);
  return cells;
}
