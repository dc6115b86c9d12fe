import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../src/main/engine/connectors/statements/formats/decode-text';
import {
  detectFormat,
  parseStatement,
  StatementError,
} from '../../../src/main/engine/connectors/statements/formats/index';
import { sampleBytes, utf8 } from './helpers';

describe('decodeText', () => {
  it('reads UTF-8 with and without BOM', () => {
    expect(decodeText(utf8('Libellé')).text).toBe('Libellé');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('é')])).text).toBe('é');
  });

  it('falls back to Windows-1252 for invalid UTF-8', () => {
    const decoded = decodeText(new Uint8Array([0x45, 0x55, 0x52, 0x20, 0x80, 0x20, 0xe9, 0x9c]));
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toBe('EUR € éœ');
  });

  it('uses the declared single-byte charset and warns about a wrong UTF-8 declaration', () => {
    const latin9 = new Uint8Array([...utf8('<?xml version="1.0" encoding="ISO-8859-15"?><a>'), 0xa4, ...utf8('</a>')]);
    expect(decodeText(latin9).text).toContain('<a>€</a>');
    const lying = new Uint8Array([...utf8('OFXHEADER:100\nENCODING:UTF-8\n\n<OFX><NAME>'), 0xe9, ...utf8('</OFX>')]);
    const decoded = decodeText(lying);
    expect(decoded.text).toContain('<NAME>é');
    expect(decoded.warning).toMatch(/declared charset UTF-8/);
  });

  it('reads UTF-16 with a BOM', () => {
    const text = '<?xml version="1.0" encoding="UTF-16"?><Document/>';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    expect(decodeText(bytes).text).toBe(text);
  });
});

describe('detectFormat (from content, not the extension)', () => {
  it.each([
    ['ofx1-bank-fr-cp1252.ofx', 'OFX1'],
    ['ofx2-bank-us.ofx', 'OFX2'],
    ['qfx-creditcard-us.qfx', 'QFX'],
    ['qif-bank-fr-dmy.qif', 'QIF'],
    ['qif-ccard-us.qif', 'QIF'],
    ['csv-fr-semicolon-cp1252.csv', 'CSV'],
    ['csv-us-debit-credit.csv', 'CSV'],
    ['camt053-fr-2-accounts.xml', 'CAMT053'],
    ['camt052-de.xml', 'CAMT052'],
    ['mt940-de-2-statements.sta', 'MT940'],
  ])('%s → %s even when renamed', (file, format) => {
    expect(detectFormat(sampleBytes(file), file)).toBe(format);
    expect(detectFormat(sampleBytes(file), 'download.txt')).toBe(format);
    expect(detectFormat(sampleBytes(file))).toBe(format);
  });

  it('uses the extension only to tell QFX from OFX', () => {
    expect(detectFormat(sampleBytes('ofx1-bank-fr-cp1252.ofx'), 'export.qfx')).toBe('QFX');
  });

  it('recognises headerless OFX, namespaced CAMT and bare MT940', () => {
    expect(detectFormat(utf8('<OFX>\n<SIGNONMSGSRSV1>'))).toBe('OFX1');
    expect(
      detectFormat(
        utf8(
          '<?xml version="1.0"?><ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><ns2:BkToCstmrStmt>',
        ),
      ),
    ).toBe('CAMT053');
    expect(detectFormat(utf8(':20:REF\n:25:NL91ABNA0417164300\n:28C:1\n:60F:C240101EUR1,00\n'))).toBe('MT940');
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['random bytes', new Uint8Array([0, 1, 2, 250, 251, 7, 8, 0, 0, 3])],
    ['prose', utf8('Dear customer, please find attached your statement.\nBest regards')],
    ['other XML', utf8('<?xml version="1.0"?><html><body/></html>')],
    ['JSON', utf8('{"date": "2024-01-01", "amount": 1}')],
  ])('%s is an unknown format', (_name, bytes) => {
    expect(() => detectFormat(bytes, 'x.dat')).toThrow(StatementError);
    expect(() => detectFormat(bytes, 'x.dat')).toThrow(/^x\.dat, line 1: unknown format/);
    expect(() => parseStatement(bytes, { fileName: 'x.dat' })).toThrow(/^x\.dat, line 1: unknown format/);
  });
});

describe('files that are not statements are named for what they are', () => {
  it.each([
    [
      'a bank’s web page saved instead of the export',
      '<!DOCTYPE html>\n<html><head><title>Session expired</title></head><body>Please log in again</body></html>',
      'unknown format: a web page (HTML), not a statement file; download the statement itself from your bank',
    ],
    [
      'an ISO 20022 payment order',
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>',
      'unknown format: an ISO 20022 pain.001 message, not a bank statement (camt.052, camt.053 or camt.054)',
    ],
    [
      'a camt message that is not a statement (a bank service billing, camt.086)',
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.086.001.02"><BkSvcsBllgStmt/></Document>',
      'unknown format: an ISO 20022 camt.086 message, not a bank statement (camt.052, camt.053 or camt.054)',
    ],
    [
      'an error answer in JSON',
      '{"error": "invalid_session"}',
      'unknown format: JSON data, not OFX, QFX, QIF, CSV, CAMT.052/053/054 or MT940',
    ],
  ])('%s', (_name, text, message) => {
    expect(() => detectFormat(utf8(text), 'x.xml')).toThrow(`x.xml, line 1: ${message}`);
    expect(() => parseStatement(utf8(text), { fileName: 'x.xml' })).toThrow(`x.xml, line 1: ${message}`);
  });
});

describe('MT940 written in DOS code page 850', () => {
  const statement = (name: number[]) =>
    new Uint8Array([
      ...utf8(
        ':20:STARTUMS\n:25:20090500/0006853030\n:60F:C100217EUR0,\n:61:1002170217C80,N051NONREF\n:86:051?00Gutschrift?32',
      ),
      ...name,
      ...utf8('\n:62F:C100217EUR80,\n'),
    ]);

  it('reads its umlauts (MÜLLER, Gräfin) when the file has no Windows-1252 umlaut', () => {
    // M 0x9A L L E R , space G r 0x84 f i n : Ü and ä in code page 850
    const parsed = parseStatement(
      statement([0x4d, 0x9a, 0x4c, 0x4c, 0x45, 0x52, 0x2c, 0x20, 0x47, 0x72, 0x84, 0x66, 0x69, 0x6e]),
    );
    expect(parsed.accounts[0].transactions[0].counterparty).toBe('MÜLLER, Gräfin');
    expect(parsed.warnings).toContain('read as DOS code page 850 (its umlauts are not those of Windows-1252)');
  });

  it('keeps Windows-1252 when the file has its umlauts', () => {
    // M 0xDC L L E R: Ü in Windows-1252
    const parsed = parseStatement(statement([0x4d, 0xdc, 0x4c, 0x4c, 0x45, 0x52]));
    expect(parsed.accounts[0].transactions[0].counterparty).toBe('MÜLLER');
    expect(parsed.warnings).toEqual([]);
  });
});
