import { compactDate, decimal, escapeXml, type ModelStatement, type ModelTransaction } from './model';

export interface OfxWriteOptions {
  version: 1 | 2;
  qfx: boolean;
  /** Write amounts with a decimal comma (some European banks do). */
  comma: boolean;
  /** Time/zone suffix appended to dates ('', '120000', '120000.000[-5:EST]'). */
  timeSuffix: string;
}

/** OFX 1 (SGML) or OFX 2 (XML) with one STMTRS/CCSTMTRS per account; pending ones in BANKTRANLISTP. */
export function writeOfx(statement: ModelStatement, o: OfxWriteOptions): string {
  const xml = o.version === 2;
  const out: string[] = [];
  const leaf = (name: string, value: string) => out.push(xml ? `<${name}>${value}</${name}>` : `<${name}>${value}`);
  const open = (name: string) => out.push(`<${name}>`);
  const close = (name: string) => out.push(`</${name}>`);
  const date = (seconds: number) => `${compactDate(seconds)}${o.timeSuffix}`;
  const amount = (minor: number, currency: string) => {
    const text = decimal(minor, currency);
    return o.comma ? text.replace('.', ',') : text;
  };

  if (xml) {
    out.push('<?xml version="1.0" encoding="UTF-8" standalone="no"?>');
    out.push('<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>');
  } else {
    out.push(
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:UTF-8',
      'CHARSET:NONE',
      'COMPRESSION:NONE',
      'OLDFILEUID:NONE',
      'NEWFILEUID:NONE',
      '',
    );
  }
  open('OFX');
  open('SIGNONMSGSRSV1');
  open('SONRS');
  open('STATUS');
  leaf('CODE', '0');
  leaf('SEVERITY', 'INFO');
  close('STATUS');
  leaf('DTSERVER', '20240101120000');
  leaf('LANGUAGE', 'ENG');
  if (o.qfx) {
    leaf('INTU.BID', '10898');
    leaf('INTU.USERID', 'TEST');
  }
  close('SONRS');
  close('SIGNONMSGSRSV1');

  const writeTx = (t: ModelTransaction, currency: string, pending: boolean) => {
    open(pending ? 'STMTTRNP' : 'STMTTRN');
    leaf('TRNTYPE', t.minor < 0 ? 'DEBIT' : 'CREDIT');
    leaf(pending ? 'DTTRAN' : 'DTPOSTED', date(t.date));
    if (!pending && t.valueDate !== undefined) leaf('DTUSER', date(t.valueDate));
    leaf('TRNAMT', amount(t.minor, currency));
    if (!pending && t.key !== undefined) leaf('FITID', escapeXml(t.key));
    if (!pending && t.reference !== undefined) leaf('CHECKNUM', escapeXml(t.reference));
    leaf('NAME', escapeXml(t.name));
    if (t.memo !== undefined) leaf('MEMO', escapeXml(t.memo));
    close(pending ? 'STMTTRNP' : 'STMTTRN');
  };

  for (const cc of [false, true]) {
    const accounts = statement.accounts.filter((a) => a.creditCard === cc);
    if (accounts.length === 0) continue;
    open(cc ? 'CREDITCARDMSGSRSV1' : 'BANKMSGSRSV1');
    accounts.forEach((a, i) => {
      open(cc ? 'CCSTMTTRNRS' : 'STMTTRNRS');
      leaf('TRNUID', String(i + 1));
      open(cc ? 'CCSTMTRS' : 'STMTRS');
      leaf('CURDEF', a.currency);
      open(cc ? 'CCACCTFROM' : 'BANKACCTFROM');
      if (!cc) leaf('BANKID', '30004');
      leaf('ACCTID', escapeXml(a.identifier));
      if (!cc) leaf('ACCTTYPE', 'CHECKING');
      close(cc ? 'CCACCTFROM' : 'BANKACCTFROM');
      open('BANKTRANLIST');
      leaf('DTSTART', '19900101');
      leaf('DTEND', '20991231');
      for (const t of a.transactions) if (!t.pending) writeTx(t, a.currency, false);
      close('BANKTRANLIST');
      if (a.closing) {
        open('LEDGERBAL');
        leaf('BALAMT', amount(a.closing.minor, a.currency));
        leaf('DTASOF', date(a.closing.date));
        close('LEDGERBAL');
      }
      if (a.transactions.some((t) => t.pending)) {
        open('BANKTRANLISTP');
        leaf('DTASOF', '20991231');
        for (const t of a.transactions) if (t.pending) writeTx(t, a.currency, true);
        close('BANKTRANLISTP');
      }
      close(cc ? 'CCSTMTRS' : 'STMTRS');
      close(cc ? 'CCSTMTTRNRS' : 'STMTTRNRS');
    });
    close(cc ? 'CREDITCARDMSGSRSV1' : 'BANKMSGSRSV1');
  }
  close('OFX');
  return out.join(xml ? '\n' : '\r\n') + '\n';
}
