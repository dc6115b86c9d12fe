/** Small statement files written by tests (the samples cover the formats; these cover dedup and balances). */

export type OfxRow = [ymd: string, amount: string, name: string, fitid?: string];

/** An OFX 1 (SGML) bank statement of one account; rows without a FITID get none. */
export function ofx(account: string, rows: OfxRow[], closing?: { amount: string; ymd: string }): string {
  const lines = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS>',
    '<CURDEF>EUR',
    `<BANKACCTFROM><BANKID>30004<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    '<BANKTRANLIST>',
  ];
  for (const [ymd, amount, name, fitid] of rows) {
    lines.push(
      '<STMTTRN>',
      `<TRNTYPE>${amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}`,
      `<DTPOSTED>${ymd}`,
      `<TRNAMT>${amount}`,
    );
    if (fitid) lines.push(`<FITID>${fitid}`);
    lines.push(`<NAME>${name}`, '</STMTTRN>');
  }
  lines.push('</BANKTRANLIST>');
  if (closing) lines.push('<LEDGERBAL>', `<BALAMT>${closing.amount}`, `<DTASOF>${closing.ymd}`, '</LEDGERBAL>');
  lines.push('</STMTRS></STMTTRNRS></BANKMSGSRSV1>', '</OFX>', '');
  return lines.join('\n');
}

export type QifRow = [dmy: string, amount: string, payee: string];

/** A QIF bank file (dates day first: the connection's date_order must say DMY when days are all ≤ 12). */
export function qif(rows: QifRow[]): string {
  return ['!Type:Bank', ...rows.flatMap(([d, t, p]) => [`D${d}`, `T${t}`, `P${p}`, '^']), ''].join('\n');
}
