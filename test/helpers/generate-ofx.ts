/**
 * Deterministic generator of realistic OFX bank statements (for benchmarks and load tests):
 * `generateOfx({ transactions: 100_000, seed: 42, version: 1 })` → about 30 MB of OFX 1 SGML.
 */

export interface GenerateOfxOptions {
  transactions: number;
  seed: number;
  version: 1 | 2;
}

/** mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS = [
  'CARREFOUR MARKET PARIS 15',
  'AMAZON MKTPLACE PMTS',
  'SHELL OIL 57442',
  'STARBUCKS STORE 10432',
  'WHOLE FOODS MARKET',
  'AT&T MOBILITY',
  'BARNES & NOBLE #2231',
  'NETFLIX.COM',
  'UBER TRIP HELP.UBER.COM',
  'TRADER JOE S #552',
  'CVS/PHARMACY #04421',
  'COMCAST CABLE COMM',
  'PG&E WEB ONLINE',
  'CHEVRON 0094221',
  'TARGET T-1234',
  'SPOTIFY USA',
  'DELTA AIR LINES',
  'HOME DEPOT 4412',
];

const MEMOS = [
  'POS PURCHASE',
  'RECURRING PAYMENT',
  'ONLINE PAYMENT',
  'DEBIT CARD PURCHASE',
  'CONTACTLESS',
  'ACH DEBIT',
];

const DEBIT_TYPES = ['DEBIT', 'POS', 'PAYMENT', 'CHECK', 'ATM', 'FEE', 'DIRECTDEBIT', 'REPEATPMT'];
const CREDIT_TYPES = ['CREDIT', 'DEP', 'DIRECTDEP', 'INT', 'XFER'];

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

function ofxDay(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`;
}

function cents(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100, 2)}`;
}

export function generateOfx(options: GenerateOfxOptions): string {
  const rand = random(options.seed);
  const xml = options.version === 2;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const leaf = (name: string, value: string) => (xml ? `<${name}>${value}</${name}>` : `<${name}>${value}`);

  const out: string[] = [];
  if (xml) {
    out.push('<?xml version="1.0" encoding="UTF-8" standalone="no"?>');
    out.push('<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>');
  } else {
    out.push('OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252');
    out.push('COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', '');
  }
  const startDay = Date.UTC(2020, 0, 1) / 1000;
  let day = startDay;
  const txs: string[] = [];
  let balance = 250_000;
  for (let i = 0; i < options.transactions; i++) {
    if (rand() < 0.03) day += 86400;
    const credit = rand() < 0.15;
    const minor = credit ? Math.floor(rand() * 300_000) + 100 : -(Math.floor(rand() * 20_000) + 1);
    balance += minor;
    const type = credit ? pick(CREDIT_TYPES) : pick(DEBIT_TYPES);
    const hour = pad(Math.floor(rand() * 24), 2);
    const fitId = `${ofxDay(day)}${pad(i, 8)}${pad(Math.floor(rand() * 1e6), 6)}`;
    txs.push(
      '<STMTTRN>',
      leaf('TRNTYPE', type),
      leaf('DTPOSTED', `${ofxDay(day)}${hour}0000.000[-5:EST]`),
      leaf('DTUSER', `${ofxDay(day)}${hour}0000.000[-5:EST]`),
      leaf('TRNAMT', cents(minor)),
      leaf('FITID', fitId),
      ...(type === 'CHECK' ? [leaf('CHECKNUM', String(1000 + i))] : []),
      leaf('NAME', escape(credit ? 'ACME PAYROLL & CO' : pick(MERCHANTS))),
      leaf('MEMO', escape(pick(MEMOS))),
      '</STMTTRN>',
    );
  }
  const end = ofxDay(day);
  out.push(
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    leaf('CODE', '0'),
    leaf('SEVERITY', 'INFO'),
    '</STATUS>',
    leaf('DTSERVER', `${end}120000.000[-5:EST]`),
    leaf('LANGUAGE', 'ENG'),
    '<FI>',
    leaf('ORG', 'Coffer Test Bank'),
    leaf('FID', '1001'),
    '</FI>',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    leaf('TRNUID', '1'),
    '<STATUS>',
    leaf('CODE', '0'),
    leaf('SEVERITY', 'INFO'),
    '</STATUS>',
    '<STMTRS>',
    leaf('CURDEF', 'USD'),
    '<BANKACCTFROM>',
    leaf('BANKID', '121000248'),
    leaf('ACCTID', `${100000000 + (options.seed % 899999999)}`),
    leaf('ACCTTYPE', 'CHECKING'),
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    leaf('DTSTART', ofxDay(startDay)),
    leaf('DTEND', end),
  );
  for (const line of txs) out.push(line);
  out.push(
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    leaf('BALAMT', cents(balance)),
    leaf('DTASOF', `${end}120000.000[-5:EST]`),
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  );
  return out.join(xml ? '\n' : '\r\n');
}
