import { describe, expect, it } from 'vitest';
import { parseStatement, StatementError } from '../../../src/main/engine/connectors/statements/formats/index';
import { parseSample, sampleBytes, statementError, utf8 } from './helpers';

/** Every bad file fails as a whole with a StatementError naming the file and where. */
const cases: [file: string, location: string, message: RegExp][] = [
  ['bad/truncated.ofx', 'line 52', /truncated file: unterminated tag/],
  ['bad/ambiguous-dates.qif', 'line 2', /ambiguous date.*dateOrder: 'DMY' or 'MDY'/],
  ['bad/xxe.xml', 'line 2', /rejected: the file contains a <!DOCTYPE> declaration/],
  ['bad/unclosed.xml', 'element Document/BkToCstmrStmt/Stmt', /truncated file: <Stmt> is never closed/],
  ['bad/impossible-date-camt.xml', 'element Document/BkToCstmrStmt/Stmt[0]/Ntry[2]/BookgDt/Dt', /malformed date/],
  ['bad/no-closing-balance.sta', 'line 15', /truncated or incomplete statement: no closing balance :62F:/],
  ['bad/random.bin', 'line 1', /unknown format/],
  ['bad/empty.ofx', 'line 1', /unknown format \(the file is empty\)/],
];

describe('bad statement files', () => {
  it.each(cases)('%s → StatementError at %s', (file, location, message) => {
    const name = file.split('/')[1];
    const error = statementError(() => parseSample(file));
    expect(error).toBeInstanceOf(StatementError);
    expect(error.fileName).toBe(name);
    expect(error.location).toBe(location);
    expect(error.message.startsWith(`${name}, ${location}: `)).toBe(true);
    expect(error.detail).toMatch(message);
  });

  it.each([
    ['bad/missing-amount.ofx', 'line 34: transaction without amount (no <TRNAMT>): this transaction was not imported'],
    ['bad/impossible-date.qif', 'line 6: malformed or impossible date: this transaction was not imported'],
  ])('%s: the row that cannot be read is left out and named with its line, the others import', (file, warning) => {
    const parsed = parseSample(file);
    expect(parsed.warnings).toEqual([warning]);
    expect(parsed.rowsLeftOut).toEqual([warning.replace(': this transaction was not imported', '')]);
    expect(parsed.accounts[0].transactions.length).toBeGreaterThan(0);
    expect(parsed.accounts[0].transactions.every((t) => t.location !== warning.split(':')[0])).toBe(true);
  });

  it('a CSV row whose amount cannot be read is left out and named; the other rows import', () => {
    const parsed = parseSample('bad/bad-amount.csv');
    expect(parsed.accounts[0].transactions.map((t) => t.amount)).toEqual(['-45.90', '-8.50']);
    expect(parsed.rowsLeftOut).toEqual(['line 3: malformed amount']);
  });

  it('the ambiguous QIF parses once the caller says which order', () => {
    const ok = parseSample('bad/ambiguous-dates.qif', { dateOrder: 'MDY' });
    expect(ok.accounts[0].transactions.map((t) => new Date(t.date * 1000).toISOString().slice(0, 10))).toEqual([
      '2024-01-02',
      '2024-03-04',
    ]);
  });

  it('rejects an ENTITY declaration even without DOCTYPE, in any format', () => {
    const error = statementError(() =>
      parseStatement(utf8('<?xml version="1.0"?>\n<Document>\n<!ENTITY a "b">\n</Document>'), { fileName: 'e.xml' }),
    );
    expect(error.message).toBe(
      'e.xml, line 3: rejected: the file contains a <!ENTITY> declaration (DTDs and entity declarations are not allowed in statement files)',
    );
  });

  it('rejects files over maxBytes before reading them', () => {
    const bytes = sampleBytes('ofx2-bank-us.ofx');
    const error = statementError(() => parseStatement(bytes, { fileName: 'big.ofx', maxBytes: 1000 }));
    expect(error.message).toBe(`big.ofx: file too large (${bytes.length} bytes, the limit is 1000)`);
    expect(() => parseStatement(bytes, { fileName: 'big.ofx', maxBytes: bytes.length })).not.toThrow();
  });

  it('leaves out a row with a malformed OFX amount, with the exact warning', () => {
    const good = parseSample('ofx2-bank-us.ofx').accounts[0].transactions.length;
    const text = new TextDecoder().decode(sampleBytes('ofx2-bank-us.ofx')).replace('<TRNAMT>-84.17<', '<TRNAMT>12,3x<');
    const parsed = parseStatement(utf8(text), { fileName: 'statement.ofx' });
    expect(parsed.warnings).toEqual(['line 38: malformed amount: this transaction was not imported']);
    expect(parsed.accounts[0].transactions).toHaveLength(good - 1);
  });

  it('leaves out a row with an impossible OFX date; fails on a missing MT940 mark', () => {
    const ofx = new TextDecoder()
      .decode(sampleBytes('ofx2-bank-us.ofx'))
      .replace('<DTPOSTED>20240212<', '<DTPOSTED>20240230<');
    expect(parseStatement(utf8(ofx), { fileName: 'a.ofx' }).warnings).toEqual([
      'line 45: malformed date: this transaction was not imported',
    ]);
    const mt = new TextDecoder()
      .decode(sampleBytes('mt940-de-2-statements.sta'))
      .replace(':61:240103C0,50NINT', ':61:240103X0,50NINT');
    expect(() => parseStatement(utf8(mt), { fileName: 'a.sta' })).toThrow(
      /^a\.sta, line 23: missing debit\/credit mark/,
    );
  });

  it('fails when an OFX file is cut after a complete element', () => {
    const text = new TextDecoder().decode(sampleBytes('ofx2-bank-us.ofx'));
    const cut = text.slice(0, text.indexOf('</BANKTRANLIST>'));
    expect(() => parseStatement(utf8(cut), { fileName: 'cut.ofx' })).toThrow(
      /^cut\.ofx, line \d+: truncated file: <BANKTRANLIST> is never closed$/,
    );
  });

  it('fails on a CAMT entry without amount, naming the element', () => {
    const text = new TextDecoder()
      .decode(sampleBytes('camt053-fr-2-accounts.xml'))
      .replace('<Amt Ccy="EUR">78.12</Amt>', '');
    expect(() => parseStatement(utf8(text), { fileName: 'c.xml' })).toThrow(
      'c.xml, element Document/BkToCstmrStmt/Stmt[0]/Ntry[2]/Amt: missing amount',
    );
  });
});

describe('hostile values', () => {
  it('does not resolve codes through Object.prototype', () => {
    const ofx = new TextDecoder()
      .decode(sampleBytes('ofx2-bank-us.ofx'))
      .replace('<TRNTYPE>POS</TRNTYPE>', '<TRNTYPE>constructor</TRNTYPE>')
      .replace('<ACCTTYPE>SAVINGS</ACCTTYPE>', '<ACCTTYPE>toString</ACCTTYPE>');
    const parsed = parseStatement(utf8(ofx), { fileName: 'p.ofx' });
    expect(parsed.accounts[0].type).toBe('CHECKINGS');
    expect(parsed.accounts[0].transactions[1].type).toBe('DEBIT');
    expect(parsed.warnings).toEqual(['line 34: unknown TRNTYPE', 'line 16: unknown ACCTTYPE, using CHECKINGS']);
    const camt = new TextDecoder()
      .decode(sampleBytes('camt053-fr-2-accounts.xml'))
      .replace('<Cd>SVGS</Cd>', '<Cd>constructor</Cd>');
    expect(parseStatement(utf8(camt), { fileName: 'p.xml' }).accounts[1].type).toBe('CHECKINGS');
  });
});
