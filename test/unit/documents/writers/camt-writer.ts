import { decimal, escapeXml, isoDate, type ModelBalance, type ModelStatement } from './model';

export interface CamtWriteOptions {
  kind: '053' | '052';
  /** '02' (Sts text, Cdtr/Nm) or '08' (Sts/Cd, Cdtr/Pty/Nm, DtTm dates). */
  version: '02' | '08';
  prefix: string;
}

export function writeCamt(statement: ModelStatement, o: CamtWriteOptions): string {
  const p = o.prefix ? `${o.prefix}:` : '';
  const out: string[] = [];
  const el = (name: string, body: string, attrs = '') => `<${p}${name}${attrs}>${body}</${p}${name}>`;
  const dt = (seconds: number, withTime: boolean) =>
    withTime ? el('DtTm', `${isoDate(seconds)}T10:30:00+01:00`) : el('Dt', isoDate(seconds));
  const amt = (minor: number, currency: string) =>
    el('Amt', decimal(Math.abs(minor), currency), ` Ccy="${currency}"`) + el('CdtDbtInd', minor < 0 ? 'DBIT' : 'CRDT');
  const bal = (code: string, b: ModelBalance, currency: string) =>
    el('Bal', el('Tp', el('CdOrPrtry', el('Cd', code))) + amt(b.minor, currency) + el('Dt', dt(b.date, false)));
  const container = o.kind === '053' ? 'BkToCstmrStmt' : 'BkToCstmrAcctRpt';
  const stmt = o.kind === '053' ? 'Stmt' : 'Rpt';
  const ns = `urn:iso:std:iso:20022:tech:xsd:camt.${o.kind}.001.${o.version}`;

  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<${p}Document xmlns${o.prefix ? `:${o.prefix}` : ''}="${ns}">`);
  out.push(`<${p}${container}>`);
  out.push(el('GrpHdr', el('MsgId', 'MSG-1') + el('CreDtTm', '2024-01-01T00:00:00')));
  statement.accounts.forEach((a, i) => {
    out.push(`<${p}${stmt}>`);
    out.push(el('Id', `S${i}`));
    out.push(
      el(
        'Acct',
        el('Id', el('Othr', el('Id', escapeXml(a.identifier)))) +
          (a.creditCard ? el('Tp', el('Cd', 'CARD')) : '') +
          el('Ccy', a.currency),
      ),
    );
    if (a.opening) out.push(bal('OPBD', a.opening, a.currency));
    if (a.closing) out.push(bal(o.kind === '053' ? 'CLBD' : 'ITBD', a.closing, a.currency));
    for (const t of a.transactions) {
      const status = t.pending ? 'PDNG' : 'BOOK';
      let body = amt(t.minor, a.currency);
      body += el('Sts', o.version === '08' ? el('Cd', status) : status);
      body += el('BookgDt', dt(t.date, o.version === '08'));
      if (t.valueDate !== undefined) body += el('ValDt', dt(t.valueDate, false));
      if (t.key !== undefined) body += el('AcctSvcrRef', escapeXml(t.key));
      const role = t.minor < 0 ? 'Cdtr' : 'Dbtr';
      const name = el('Nm', escapeXml(t.name));
      let tx = '';
      if (t.reference !== undefined) tx += el('Refs', el('EndToEndId', escapeXml(t.reference)));
      tx += el('RltdPties', el(role, o.version === '08' ? el('Pty', name) : name));
      if (t.memo !== undefined) tx += el('RmtInf', el('Ustrd', escapeXml(t.memo)));
      body += el('NtryDtls', el('TxDtls', tx));
      out.push(el('Ntry', body));
    }
    out.push(`</${p}${stmt}>`);
  });
  out.push(`</${p}${container}>`);
  out.push(`</${p}Document>`);
  return out.join('\n') + '\n';
}
