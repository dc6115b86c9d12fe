import { detectDecimalSeparator, parseLooseAmount } from './amount';
import { sniffDelimiter } from './csv-dialect';
import { readCsvRows, type CsvRow } from './csv-records';
import { splitNumericDate } from './date-order';
import { ParseContext } from './parse-context';
import type { CsvMapping } from './types';

/**
 * CSV column mapping: guessed from header names (English, French and German synonyms as the banks'
 * exports write them, accents and case ignored) or, for header-less files, from the cells' content.
 */

type Field =
  'date' | 'valueDate' | 'amount' | 'debit' | 'credit' | 'label' | 'rawText' | 'reference' | 'currency' | 'status';

/** "Date de l'opération" → "date de l operation". */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const EXACT: [Field, string[]][] = [
  [
    'valueDate',
    [
      'date de valeur',
      'date valeur',
      'value date',
      'valeur',
      'dateval',
      'date val',
      'valuta',
      'valutadatum',
      'date de val',
      'wertstellung',
      'wertstellungsdatum',
      'valuta datum',
    ],
  ],
  [
    'date',
    [
      'date',
      'date comptable',
      'date de comptabilisation',
      'posting date',
      'posted date',
      'date posted',
      'post date',
      'booking date',
      'date operation',
      'date d operation',
      'date de l operation',
      'date de operation',
      'date ope',
      'date op',
      'dateop',
      'transaction date',
      'trans date',
      'buchungstag',
      'datum',
      'fecha',
      'buchungsdatum',
      'buchung',
      'started date',
    ],
  ],
  [
    'debit',
    [
      'debit',
      'debits',
      'debit amount',
      'montant debit',
      'debit eur',
      'debit euros',
      'withdrawal',
      'withdrawals',
      'money out',
      'paid out',
      'sortie',
      'sorties',
      'soll',
    ],
  ],
  [
    'credit',
    [
      'credit',
      'credits',
      'credit amount',
      'montant credit',
      'credit eur',
      'credit euros',
      'deposit',
      'deposits',
      'money in',
      'paid in',
      'entree',
      'entrees',
      'haben',
    ],
  ],
  [
    'amount',
    [
      'montant',
      'amount',
      'somme',
      'transaction amount',
      'montant eur',
      'montant euros',
      'montant en euros',
      'betrag',
      'importe',
    ],
  ],
  [
    'label',
    [
      'libelle simplifie',
      'libelle',
      'libelle court',
      'label',
      'description',
      'payee',
      'beneficiaire',
      'intitule',
      'nature',
      'transaction description',
      'merchant',
      'nom',
      'name',
      'operation',
      'nature de l operation',
      'auftraggeber empfanger',
      'beguenstigter zahlungspflichtiger',
      'beguenstigter auftraggeber',
      'text',
      'buchungstext',
    ],
  ],
  [
    'rawText',
    [
      'libelle complet',
      'libelle operation',
      'libelle de l operation',
      'informations complementaires',
      'information complementaire',
      'detail de l ecriture',
      'detail',
      'details',
      'memo',
      'notes',
      'note',
      'commentaire',
      'comment',
      'full description',
      'narrative',
      'additional info',
      'verwendungszweck',
      'umsatztext',
    ],
  ],
  [
    'reference',
    [
      'reference',
      'ref',
      'references',
      'numero de cheque',
      'n de cheque',
      'no de cheque',
      'check number',
      'check or slip',
      'cheque number',
      'transaction id',
      'reference operation',
      'numero',
      'id',
      'zahlungsreferenz',
    ],
  ],
  ['currency', ['devise', 'currency', 'ccy', 'monnaie', 'wahrung', 'waehrung']],
  // whether the bank has booked the row yet (Revolut's State, the Sparkassen's Info)
  ['status', ['state', 'status', 'statut', 'etat', 'info']],
];

const PREFIX: [Field, string[]][] = [
  ['valueDate', ['date de valeur', 'value date', 'date valeur']],
  ['date', ['date']],
  ['debit', ['debit']],
  ['credit', ['credit']],
  ['amount', ['montant', 'amount']],
  ['label', ['libelle', 'description']],
  ['reference', ['reference', 'ref ']],
  ['currency', ['devise', 'currency']],
];

interface Candidate {
  field: Field;
  column: number;
  priority: number;
}

function candidatesOf(header: string, column: number): Candidate[] {
  const h = normalizeHeader(header);
  if (h === '') return [];
  const result: Candidate[] = [];
  EXACT.forEach(([field, names], order) => {
    const index = names.indexOf(h);
    if (index >= 0) result.push({ field, column, priority: order * 100 + index });
  });
  PREFIX.forEach(([field, prefixes], order) => {
    if (prefixes.some((p) => h.startsWith(p))) result.push({ field, column, priority: 10_000 + order });
  });
  return result;
}

