/**
 * A preview of a statement file as Coffer reads it with given import settings (POST
 * /connections/{id}/document_preview): the CSV header's columns, the first rows as they would be imported
 * (day, label, amount, currency), the rows that would be left out and why, or why the file cannot be read.
 * Nothing is stored: the person tries a mapping on a sample, then saves the settings.
 */
import { parseOptionsOf, type DocumentSettings } from '../connectors/statements/document-settings';
import { parseStatement, StatementError } from '../connectors/statements/formats';
import { sniffDelimiter } from '../connectors/statements/formats/csv-dialect';
import { findHeaderRow } from '../connectors/statements/formats/csv-mapping';
import { readCsvRows } from '../connectors/statements/formats/csv-records';
import { ParseContext } from '../connectors/statements/formats/parse-context';

export interface PreviewRow {
  line: string;
  date: number;
  label: string;
  amount: string;
  currency: string;
  status: 'BOOKED' | 'PENDING';
}

export interface DocumentPreview {
  format?: string;
  /** The CSV header's cells (else the first row's): the names a mapping can use; [] when the file is not CSV. */
  columns: string[];
  rows: PreviewRow[];
  total_rows: number;
  rows_left_out: string[];
  /** Why the file cannot be read with these settings (absent when it can). */
  problem?: string;
}

/** Lines read to find the header (it may follow a few lines of bank preamble). */
const HEAD_LINES = 40;

function csvColumns(text: string, settings: DocumentSettings): string[] {
  const delimiter = settings.csv_mapping?.delimiter ?? sniffDelimiter(text)?.delimiter;
  if (delimiter === undefined) return [];
  try {
    const rows = readCsvRows(text, delimiter, new ParseContext(), HEAD_LINES);
    const header = findHeaderRow(rows);
    // A header Coffer does not recognise (no date or amount word) is still the first row: its names are offered.
    const named = header < 0 ? rows[0] : rows[header];
    return named ? named.cells.map((c) => c.trim()) : [];
  } catch {
    return [];
  }
}

/** The file (at most a few MB: the request body) read with `settings`; `limit` rows shown. */
export function previewDocument(text: string, fileName: string, settings: DocumentSettings, limit = 20): DocumentPreview {
  const bytes = new TextEncoder().encode(text);
  const looksCsv = /\.csv$/i.test(fileName);
  const columns = looksCsv ? csvColumns(text.replace(/^\ufeff/, ''), settings) : [];
  try {
    const parsed = parseStatement(bytes, parseOptionsOf(settings, fileName, bytes.length + 1));
    const rows = parsed.accounts.flatMap((a) =>
      a.transactions.map((t) => ({ line: t.location, date: t.date, label: t.label, amount: t.amount, currency: a.currency, status: t.status })),
    );
    return { format: parsed.format, columns, rows: rows.slice(0, limit), total_rows: rows.length, rows_left_out: parsed.rowsLeftOut ?? [] };
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    return { columns, rows: [], total_rows: 0, rows_left_out: [], problem: error.message };
  }
}
