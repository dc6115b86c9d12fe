import { looksLikeCsv } from './csv-dialect';
import { decodeHead } from './decode-text';
import { StatementError, type StatementFormat } from './types';

/**
 * Format detection from content; the file extension only breaks ties (.qfx vs .ofx, .csv/.txt for
 * CSV-looking text).
 */

function extensionOf(fileName: string | undefined): string {
  const m = fileName ? /\.([A-Za-z0-9]+)$/.exec(fileName) : null;
  return m ? m[1].toLowerCase() : '';
}

const OFX1_HEADER = /^OFXHEADER\s*:\s*\d/i;
const OFX2_PI = /<\?OFX\b[^>]{0,200}?OFXHEADER[ \t]*=[ \t]*["']?2/i;
const OFX_ROOT = /<OFX\s*>/i;
const INTUIT = /<INTU\.(?:BID|USERID|BROKERID)\s*>/i;
// camt version 001.01 names its message element with a V01 suffix (BkToCstmrAcctRptV01)
const CAMT053 = /<(?:[A-Za-z0-9_]+:)?BkToCstmrStmt(?:V01)?[\s>]/;
const CAMT052 = /<(?:[A-Za-z0-9_]+:)?BkToCstmrAcctRpt(?:V01)?[\s>]/;
const CAMT054 = /<(?:[A-Za-z0-9_]+:)?BkToCstmrDbtCdtNtfctn(?:V01)?[\s>]/;
const QIF_HEADER = /^!(?:Type|Account|Option|Clear)\b/i;
const QIF_COMMENTS = /^(?:#[^\n]*\n\s*)+/;
const MT940_START = /^(?:\{1:|:20:)/;
// (no \s* after a newline: on a run of blank lines it would make these quadratic)
const MT940_FIELDS = [/(?:^|\n)[ \t]*:20:/, /\n[ \t]*:25[A-Z]?:/, /\n[ \t]*:(?:60[FM]|61|62[FM]):/];

/** The format of a file's beginning (already decoded), or null when unknown. */
export function detectFormatFromText(headText: string, fileName?: string): StatementFormat | null {
  const head = headText.replace(/^\ufeff/, '').trimStart();
  if (head === '') return null;
  const ext = extensionOf(fileName);

  if (OFX1_HEADER.test(head) || OFX2_PI.test(head) || (head.startsWith('<') && OFX_ROOT.test(head))) {
    if (INTUIT.test(head) || ext === 'qfx') return 'QFX';
    const xml = OFX2_PI.test(head) || /^<\?xml/i.test(head);
    return xml ? 'OFX2' : 'OFX1';
  }
  if (head.startsWith('<')) {
    if (CAMT053.test(head)) return 'CAMT053';
    if (CAMT052.test(head)) return 'CAMT052';
    if (CAMT054.test(head)) return 'CAMT054';
    return null;
  }
  // QIF exports may open with `#` comment lines before the first `!Type:` header
  if (QIF_HEADER.test(head) || QIF_HEADER.test(head.replace(QIF_COMMENTS, ''))) return 'QIF';
  if ((MT940_START.test(head) && head.includes(':20:')) || MT940_FIELDS.every((re) => re.test(head))) return 'MT940';
  if (looksLikeCsv(head, ext !== 'csv' && ext !== 'tsv')) return 'CSV';
  return null;
}

const FORMATS = 'not OFX, QFX, QIF, CSV, CAMT.052/053/054 or MT940';
const ISO20022 = /urn:iso:std:iso:20022:tech:xsd:([a-z]{4})\.(\d{3})/i;

/** An HTML page (what a bank's site answers with when a session has expired). */
export function isWebPage(headText: string): boolean {
  const head = headText.replace(/^\ufeff/, '').trimStart();
  return head.startsWith('<') && /<(?:!doctype\s+html|html)[\s>]/i.test(head.slice(0, 4096));
}

/**
 * Why a file is not a statement, in the words of what it is when that can be told: a web page (a bank's
 * error or login page saved instead of the export), another ISO 20022 message (a payment order), JSON.
 */
export function unknownFormatMessage(headText: string): string {
  const head = headText.replace(/^\ufeff/, '').trimStart();
  if (isWebPage(head)) {
    return `unknown format: a web page (HTML), not a statement file; download the statement itself from your bank`;
  }
  const iso = ISO20022.exec(head.slice(0, 4096));
  if (iso && !(iso[1].toLowerCase() === 'camt' && ['052', '053', '054'].includes(iso[2]))) {
    const kind = `${iso[1].toLowerCase()}.${iso[2]}`;
    return `unknown format: an ISO 20022 ${kind} message, not a bank statement (camt.052, camt.053 or camt.054)`;
  }
  if (/^[{[]/.test(head)) return `unknown format: JSON data, ${FORMATS}`;
  return `unknown format: ${FORMATS}`;
}

/** Detects the format of a statement file from its bytes; throws StatementError 'unknown format'. */
export function detectFormat(bytes: Uint8Array, fileName?: string): StatementFormat {
  if (bytes.length === 0) throw new StatementError('unknown format (the file is empty)', fileName, 'line 1');
  const head = decodeHead(bytes);
  const format = detectFormatFromText(head, fileName);
  if (!format) throw new StatementError(unknownFormatMessage(head), fileName, 'line 1');
  return format;
}