/** Assigns fields to header cells, strongest matches first; null when it is not a usable header. */
export function mappingFromHeader(header: string[]): Partial<Record<Field, number>> | null {
  const all = header.flatMap((cell, column) => candidatesOf(cell, column));
  all.sort((a, b) => a.priority - b.priority || a.column - b.column);
  const byField: Partial<Record<Field, number>> = {};
  const usedColumns = new Set<number>();
  for (const c of all) {
    if (byField[c.field] !== undefined || usedColumns.has(c.column)) continue;
    byField[c.field] = c.column;
    usedColumns.add(c.column);
  }
  if (byField.date === undefined) return null;
  if (byField.amount === undefined && byField.debit === undefined && byField.credit === undefined) return null;
  if (byField.amount !== undefined) {
    delete byField.debit;
    delete byField.credit;
  }
  if (byField.label === undefined) {
    if (byField.rawText !== undefined) {
      byField.label = byField.rawText;
      delete byField.rawText;
    } else {
      const free = header.findIndex((cell, i) => !usedColumns.has(i) && cell.trim() !== '');
      if (free < 0) return null;
      byField.label = free;
    }
  }
  return byField;
}

function looksLikeDate(cell: string): boolean {
  const d = splitNumericDate(cell);
  return d !== null && (d.iso !== undefined || d.year !== 0);
}

/** Header-less files: date, amount and label columns recognised from the cells. */
function mappingFromContent(rows: CsvRow[]): Partial<Record<Field, number>> | null {
  const sample = rows.slice(0, 50);
  const width = Math.max(0, ...sample.map((r) => r.cells.length));
  const decimal = detectDecimalSeparator(sample.flatMap((r) => r.cells));
  const dateColumns: number[] = [];
  const amountColumns: number[] = [];
  const textLength: number[] = [];
  for (let c = 0; c < width; c++) {
    const cells = sample.map((r) => (r.cells[c] ?? '').trim());
    const filled = cells.filter((x) => x !== '');
    textLength[c] = filled.reduce((sum, x) => sum + x.length, 0) / Math.max(1, filled.length);
    if (filled.length === 0) continue;
    if (filled.every(looksLikeDate)) dateColumns.push(c);
    else if (filled.length === cells.length && filled.every((x) => parseLooseAmount(x, decimal, 'EUR') !== null))
      amountColumns.push(c);
  }
  if (dateColumns.length === 0 || amountColumns.length === 0) return null;
  // An account or card number is a number too: the amount column is the first whose cells have decimals or signs.
  const looksLikeMoney = (c: number) => sample.some((r) => /^[+-]|[.,]\d{1,3}$/.test((r.cells[c] ?? '').trim()));
  const amount = amountColumns.find(looksLikeMoney) ?? amountColumns[0];
  const mapping: Partial<Record<Field, number>> = { date: dateColumns[0], amount };
  if (dateColumns.length > 1) mapping.valueDate = dateColumns[1];
  let label = -1;
  for (let c = 0; c < width; c++) {
    if (dateColumns.includes(c) || amountColumns.includes(c)) continue;
    if (label < 0 || textLength[c] > textLength[label]) label = c;
  }
  if (label < 0) return null;
  mapping.label = label;
  return mapping;
}

function columnKey(header: string[] | null, index: number | undefined): string | number | undefined {
  if (index === undefined) return undefined;
  return header ? header[index].trim() : index;
}

/** Index of the header row among the first rows, or -1. */
export function findHeaderRow(rows: CsvRow[]): number {
  const limit = Math.min(rows.length, 30);
  for (let i = 0; i < limit; i++) if (mappingFromHeader(rows[i].cells)) return i;
  return -1;
}

/** Guesses delimiter, header and columns of a CSV statement. Throws StatementError when it cannot. */
export function guessCsvMapping(
  text: string,
  fileName?: string,
  ctx: ParseContext = new ParseContext({ fileName }),
): CsvMapping {
  const dialect = sniffDelimiter(text);
  if (!dialect) ctx.fail('line 1', 'cannot detect the CSV delimiter (tried , ; tab |)');
  const rows = readCsvRows(text, dialect.delimiter, ctx, 80);
  const headerIndex = findHeaderRow(rows);
  const header = headerIndex >= 0 ? rows[headerIndex].cells : null;
  const fields = header ? mappingFromHeader(header) : mappingFromContent(rows);
  if (!fields || fields.date === undefined || fields.label === undefined) {
    return ctx.fail('line 1', 'cannot guess the CSV columns (no date/amount/label header found); pass a csvMapping');
  }
  const dataRows = rows.slice(headerIndex + 1);
  const amountColumns = [fields.amount, fields.debit, fields.credit].filter((c): c is number => c !== undefined);
  const decimalSeparator = detectDecimalSeparator(dataRows.flatMap((r) => amountColumns.map((c) => r.cells[c] ?? '')));
  const mapping: CsvMapping = {
    delimiter: dialect.delimiter,
    hasHeader: header !== null,
    date: columnKey(header, fields.date) as string | number,
    label: columnKey(header, fields.label) as string | number,
    decimalSeparator,
  };
  const optional: [keyof CsvMapping, number | undefined][] = [
    ['amount', fields.amount],
    ['debit', fields.debit],
    ['credit', fields.credit],
    ['rawText', fields.rawText],
    ['valueDate', fields.valueDate],
    ['reference', fields.reference],
    ['currency', fields.currency],
    ['status', fields.status],
  ];
  for (const [key, index] of optional) {
    const value = columnKey(header, index);
    if (value !== undefined) (mapping as unknown as Record<string, unknown>)[key] = value;
  }
  return mapping;
}
