import { decimal, groupThousands, pad2, parts, type ModelAccount } from './model';

export interface QifWriteOptions {
  order: 'DMY' | 'MDY';
  /** '/' '.' or Quicken's apostrophe years (1/31'24, MDY only). */
  style: '/' | '.' | "'";
  decimal: '.' | ',';
  thousands: boolean;
}

export function qifDate(seconds: number, o: QifWriteOptions): string {
  const p = parts(seconds);
  if (o.style === "'") return `${p.month}/${String(p.day).padStart(2, ' ')}'${pad2(p.year % 100)}`;
  const [a, b] = o.order === 'DMY' ? [p.day, p.month] : [p.month, p.day];
  return `${pad2(a)}${o.style}${pad2(b)}${o.style}${p.year}`;
}

export function humanAmount(minor: number, currency: string, decimalSeparator: '.' | ',', thousands: boolean): string {
  const text = decimal(minor, currency);
  const negative = text.startsWith('-');
  const [int, frac] = (negative ? text.slice(1) : text).split('.');
  const groupSeparator = decimalSeparator === ',' ? '.' : ',';
  const grouped = thousands ? groupThousands(int, groupSeparator) : int;
  return `${negative ? '-' : ''}${grouped}${frac === undefined ? '' : `${decimalSeparator}${frac}`}`;
}

/** One QIF account section (`!Type:Bank` or `!Type:CCard`). */
export function writeQif(account: ModelAccount, o: QifWriteOptions): string {
  const lines = [account.creditCard ? '!Type:CCard' : '!Type:Bank'];
  for (const t of account.transactions) {
    lines.push(`D${qifDate(t.date, o)}`);
    lines.push(`T${humanAmount(t.minor, account.currency, o.decimal, o.thousands)}`);
    if (t.reference !== undefined) lines.push(`N${t.reference}`);
    lines.push(`P${t.name}`);
    if (t.memo !== undefined) lines.push(`M${t.memo}`);
    lines.push('^');
  }
  return lines.join('\n') + '\n';
}
