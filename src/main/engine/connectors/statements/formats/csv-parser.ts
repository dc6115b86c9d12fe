import { absolute, detectDecimalSeparator, isZero, parseLooseAmount } from './amount';
import { sniffDelimiter } from './csv-dialect';
import { guessCsvMapping, normalizeHeader } from './csv-mapping';
import { readCsvRows, type CsvRow } from './csv-records';
import {
  numericDateToUtc,
  resolveDateOrder,
  splitNumericDate,
  type DatedLocation,
  type ResolvedOrder,
} from './date-order';
import { makeTransaction } from './make-transaction';
import type { ParseContext } from './parse-context';
import { typeBySign } from './transaction-type';
import type { CsvMapping, ParsedAccount, ParsedTransaction } from './types';

/**
 * CSV bank exports with a column mapping (given, or guessed from the header). Rows before the
 * header (bank preambles), the header repeated further down, and rows without a date (totals, balances)
 * are skipped with a warning. A dated row whose date or amount cannot be read is left out and reported
 * with its line and reason (`rowsLeftOut`); the other rows import. A file where no row can be read fails.
 */

interface Columns {
  date: number;
  label: number;
  amount?: number;
  debit?: number;
  credit?: number;
  rawText?: number;
  valueDate?: number;
  reference?: number;
  currency?: number;
  status?: number;
}

type ColumnName = keyof Columns;

function resolveColumns(mapping: CsvMapping, header: string[] | null): Columns | null {
  const normalized = header?.map(normalizeHeader);
  const resolve = (spec: string | number | undefined): number | undefined | null => {
    if (spec === undefined) return undefined;
    if (typeof spec === 'number') return Number.isInteger(spec) && spec >= 0 ? spec : null;
    if (!normalized) return /^\d+$/.test(spec) ? Number(spec) : null;
    const exact = header!.findIndex((h) => h.trim() === spec.trim());
    if (exact >= 0) return exact;
    const index = normalized.indexOf(normalizeHeader(spec));
    return index >= 0 ? index : null;
  };
  const names: ColumnName[] = [
    'date',
    'label',
    'amount',
    'debit',
    'credit',
    'rawText',
    'valueDate',
    'reference',
    'currency',
    'status',
  ];
  const columns: Partial<Columns> = {};
  for (const name of names) {
    const index = resolve(mapping[name]);
    if (index === null) return null;
    if (index !== undefined) columns[name] = index;
  }
  if (columns.date === undefined || columns.label === undefined) return null;
  return columns as Columns;
}

function cell(row: CsvRow, index: number | undefined): string {
  return index === undefined ? '' : (row.cells[index] ?? '').trim();
}

interface Layout {
  columns: Columns;
  decimal: '.' | ',';
}

function findColumns(
  mapping: CsvMapping,
  rows: CsvRow[],
  ctx: ParseContext,
): { columns: Columns; headerIndex: number } {
  const wantsNames = [mapping.date, mapping.label, mapping.amount, mapping.debit, mapping.credit].some(
    (s) => typeof s === 'string' && !/^\d+$/.test(s),
  );
  if (!(mapping.hasHeader ?? wantsNames)) {
    const columns = resolveColumns(mapping, null);
    if (!columns) return ctx.fail(undefined, 'CSV mapping without header must use column numbers');
    return { columns, headerIndex: -1 };
  }
  const limit = Math.min(rows.length, 50);
  for (let i = 0; i < limit; i++) {
    const columns = resolveColumns(mapping, rows[i].cells);
    if (!columns) continue;
    if (i > 0) ctx.warn(`line ${rows[0].line}`, `${i} line(s) before the CSV header skipped`);
    return { columns, headerIndex: i };
  }
  const wanted = [mapping.date, mapping.label, mapping.amount ?? mapping.debit]
    .filter((s) => s !== undefined)
    .join(', ');
  return ctx.fail('line 1', `CSV header with the mapped columns (${wanted}) not found`);
}

