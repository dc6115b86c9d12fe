import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, statementError, utf8 } from './helpers';

const HEADER =
  'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n';

function stmt(acctId: string, txs: string, currency = 'EUR', balance = ''): string {
  return `<STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>${currency}<BANKACCTFROM><BANKID>1<ACCTID>${acctId}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>${txs}</BANKTRANLIST>${balance}</STMTRS></STMTTRNRS>`;
}

function tx(fitId: string, date: string, amount: string, name = 'SHOP'): string {
  return `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>${date}\n<TRNAMT>${amount}\n<FITID>${fitId}\n<NAME>${name}\n</STMTTRN>\n`;
}

function ofx(body: string): Uint8Array {
  return utf8(`${HEADER}<OFX>\n<BANKMSGSRSV1>\n${body}\n</BANKMSGSRSV1>\n</OFX>\n`);
}

describe('OFX parser details', () => {
  it('merges statements of the same account and keeps distinct accounts apart', () => {
    const parsed = parseStatement(
      ofx(
        stmt('A1', tx('1', '20240102', '-1.00'), 'EUR', '<LEDGERBAL><BALAMT>10<DTASOF>20240102</LEDGERBAL>') +
          stmt('B2', tx('2', '20240103', '2.5'), 'USD') +
          stmt('A1', tx('3', '20240105', '-3'), 'EUR', '<LEDGERBAL><BALAMT>7<DTASOF>20240105</LEDGERBAL>'),
      ),
    );
    expect(
      parsed.accounts.map((a) => [
        a.identifier,
        a.currency,
        a.transactions.map((t) => t.providerKey),
        a.closingBalance,
      ]),
    ).toStrictEqual([
      ['A1', 'EUR', ['1', '3'], { amount: '7.00', date: day('2024-01-05') }],
      ['B2', 'USD', ['2'], undefined],
    ]);
  });

  it('accepts SGML leaves with optional closing tags, entities and lower-case hex references', () => {
    const parsed = parseStatement(
      ofx(
        stmt(
          'A1',
          '<STMTTRN><TRNTYPE>POS</TRNTYPE><DTPOSTED>20240102</DTPOSTED>\n<TRNAMT>-1.00\n<FITID>X</FITID><NAME>CAF&#xe9; &amp; CO &lt;3</NAME><MEMO>\n</MEMO></STMTTRN>',
        ),
      ),
    );
    const t = parsed.accounts[0].transactions[0];
    expect(t.counterparty).toBe('CAFé & CO <3');
    expect(t.rawText).toBe('CAFé & CO <3');
    expect(t.type).toBe('POINT_OF_SALE');
  });

  it('uses defaultCurrency when CURDEF is missing and pads amounts to the currency', () => {
    const body =
      '<STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>J1</BANKACCTFROM><BANKTRANLIST>' +
      tx('1', '20240102', '-1500') +
      '</BANKTRANLIST></STMTRS></STMTTRNRS>';
    expect(parseStatement(ofx(body), { defaultCurrency: 'JPY' }).accounts[0]).toMatchObject({
      currency: 'JPY',
      transactions: [{ amount: '-1500' }],
    });
    expect(parseStatement(ofx(body)).accounts[0]).toMatchObject({
      currency: 'EUR',
      transactions: [{ amount: '-1500.00' }],
    });
  });

  it('recognises an IBAN as ACCTID and maps account types', () => {
    const body = stmt('FR76 3000 6000 0112 3456 7890 189', tx('1', '20240102', '1')).replace('CHECKING', 'CREDITLINE');
    expect(parseStatement(ofx(body)).accounts[0]).toMatchObject({ iban: 'FR7630006000011234567890189', type: 'LOAN' });
  });

  it('reports a bank error instead of a statement', () => {
    const text = `${HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Invalid password</STATUS><DTSERVER>20240101</SONRS></SIGNONMSGSRSV1></OFX>`;
    expect(() => parseStatement(utf8(text), { fileName: 's.ofx' })).toThrow(
      's.ofx, line 1: this file is an error reply from the bank (code 15500), not a statement: download the statement again from your bank',
    );
  });

  it('fails on mismatched tags, text outside elements and content after the end', () => {
    expect(
      statementError(() =>
        parseStatement(ofx(stmt('A', tx('1', '20240102', '1')).replace('</BANKTRANLIST>', '</BANKTRANLST>')), {
          fileName: 'm.ofx',
        }),
      ).detail,
    ).toBe('closing tag </BANKTRANLST> does not match <BANKTRANLIST> (no open <BANKTRANLST>)');
    const junk = statementError(() =>
      parseStatement(utf8(`${HEADER}<OFX>\n<BANKMSGSRSV1>\n</BANKMSGSRSV1>junk\n</OFX>`)),
    );
    expect([junk.location, junk.detail]).toStrictEqual(['line 13', 'unexpected text inside <OFX>']);
    expect(statementError(() => parseStatement(utf8(`${HEADER}<OFX></OFX>\n<OFX>`))).detail).toBe(
      'element <OFX> after the end of the document',
    );
  });

  it('leaves out a transaction without date, naming its line', () => {
    const body = stmt('A', '<STMTTRN>\n<TRNTYPE>DEBIT\n<TRNAMT>-1.00\n</STMTTRN>' + tx('2', '20240102', '-2.00'));
    const parsed = parseStatement(ofx(body), { fileName: 'd.ofx' });
    expect(parsed.warnings).toEqual([
      'line 13: transaction without date (no <DTPOSTED>): this transaction was not imported',
    ]);
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toEqual(['-2.00']);
  });
});
