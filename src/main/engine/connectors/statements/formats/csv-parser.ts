import { absolute, detectDecimalSeparator, isZero, parseLooseAmount } from './amount';
import { sniffDelimiter } from './csv-dialect';
import { guessCsvMapping, normalizeHeader } from './csv-mapping';
import { readCsvRows, type CsvRow } from './csv-records';
import { numericDateToUtc, resolveDateOrder, splitNumericDate, type DatedLocation } from './date-order';
import { makeTransaction } from './make-transaction';
import type { ParseContext } from './parse-context';
import { typeBySign } from './transaction-type';
import type { CsvMapping, ParsedAccount, ParsedTransaction } from './types';

/**
 * CSV bank exports with a column mapping (given, or guessed from the header). Rows before the
 * header (bank preambles) and rows without a date (totals, balances) are skipped with a warning;
 * a dated row with a bad or missing amount fails the whole file.
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

  const wantsNames = [mapping.date, mapping.label, mapping.amount, mapping.debit, mapping.credit].some(
    (s) => typeof s === 'string' && !/^\d+$/.test(s),
  );
  const hasHeader = mapping.hasHeader ?? wantsNames;
  let headerIndex = -1;
  let columns: Columns | null = null;
  if (hasHeader) {
    const limit = Math.min(rows.length, 50);
    for (let i = 0; i < limit && !columns; i++) {
      columns = resolveColumns(mapping, rows[i].cells);
      if (columns) headerIndex = i;
    }
    if (!columns) {
      const wanted = [mapping.date, mapping.label, mapping.amount ?? mapping.debit]
        .filter((s) => s !== undefined)
        .join(', ');
      ctx.fail('line 1', `CSV header with the mapped columns (${wanted}) not found`);
    }
    if (headerIndex > 0) ctx.warn(`line ${rows[0].line}`, `${headerIndex} line(s) before the CSV header skipped`);
  } else {
    columns = resolveColumns(mapping, null);
    if (!columns) ctx.fail(undefined, 'CSV mapping without header must use column numbers');
  }
  const cols: Columns = columns;

  const data: CsvRow[] = [];
  for (const row of rows.slice(headerIndex + 1)) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (cell(row, cols.date) === '') {
      ctx.warn(`line ${row.line}`, 'row without date skipped');
      continue;
    }
    data.push(row);
  }

  const dates: DatedLocation[] = [];
  const valueDates: (DatedLocation | undefined)[] = [];
  for (const row of data) {
    const text = cell(row, cols.date);
    const date = splitNumericDate(text);
    if (!date) ctx.fail(`line ${row.line}`, `malformed date`);
    dates.push({ date, location: `line ${row.line}`, text });
    const valueText = cell(row, cols.valueDate);
    if (valueText !== '') {
      const valueDate = splitNumericDate(valueText);
      if (!valueDate) ctx.fail(`line ${row.line}`, `malformed value date`);
      valueDates.push({ date: valueDate, location: `line ${row.line}`, text: valueText });
    } else {
      valueDates.push(undefined);
    }
  }
  const order = resolveDateOrder(
    [...dates, ...valueDates.filter((d): d is DatedLocation => d !== undefined)],
    ctx.dateOrder,
    ctx,
  );
  const amountColumns = [cols.amount, cols.debit, cols.credit].filter((c): c is number => c !== undefined);
  const decimal =
    mapping.decimalSeparator ?? detectDecimalSeparator(data.flatMap((r) => amountColumns.map((c) => cell(r, c))));

  let currency: string | undefined;
  let currencyLine = 0;
  const transactions: ParsedTransaction[] = [];
  data.forEach((row, i) => {
    const location = `line ${row.line}`;
    const rowCurrency = cell(row, cols.currency).toUpperCase() || undefined;
    if (rowCurrency !== undefined) {
      if (!/^[A-Z]{3}$/.test(rowCurrency)) ctx.fail(location, `malformed currency`);
      if (currency === undefined) {
        currency = rowCurrency;
        currencyLine = row.line;
      } else if (currency !== rowCurrency) {
        ctx.fail(
          location,
          `mixed currencies in one CSV file (${currency} on line ${currencyLine}, ${rowCurrency} here)`,
        );
      }
    }
    const ccy = rowCurrency ?? currency ?? ctx.defaultCurrency;
    const date = numericDateToUtc(dates[i].date, order);
    if (date === null) ctx.fail(location, `malformed or impossible date`);
    const vd = valueDates[i];
    let valueDate: number | undefined;
    if (vd) {
      const v = numericDateToUtc(vd.date, order);
      if (v === null) ctx.fail(location, `malformed or impossible value date`);
      valueDate = v;
    }
    const amount = rowAmount(row, cols, decimal, ccy, ctx);
    const label = cell(row, cols.label);
    const raw = cell(row, cols.rawText);
    transactions.push(
      makeTransaction({
        date,
        valueDate,
        amount,
        texts: raw === '' ? [label] : raw.includes(label) ? [raw] : [label, raw],
        labelSource: label || raw,
        reference: cell(row, cols.reference) || undefined,
        type: typeBySign(amount),
        status: 'BOOKED',
        location,
      }),
    );
  });

  return [
    {
      identifier: ctx.accountIdentifier,
      type: 'CHECKINGS',
      currency: currency ?? ctx.defaultCurrency,
      transactions,
    },
  ];
}

function rowAmount(row: CsvRow, cols: Columns, decimal: '.' | ',', currency: string, ctx: ParseContext): string {
  const location = `line ${row.line}`;
  const parse = (text: string): string => {
    const amount = parseLooseAmount(text, decimal, currency);
    if (amount === null) ctx.fail(location, `malformed amount`);
    return amount;
  };
  if (cols.amount !== undefined) {
    const text = cell(row, cols.amount);
    if (text === '') ctx.fail(location, 'transaction without amount');
    return parse(text);
  }
  const debitText = cell(row, cols.debit);
  const creditText = cell(row, cols.credit);
  if (debitText === '' && creditText === '')
    ctx.fail(location, 'transaction without amount (debit and credit both empty)');
  const debit = debitText === '' ? undefined : parse(debitText);
  const credit = creditText === '' ? undefined : parse(creditText);
  if (debit !== undefined && credit !== undefined && !isZero(debit) && !isZero(credit)) {
    ctx.fail(location, `both debit and credit are set`);
  }
  if (credit !== undefined && (!isZero(credit) || debit === undefined || isZero(debit))) return credit;
  const d = absolute(debit!);
  return isZero(d) ? d : `-${d}`;
}