function sameCells(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((cell, i) => cell.trim() === b[i].trim());
}

/** The rows after the header that hold a transaction: blank rows, repeated headers and undated rows are not. */
function transactionRows(rows: CsvRow[], headerIndex: number, date: number, ctx: ParseContext): CsvRow[] {
  const header = headerIndex >= 0 ? rows[headerIndex].cells : null;
  const data: CsvRow[] = [];
  for (const row of rows.slice(headerIndex + 1)) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (header && sameCells(row.cells, header)) {
      ctx.warn(`line ${row.line}`, 'header repeated in the file skipped');
    } else if (cell(row, date) === '') {
      ctx.warn(`line ${row.line}`, 'row without date skipped');
    } else {
      data.push(row);
    }
  }
  return data;
}

interface RowDates {
  row: CsvRow;
  date: DatedLocation;
  valueDate?: DatedLocation;
}

/** Each row's date fields; a row whose date is not a date is left out, reported with its line. */
function splitRowDates(data: CsvRow[], cols: Columns, ctx: ParseContext): RowDates[] {
  const result: RowDates[] = [];
  for (const row of data) {
    const location = `line ${row.line}`;
    const text = cell(row, cols.date);
    const date = splitNumericDate(text);
    if (!date) {
      ctx.leaveOutRow(location, 'malformed date');
      continue;
    }
    const entry: RowDates = { row, date: { date, location, text } };
    const valueText = cell(row, cols.valueDate);
    const valueDate = valueText === '' ? null : splitNumericDate(valueText);
    if (valueDate) entry.valueDate = { date: valueDate, location, text: valueText };
    else if (valueText !== '') ctx.warn(location, 'malformed value date ignored');
    result.push(entry);
  }
  return result;
}

const PENDING_WORDS = /(?:^|[^\p{L}])(?:pending|vorgemerkt|en cours|[aà] venir|in bearbeitung)(?![\p{L}])/iu;

export function parseCsv(text: string, ctx: ParseContext): ParsedAccount[] {
  const mapping = ctx.csvMapping ?? guessCsvMapping(text, ctx.fileName, ctx);
  if (mapping.amount === undefined && mapping.debit === undefined && mapping.credit === undefined) {
    ctx.fail(undefined, 'CSV mapping needs an amount column or debit/credit columns');
  }
  let delimiter = mapping.delimiter;
  if (delimiter === undefined) {
    const dialect = sniffDelimiter(text);
    if (!dialect) ctx.fail('line 1', 'cannot detect the CSV delimiter (tried , ; tab |)');
    delimiter = dialect.delimiter;
  }
  const rows = readCsvRows(text, delimiter, ctx);
  const { columns: cols, headerIndex } = findColumns(mapping, rows, ctx);
  const data = transactionRows(rows, headerIndex, cols.date, ctx);
  const dated = splitRowDates(data, cols, ctx);
  const order = resolveDateOrder(
    dated.flatMap((d) => (d.valueDate ? [d.date, d.valueDate] : [d.date])),
    ctx.dateOrder,
    ctx,
  );
  const amountColumns = [cols.amount, cols.debit, cols.credit].filter((c): c is number => c !== undefined);
  const decimal =
    mapping.decimalSeparator ?? detectDecimalSeparator(data.flatMap((r) => amountColumns.map((c) => cell(r, c))));
  const layout: Layout = { columns: cols, decimal };

  const currency = fileCurrency(dated, cols, ctx);
  const transactions: ParsedTransaction[] = [];
  for (const entry of dated) {
    const tx = rowTransaction(entry, layout, order, currency ?? ctx.defaultCurrency, ctx);
    if (tx) transactions.push(tx);
  }
  ctx.rowsLeftOut.sort((a, b) => lineOf(a) - lineOf(b));
  if (transactions.length === 0 && ctx.rowsLeftOut.length > 0) {
    // nothing to import: the file fails on its first bad row, as a file with one row would
    const [first, ...others] = ctx.rowsLeftOut;
    const colon = first.indexOf(': ');
    const more = others.length > 0 ? ` (and ${others.length} other row(s) that cannot be read)` : '';
    ctx.fail(first.slice(0, colon), `${first.slice(colon + 2)}${more}`);
  }
  return [
    {
      identifier: ctx.accountIdentifier,
      type: 'CHECKINGS',
      currency: currency ?? ctx.defaultCurrency,
      transactions,
    },
  ];
}

