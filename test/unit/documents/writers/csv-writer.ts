import { pad2, parts, type ModelAccount } from './model';
import { humanAmount } from './qif-writer';

export interface CsvWriteOptions {
  delimiter: ',' | ';' | '\t' | '|';
  decimal: '.' | ',';
  thousands: boolean;
  order: 'DMY' | 'MDY' | 'ISO';
  debitCredit: boolean;
  french: boolean;
  quoteAll: boolean;
}

function csvDate(seconds: number, order: CsvWriteOptions['order']): string {
  const p = parts(seconds);
  if (order === 'ISO') return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
  const [a, b] = order === 'DMY' ? [p.day, p.month] : [p.month, p.day];
  return `${pad2(a)}/${pad2(b)}/${p.year}`;
}

export const CSV_HEADERS = {
  french: {
    date: 'Date opération',
    valueDate: 'Date de valeur',
    label: 'Libellé',
    rawText: 'Informations complémentaires',
    amount: 'Montant',
    debit: 'Débit',
    credit: 'Crédit',
    reference: 'Référence',
    currency: 'Devise',
  },
  english: {
    date: 'Posting Date',
    valueDate: 'Value Date',
    label: 'Description',
    rawText: 'Memo',
    amount: 'Amount',
    debit: 'Debit',
    credit: 'Credit',
    reference: 'Reference',
    currency: 'Currency',
  },
};

/** A bank-export-like CSV of one account (a header row, then one row per transaction). */
export function writeCsv(account: ModelAccount, o: CsvWriteOptions): string {
  const h = o.french ? CSV_HEADERS.french : CSV_HEADERS.english;
  const cell = (value: string) => {
    const needs =
      o.quoteAll ||
      value.includes(o.delimiter) ||
      value.includes('"') ||
      value.includes('\n') ||
      value !== value.trim();
    return needs ? `"${value.replace(/"/g, '""')}"` : value;
  };
  const amount = (minor: number) => humanAmount(minor, account.currency, o.decimal, o.thousands);
  const header = [
    h.date,
    h.valueDate,
    h.label,
    h.rawText,
    ...(o.debitCredit ? [h.debit, h.credit] : [h.amount]),
    h.reference,
    h.currency,
  ];
  const rows = [header.map(cell).join(o.delimiter)];
  for (const t of account.transactions) {
    const money = o.debitCredit ? (t.minor < 0 ? [amount(-t.minor), ''] : ['', amount(t.minor)]) : [amount(t.minor)];
    const row = [
      csvDate(t.date, o.order),
      t.valueDate === undefined ? '' : csvDate(t.valueDate, o.order),
      t.name,
      t.memo ?? '',
      ...money,
      t.reference ?? '',
      account.currency,
    ];
    rows.push(row.map(cell).join(o.delimiter));
  }
  return rows.join('\r\n') + '\r\n';
}
