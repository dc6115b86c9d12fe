import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, statementError, utf8 } from './helpers';

/** What real banks' OFX and QIF files do that the strict reading refused (each seen in the corpus). */

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n';

function sgml(statement: string, signon = '<SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS>'): Uint8Array {
  return utf8(
    `${HEADER}<OFX>\n<SIGNONMSGSRSV1>${signon}</SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS><TRNUID>1\n${statement}\n</STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`,
  );
}

const ACCOUNT = '<BANKACCTFROM><BANKID>1<ACCTID>A1<ACCTTYPE>CHECKING</BANKACCTFROM>';
const TX = '<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240105\n<TRNAMT>-3.00\n<FITID>F1\n<NAME>SHOP\n</STMTTRN>\n';

describe('OFX files as banks write them', () => {
  it('reads CDATA sections as text (Suncorp), decoding entities only outside them', () => {
    const tx =
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-3.00<FITID>F1<NAME><![CDATA[ALDI & CO <3]]></NAME><MEMO>A &amp; <![CDATA[B]]></MEMO></STMTTRN>';
    const parsed = parseStatement(sgml(`<STMTRS><CURDEF>AUD${ACCOUNT}<BANKTRANLIST>${tx}</BANKTRANLIST></STMTRS>`));
    const t = parsed.accounts[0].transactions[0];
    expect([t.counterparty, t.rawText]).toStrictEqual(['ALDI & CO <3', 'ALDI & CO <3 A & B']);
  });

  it('reads an empty SGML leaf as no value: <CURDEF></CURDEF> takes the default currency, <BALAMT> no balance', () => {
    const balance = '<LEDGERBAL>\n<BALAMT>\n<DTASOF>20240131\n</LEDGERBAL>';
    const parsed = parseStatement(
      sgml(`<STMTRS><CURDEF></CURDEF>${ACCOUNT}<BANKTRANLIST>${TX}</BANKTRANLIST>${balance}</STMTRS>`),
      { defaultCurrency: 'CAD' },
    );
    expect(parsed.accounts[0].currency).toBe('CAD');
    expect(parsed.accounts[0].closingBalance).toBeUndefined();
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toStrictEqual(['-3.00']);
  });

  it('ignores a stray closing tag of a leaf (</DTPOSTED> after <DTUSER>), with a warning', () => {
    const tx =
      '<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240105</DTPOSTED>\n<DTUSER>20240104</DTPOSTED>\n<TRNAMT>-3.00\n</STMTTRN>';
    const parsed = parseStatement(sgml(`<STMTRS><CURDEF>EUR${ACCOUNT}<BANKTRANLIST>${tx}</BANKTRANLIST></STMTRS>`));
    expect(parsed.accounts[0].transactions.map((t) => [t.date, t.valueDate])).toStrictEqual([
      [day('2024-01-05'), day('2024-01-04')],
    ]);
    expect(parsed.warnings).toStrictEqual(['line 12: closing tag </DTPOSTED> without its element, ignored']);
  });

  it('closes an element left open when its parent closes, as SGML readers do', () => {
    const signon = '<SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><INTU.EMPTY>\n</SONRS>';
    const parsed = parseStatement(
      sgml(`<STMTRS><CURDEF>EUR${ACCOUNT}<BANKTRANLIST>${TX}</BANKTRANLIST></STMTRS>`, signon),
    );
    expect(parsed.accounts[0].transactions).toHaveLength(1);
    expect(parsed.warnings).toStrictEqual(['line 8: closing tag </SONRS> also closes <INTU.EMPTY>, which had none']);
  });

  it('dates a balance written 00000000 (Bradesco) by the end of the statement', () => {
    const list = `<BANKTRANLIST><DTSTART>20240101<DTEND>20240131${TX}</BANKTRANLIST>`;
    const balance = '<LEDGERBAL><BALAMT>0,00<DTASOF>00000000</LEDGERBAL>';
    const parsed = parseStatement(sgml(`<STMTRS><CURDEF>BRL${ACCOUNT}${list}${balance}</STMTRS>`));
    expect(parsed.accounts[0].closingBalance).toStrictEqual({ amount: '0.00', date: day('2024-01-31') });
  });

  it('puts a statement without <BANKACCTFROM> in the account the file is imported for', () => {
    const parsed = parseStatement(sgml(`<STMTRS><CURDEF>AUD<BANKTRANLIST>${TX}</BANKTRANLIST></STMTRS>`), {
      accountIdentifier: 'Joint',
    });
    expect(parsed.accounts.map((a) => [a.identifier, a.transactions.length])).toStrictEqual([['Joint', 1]]);
    expect(parsed.warnings).toStrictEqual([
      'line 9: the statement does not name its account; its transactions go to the account the file is imported for',
    ]);
  });

  it('reads blank lines before a header with odd spacing, time zones and ISO-8859-1 text', () => {
    const text = `\r\n\r\nOFXHEADER : 100\r\nDATA:OFXSGML\r\nCHARSET:8859-1\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR${ACCOUNT}<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105120000.000[-5:EST]<DTUSER>20240104[+5:30:IST]<TRNAMT>-3.00<NAME>CAF\u00c9</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const parsed = parseStatement(new Uint8Array(Buffer.from(text, 'latin1')));
    const t = parsed.accounts[0].transactions[0];
    expect([t.date, t.valueDate, t.counterparty]).toStrictEqual([day('2024-01-05'), day('2024-01-04'), 'CAFÉ']);
  });

  it('reads ISO days (2024-01-05, 2024-01-05T10:00:00) that some exporters write instead of OFX dates', () => {
    const tx = '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2024-01-05<DTUSER>2024-01-04T18:30:12<TRNAMT>-3.00</STMTTRN>';
    const balance = '<LEDGERBAL><BALAMT>10.00<DTASOF>2024-01-31</LEDGERBAL>';
    const parsed = parseStatement(
      sgml(`<STMTRS><CURDEF>EUR${ACCOUNT}<BANKTRANLIST>${tx}</BANKTRANLIST>${balance}</STMTRS>`),
    );
    const account = parsed.accounts[0];
    expect(account.transactions.map((t) => [t.date, t.valueDate])).toStrictEqual([
      [day('2024-01-05'), day('2024-01-04')],
    ]);
    expect(account.closingBalance).toStrictEqual({ amount: '10.00', date: day('2024-01-31') });
    expect(parsed.warnings).toStrictEqual([]);
  });

  it('refuses a reply whose statement request failed as an error reply, not as an empty file', () => {
    const failed = '<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>General Server Error</STATUS>';
    const error = statementError(() => parseStatement(sgml(failed), { fileName: 'e.ofx' }));
    expect(error.message).toBe(
      'e.ofx, line 1: this file is an error reply from the bank (code 2000), not a statement: download the statement again from your bank',
    );
  });
});

describe('QIF files as programs write them', () => {
  it('skips # comment lines, also before the first header', () => {
    const parsed = parseStatement(utf8('# exported by hand\n# second comment\n!Type:Bank\nD2022-09-23\nT-184.8\n^\n'));
    expect(parsed.format).toBe('QIF');
    expect(parsed.accounts[0].transactions.map((t) => [t.date, t.amount])).toStrictEqual([
      [day('2022-09-23'), '-184.80'],
    ]);
  });

  it('imports the bank section of a file that also holds an investment account, naming what was left out', () => {
    const text =
      "!Type:Bank\nD2/14'2020\nT67.50\n^\n!Type:Invst\nD2/14'2020\nNBuy\nYAAPL\n^\n!Type:Security\nNApple\n^\n";
    const parsed = parseStatement(utf8(text));
    expect(parsed.accounts.map((a) => a.transactions.map((t) => [t.date, t.amount]))).toStrictEqual([
      [[day('2020-02-14'), '67.50']],
    ]);
    expect(parsed.warnings).toStrictEqual(['line 5: investment account section (!Type:Invst) left out']);
  });

  it('reads a record whose ^ is missing before the next section', () => {
    const text = '!Type:Bank\nD01/13/2024\nT-5.00\n!Type:CCard\nD01/14/2024\nT-7.50\n^\n';
    const parsed = parseStatement(utf8(text));
    expect(parsed.accounts.map((a) => [a.type, a.transactions.map((t) => t.amount)])).toStrictEqual([
      ['CHECKINGS', ['-5.00']],
      ['CREDIT_CARD', ['-7.50']],
    ]);
    expect(parsed.warnings).toStrictEqual([
      'line 2: record not terminated by ^ before a new section, read as complete',
    ]);
  });

  it('leaves out a record with an impossible date and imports the others', () => {
    const parsed = parseStatement(utf8('!Type:Bank\nD31/01/2024\nT-1.00\n^\nD30/02/2024\nT-2.00\n^\n'));
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toStrictEqual(['-1.00']);
    expect(parsed.warnings).toStrictEqual(['line 5: malformed or impossible date: this transaction was not imported']);
  });
});