function lineOf(rowLeftOut: string): number {
  return Number(/^line (\d+)/.exec(rowLeftOut)?.[1] ?? 0);
}

/** The one currency of the file's currency column (none when it has no such column). */
function fileCurrency(dated: RowDates[], cols: Columns, ctx: ParseContext): string | undefined {
  let currency: string | undefined;
  let currencyLine = 0;
  for (const { row } of dated) {
    const rowCurrency = cell(row, cols.currency).toUpperCase();
    if (rowCurrency === '') continue;
    const location = `line ${row.line}`;
    if (!/^[A-Z]{3}$/.test(rowCurrency)) ctx.fail(location, `malformed currency`);
    if (currency === undefined) {
      currency = rowCurrency;
      currencyLine = row.line;
    } else if (currency !== rowCurrency) {
      ctx.fail(location, `mixed currencies in one CSV file (${currency} on line ${currencyLine}, ${rowCurrency} here)`);
    }
  }
  return currency;
}

/** One row as a transaction; undefined (the row reported with its line) when it cannot be read. */
function rowTransaction(
  entry: RowDates,
  layout: Layout,
  order: ResolvedOrder,
  currency: string,
  ctx: ParseContext,
): ParsedTransaction | undefined {
  const { row } = entry;
  const cols = layout.columns;
  const location = `line ${row.line}`;
  const date = numericDateToUtc(entry.date.date, order);
  if (date === null) return ctx.leaveOutRow(location, 'malformed or impossible date');
  const valueDate = entry.valueDate ? (numericDateToUtc(entry.valueDate.date, order) ?? undefined) : undefined;
  if (entry.valueDate && valueDate === undefined) ctx.warn(location, 'impossible value date ignored');
  const amount = rowAmount(row, cols, layout.decimal, currency);
  if (typeof amount !== 'string') return ctx.leaveOutRow(location, amount.problem);
  const label = cell(row, cols.label);
  const raw = cell(row, cols.rawText);
  return makeTransaction(
    {
      date,
      valueDate,
      amount,
      texts: raw === '' ? [label] : raw.includes(label) ? [raw] : [label, raw],
      labelSource: label || raw,
      reference: cell(row, cols.reference) || undefined,
      type: typeBySign(amount),
      status: PENDING_WORDS.test(cell(row, cols.status)) ? 'PENDING' : 'BOOKED',
      location,
    },
    ctx.labels,
  );
}

function rowAmount(row: CsvRow, cols: Columns, decimal: '.' | ',', currency: string): string | { problem: string } {
  const parse = (text: string) => parseLooseAmount(text, decimal, currency);
  if (cols.amount !== undefined) {
    const text = cell(row, cols.amount);
    if (text === '') return { problem: 'transaction without amount' };
    return parse(text) ?? { problem: 'malformed amount' };
  }
  const debitText = cell(row, cols.debit);
  const creditText = cell(row, cols.credit);
  if (debitText === '' && creditText === '')
    return { problem: 'transaction without amount (debit and credit both empty)' };
  const debit = debitText === '' ? undefined : parse(debitText);
  const credit = creditText === '' ? undefined : parse(creditText);
  if (debit === null || credit === null) return { problem: 'malformed amount' };
  if (debit !== undefined && credit !== undefined && !isZero(debit) && !isZero(credit)) {
    return { problem: 'both debit and credit are set' };
  }
  if (credit !== undefined && (!isZero(credit) || debit === undefined || isZero(debit))) return credit;
  const d = absolute(debit!);
  return isZero(d) ? d : `-${d}`;
}
