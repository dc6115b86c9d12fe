import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { day, statementError, utf8 } from './helpers';

function camt(entries: string, extra = ''): Uint8Array {
  return utf8(
    `<?xml version="1.0" encoding="UTF-8"?><ns:Document xmlns:ns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><ns:BkToCstmrStmt><ns:Stmt>` +
      `<ns:Acct><ns:Id><ns:IBAN>DE89370400440532013000</ns:IBAN></ns:Id></ns:Acct>${extra}${entries}</ns:Stmt></ns:BkToCstmrStmt></ns:Document>`,
  );
}

describe('CAMT parser details', () => {
  it('reads prefixed elements, batches of several TxDtls and the account currency from the amounts', () => {
    const parsed = parseStatement(
      camt(
        '<ns:Ntry><ns:Amt Ccy="CHF">30.00</ns:Amt><ns:CdtDbtInd>DBIT</ns:CdtDbtInd><ns:Sts>BOOK</ns:Sts><ns:BookgDt><ns:Dt>2024-03-01</ns:Dt></ns:BookgDt>' +
          '<ns:NtryDtls><ns:TxDtls><ns:RltdPties><ns:Cdtr><ns:Nm>A</ns:Nm></ns:Cdtr></ns:RltdPties><ns:RmtInf><ns:Ustrd>one</ns:Ustrd></ns:RmtInf></ns:TxDtls>' +
          '<ns:TxDtls><ns:RltdPties><ns:Cdtr><ns:Nm>B</ns:Nm></ns:Cdtr></ns:RltdPties><ns:RmtInf><ns:Ustrd>two</ns:Ustrd><ns:Strd><ns:CdtrRefInf><ns:Ref>RF18539007547034</ns:Ref></ns:CdtrRefInf></ns:Strd></ns:RmtInf></ns:TxDtls></ns:NtryDtls></ns:Ntry>',
      ),
    );
    expect(parsed.accounts[0].currency).toBe('CHF');
    expect(parsed.accounts[0].transactions[0]).toStrictEqual({
      date: day('2024-03-01'),
      amount: '-30.00',
      rawText: 'one two RF18539007547034',
      label: 'one',
      remittanceInformation: ['one', 'two', 'RF18539007547034'],
      type: 'DEBIT',
      status: 'BOOKED',
      location: 'element Document/BkToCstmrStmt/Stmt[0]/Ntry[0]',
    });
  });

  it('fails on a bad credit/debit indicator, a negative amount and a missing date, naming the element', () => {
    const entry = (inner: string) => `<ns:Ntry>${inner}</ns:Ntry>`;
    const ok =
      '<ns:Amt Ccy="EUR">1.00</ns:Amt><ns:CdtDbtInd>CRDT</ns:CdtDbtInd><ns:Sts>BOOK</ns:Sts><ns:BookgDt><ns:Dt>2024-03-01</ns:Dt></ns:BookgDt>';
    expect(
      statementError(() => parseStatement(camt(entry(ok.replace('CRDT', 'XXX'))), { fileName: 'c.xml' })).message,
    ).toBe('c.xml, element Document/BkToCstmrStmt/Stmt[0]/Ntry[0]/CdtDbtInd: malformed credit/debit indicator');
    expect(
      statementError(() => parseStatement(camt(entry(ok) + entry(ok.replace('1.00', '-1.00'))), { fileName: 'c.xml' }))
        .message,
    ).toBe('c.xml, element Document/BkToCstmrStmt/Stmt[0]/Ntry[1]/Amt: malformed amount');
    expect(
      statementError(() =>
        parseStatement(camt(entry(ok.replace(/<ns:BookgDt>.*<\/ns:BookgDt>/, ''))), { fileName: 'c.xml' }),
      ).message,
    ).toBe('c.xml, element Document/BkToCstmrStmt/Stmt[0]/Ntry[0]/BookgDt: entry without booking or value date');
    expect(
      statementError(() => parseStatement(camt(entry(ok).replace('</ns:Ntry>', '</ns:Ntr>')), { fileName: 'c.xml' }))
        .message,
    ).toMatch(/^c\.xml, line 1: truncated or malformed XML: Expected closing tag 'ns:Ntry'/);
  });
});

describe('CAMT as real banks and each version of the standard write it', () => {
  const entry =
    '<Ntry><Amt Ccy="SEK">200.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2007-10-18</Dt></BookgDt></Ntry>';
  const document = (namespace: string, body: string) =>
    utf8(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:${namespace}">${body}</Document>`);

  it('reads dates with a time zone (2017-04-01+02:00) as the day written', () => {
    const balance =
      '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">9433.31</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2017-04-01+02:00</Dt></Dt></Bal>';
    const parsed = parseStatement(
      document(
        'camt.053.001.04',
        `<BkToCstmrStmt><Stmt><Acct><Id><IBAN>CH9300762011623852957</IBAN></Id></Acct>${balance}${entry.replace('<Dt>2007-10-18</Dt>', '<Dt>2017-04-03Z</Dt>')}</Stmt></BkToCstmrStmt>`,
      ),
    );
    expect(parsed.accounts[0].openingBalance).toEqual({ amount: '9433.31', date: day('2017-04-01') });
    expect(parsed.accounts[0].transactions[0].date).toBe(day('2017-04-03'));
  });

  it('reads camt.052 version 01 (BkToCstmrAcctRptV01, PrtryAcct)', () => {
    const parsed = parseStatement(
      document(
        'camt.052.001.01',
        `<BkToCstmrAcctRptV01><Rpt><Acct><Id><PrtryAcct><Id>CH2801234000123456789</Id></PrtryAcct></Id></Acct>${entry}</Rpt></BkToCstmrAcctRptV01>`,
      ),
    );
    expect(parsed.format).toBe('CAMT052');
    expect(parsed.accounts[0]).toMatchObject({ identifier: 'CH2801234000123456789', currency: 'SEK' });
    expect(parsed.accounts[0].transactions[0].amount).toBe('-200.00');
  });

  it('reads camt.054 debit and credit notifications', () => {
    const parsed = parseStatement(
      document(
        'camt.054.001.08',
        `<BkToCstmrDbtCdtNtfctn><Ntfctn><Acct><Id><IBAN>CH2801234000123456789</IBAN></Id></Acct>${entry}</Ntfctn></BkToCstmrDbtCdtNtfctn>`,
      ),
    );
    expect(parsed.format).toBe('CAMT054');
    expect(parsed.accounts[0].transactions.map((t) => [t.date, t.amount])).toEqual([[day('2007-10-18'), '-200.00']]);
  });

  it('refuses a message without statement, saying the file holds none', () => {
    expect(
      statementError(() =>
        parseStatement(
          document('camt.053.001.02', '<BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr></BkToCstmrStmt>'),
          {
            fileName: 'c.xml',
          },
        ),
      ).message,
    ).toBe('c.xml, element Document/BkToCstmrStmt: no <Stmt> in <BkToCstmrStmt>: the file holds no statement');
  });
});
