import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, statementError, utf8 } from './helpers';

function mt(lines: string[]): Uint8Array {
  return utf8(lines.join('\n') + '\n');
}

describe('MT940 parser details', () => {
  it('handles reversals, funds codes, entry dates across the new year and IBAN accounts without envelope', () => {
    const parsed = parseStatement(
      mt([
        ':20:REF1',
        ':25:NL91ABNA0417164300',
        ':28C:1/1',
        ':60F:D231231EUR100,',
        ':61:2401011231RD12,34NMSCNONREF//X1',
        ':86:/TRTP/SEPA OVERBOEKING/IBAN/NL12ABNA0123456789/BIC/ABNANL2A/NAME/J. JANSEN/REMI/FACTUUR 42/EREF/E2E-9',
        ':61:240102RC1,00FCHGREF7//NONREF',
        ':61:240103CE2,NCHKNONREF',
        ':62F:D240103EUR87,66',
      ]),
      { fileName: 'x.sta' },
    );
    const account = parsed.accounts[0];
    expect(account).toMatchObject({
      identifier: 'NL91ABNA0417164300',
      iban: 'NL91ABNA0417164300',
      openingBalance: { amount: '-100.00', date: day('2023-12-31') },
      closingBalance: { amount: '-87.66', date: day('2024-01-03') },
    });
    expect(
      account.transactions.map((t) => [
        t.date,
        t.valueDate,
        t.amount,
        t.providerKey,
        t.reference,
        t.type,
        t.counterparty,
        t.remittanceInformation,
      ]),
    ).toStrictEqual([
      [day('2023-12-31'), day('2024-01-01'), '12.34', 'X1', 'E2E-9', 'CREDIT', 'J. JANSEN', ['FACTUUR 42']],
      [day('2024-01-02'), day('2024-01-02'), '-1.00', undefined, 'REF7', 'BANK_FEE', undefined, undefined],
      [day('2024-01-03'), day('2024-01-03'), '2.00', undefined, undefined, 'CHECK', undefined, undefined],
    ]);
  });

  it('joins German ?20 subfields without SEPA keywords as lines of text', () => {
    const parsed = parseStatement(
      mt([
        ':20:R',
        ':25:10020030/1234567',
        ':60F:C240101EUR0,',
        ':61:240101C5,00NTRFNONREF',
        ':86:051?00UEBERWEISUNG?20Miete Januar?21Wohnung 3?32HAUSVERWALTUNG',
        ':62F:C240101EUR5,00',
      ]),
    );
    expect(parsed.accounts[0].transactions[0]).toMatchObject({
      rawText: 'UEBERWEISUNG Miete Januar Wohnung 3 HAUSVERWALTUNG',
      remittanceInformation: ['Miete Januar Wohnung 3'],
      counterparty: 'HAUSVERWALTUNG',
      label: 'Hausverwaltung',
    });
  });

  it('fails on truncation and malformed lines with the line number', () => {
    const base = [':20:R', ':25:A/1', ':60F:C240101EUR0,', ':61:240101C5,00NTRFNONREF', ':62F:C240101EUR5,00'];
    expect(
      statementError(() => parseStatement(mt(['{1:F01X}{2:O940}{4:', ...base.slice(0, 4)]), { fileName: 'a.sta' }))
        .message,
    ).toBe('a.sta, line 2: truncated or incomplete statement: no closing balance :62F:');
    expect(
      statementError(() =>
        parseStatement(mt(base.map((l) => l.replace('C5,00NTRF', 'C5,0XNTRF'))), { fileName: 'a.sta' }),
      ).message,
    ).toBe('a.sta, line 4: malformed transaction type in :61:');
    expect(
      statementError(() =>
        parseStatement(mt(base.map((l) => l.replace('C5,00NTRF', 'C,50NTRF'))), { fileName: 'a.sta' }),
      ).message,
    ).toBe('a.sta, line 4: malformed amount in :61:');
    expect(
      statementError(() =>
        parseStatement(mt(base.map((l) => l.replace(':61:240101', ':61:240230'))), { fileName: 'a.sta' }),
      ).message,
    ).toBe('a.sta, line 4: malformed value date in :61:');
    expect(
      statementError(() => parseStatement(mt(['{1:F01X}{2:O940}{4:', ...base]), { fileName: 'a.sta' })).message,
    ).toBe('a.sta, line 1: truncated file: SWIFT message envelope not closed (no -} after the {4: block)');
  });
});

