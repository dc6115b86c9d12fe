import { decimal, pad2, parts, type ModelStatement } from './model';

function yymmdd(seconds: number): string {
  const p = parts(seconds);
  return `${pad2(p.year % 100)}${pad2(p.month)}${pad2(p.day)}`;
}

function mmdd(seconds: number): string {
  const p = parts(seconds);
  return `${pad2(p.month)}${pad2(p.day)}`;
}

function swiftAmount(minor: number, currency: string): string {
  const text = decimal(Math.abs(minor), currency);
  return text.includes('.') ? text.replace('.', ',') : `${text},`;
}

export interface Mt940WriteOptions {
  envelope: boolean;
}

/** One MT940 message per account (opening and closing balances required). */
export function writeMt940(statement: ModelStatement, o: Mt940WriteOptions): string {
  const out: string[] = [];
  statement.accounts.forEach((a, i) => {
    if (!a.opening || !a.closing) throw new Error('MT940 needs opening and closing balances');
    if (o.envelope) out.push(`{1:F01TESTBANKAXXX0000000000}{2:O940120024010${i}TESTBANKAXXX00000000002401011200N}{4:`);
    out.push(':20:STMT' + i);
    out.push(`:25:${a.identifier}`);
    out.push(`:28C:${i + 1}/1`);
    out.push(
      `:60F:${a.opening.minor < 0 ? 'D' : 'C'}${yymmdd(a.opening.date)}${a.currency}${swiftAmount(a.opening.minor, a.currency)}`,
    );
    for (const t of a.transactions) {
      const valueDate = t.valueDate ?? t.date;
      const mark = t.minor < 0 ? 'D' : 'C';
      const refs = `${t.reference ?? 'NONREF'}${t.key !== undefined ? `//${t.key}` : ''}`;
      out.push(`:61:${yymmdd(valueDate)}${mmdd(t.date)}${mark}${swiftAmount(t.minor, a.currency)}NTRF${refs}`);
      out.push(`:86:${t.name}`);
      if (t.memo !== undefined) out.push(t.memo);
    }
    out.push(
      `:62F:${a.closing.minor < 0 ? 'D' : 'C'}${yymmdd(a.closing.date)}${a.currency}${swiftAmount(a.closing.minor, a.currency)}`,
    );
    out.push(o.envelope ? '-}' : '-');
  });
  return out.join('\r\n') + '\r\n';
}
