import { parse } from 'csv-parse/sync';
import type { ParseContext } from './parse-context';

/** CSV text → rows of cells, each with the line it starts on (csv-parse, quotes per RFC 4180, relaxed). */

export interface CsvRow {
  cells: string[];
  line: number;
}

interface InfoRecord {
  record: string[];
  info: { lines: number };
}

function countNewlines(cells: string[]): number {
  let count = 0;
  for (const cell of cells) {
    let i = cell.indexOf('\n');
    while (i >= 0) {
      count++;
      i = cell.indexOf('\n', i + 1);
    }
  }
  return count;
}

function countCrlfs(cells: string[]): number {
  let count = 0;
  for (const cell of cells) {
    let i = cell.indexOf('\r\n');
    while (i >= 0) {
      count++;
      i = cell.indexOf('\r\n', i + 2);
    }
  }
  return count;
}

export function readCsvRows(text: string, delimiter: string, ctx: ParseContext, maxLines?: number): CsvRow[] {
  let records: InfoRecord[];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      ...(maxLines ? { to_line: maxLines } : {}),
    }) as unknown as InfoRecord[];
  } catch (error) {
    const e = error as { lines?: unknown; message?: unknown; code?: unknown };
    const line = typeof e.lines === 'number' ? e.lines : undefined;
    const message = typeof e.message === 'string' ? e.message.replace(/\s*at line \d+.*$/i, '') : String(error);
    return ctx.fail(line !== undefined ? `line ${line}` : undefined, `malformed CSV: ${message}`);
  }
  // csv-parse counts a CRLF inside a quoted cell as two lines, for that record and every later one:
  // take those extra lines back to name the line each row starts on.
  let crlfsInCells = 0;
  return records.map((r) => {
    crlfsInCells += countCrlfs(r.record);
    return { cells: r.record, line: r.info.lines - crlfsInCells - countNewlines(r.record) };
  });
}