describe('MT940 as real banks write it', () => {
  const head = [':20:R', ':25:NL10BUNQ2290325473', ':28C:1/1', ':60F:C240101EUR10,00'];

  it('reads a file without closing balance (:62F: left out, MT942) and says so in a warning', () => {
    const parsed = parseStatement(mt([...head, ':61:240101D5,00NTRFNONREF']), { fileName: 'a.sta' });
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toEqual(['-5.00']);
    expect(parsed.accounts[0].closingBalance).toBeUndefined();
    expect(parsed.warnings).toEqual(['line 1: statement without closing balance :62F: (its rows are read)']);
    const mt942 = parseStatement(
      mt([':20:R', ':25:PL29114010810000267002001002', ':28C:1/1', ':34F:PLN0', ':61:1701190119CN0,01NTRFNONREF']),
    );
    expect(mt942.accounts[0]).toMatchObject({ currency: 'PLN', transactions: [{ amount: '0.01' }] });
  });

  it('reads a last statement that ends on an intermediate balance :62M:, with a warning', () => {
    const parsed = parseStatement(mt([...head, ':61:240101D5,00NTRFNONREF', ':62M:C240101EUR5,00']));
    expect(parsed.accounts[0].closingBalance).toEqual({ amount: '5.00', date: day('2024-01-01') });
    expect(parsed.warnings[0]).toMatch(/^line 6: the last statement ends with an intermediate balance :62M:/);
  });

  it('keeps lines of spaces and text after a blank line in the :86: they pad', () => {
    const parsed = parseStatement(
      mt([
        ...head,
        ':61:240101D5,00NTRFNONREF',
        ':86:NL47INGB9999999999 hr paulissen',
        ' '.repeat(65),
        '',
        'Betaling sieraden',
        ':62F:C240101EUR5,00',
      ]),
    );
    expect(parsed.accounts[0].transactions[0].rawText).toBe('NL47INGB9999999999 hr paulissen Betaling sieraden');
  });

  it('skips the bank header lines between two messages (ABN AMRO)', () => {
    const statement = [...head, ':61:240101D5,00NTRFNONREF', ':62F:C240101EUR5,00', '-'];
    const parsed = parseStatement(
      mt(['ABNANL2A', '940', 'ABNANL2A', ...statement, 'ABNANL2A', '940', 'ABNANL2A', ...statement]),
    );
    expect(parsed.accounts[0].transactions).toHaveLength(2);
  });

  it('reads amounts without decimal comma, type codes padded with spaces or left out, and the :NS: field', () => {
    const parsed = parseStatement(
      mt([
        ...head,
        ':61:240101C500NTRF29-07-2014 10:05//B4G29PGDCK1QFV3E',
        ':61:240101D10,00NIT NONREF',
        ':61:2401010101CN220000,00//19239782213',
        ':61:2401010101DF2402,00S   X',
        ':NS:01526715',
        '02A12596785',
        ':62F:C240101EUR5,00',
      ]),
    );
    const txs = parsed.accounts[0].transactions;
    expect(txs.map((t) => t.amount)).toEqual(['500.00', '-10.00', '220000.00', '-2402.00']);
    expect(txs[2].providerKey).toBe('19239782213');
    expect(txs[3].rawText).toBe('X');
  });

  it('reads Triodos subfields written with > for ?', () => {
    const parsed = parseStatement(
      mt([
        ...head,
        ':61:240101D10,00NIT NONREF',
        ':86:000>100987654321 >20ALGEMENE TUSSENREKENING KOS>21TEN VAN 01-10-2010 TOT EN M',
        '>22ET 31-12-2010>310390123456>32TRIODOS BANK',
        ':62F:C240101EUR5,00',
      ]),
    );
    expect(parsed.accounts[0].transactions[0]).toMatchObject({
      counterparty: 'TRIODOS BANK',
      remittanceInformation: ['ALGEMENE TUSSENREKENING KOS TEN VAN 01-10-2010 TOT EN M ET 31-12-2010'],
    });
  });

  it('reads an envelope that ING closes with - and } on two lines', () => {
    const parsed = parseStatement(
      mt(['{1:F01INGBNL2ABXXX0000000000}', '{2:I940INGBNL2AXXXN}', '{4:', ...head, ':62F:C240101EUR10,00', '-', '}']),
    );
    expect(parsed.accounts[0].closingBalance?.amount).toBe('10.00');
  });

  it('joins the amount back to a :61: line broken after its debit/credit mark (Sparkasse)', () => {
    const parsed = parseStatement(
      mt([
        ...head,
        ':61:1811261126CR',
        '30,00N062NONREF',
        ':86:166?00GUTSCHR. UEBERWEISUNG?20SVWZ+Test',
        ':62F:C240101EUR5,00',
      ]),
    );
    expect(parsed.accounts[0].transactions[0]).toMatchObject({ amount: '30.00', date: day('2018-11-26') });
  });
});
