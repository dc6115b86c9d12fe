import { parseCamt } from './camt-parser';
import { guessCsvMapping as guessMapping } from './csv-mapping';
import { parseCsv } from './csv-parser';
import { decodeText } from './decode-text';
import { detectFormatFromText, isWebPage, unknownFormatMessage } from './detect-format';
import { decodeCp850, looksLikeCp850 } from './dos-codepage';
import { mergeAccounts } from './merge-accounts';
import { parseMt940 } from './mt940-parser';
import { parseOfx } from './ofx-parser';
import { ParseContext } from './parse-context';
import { parseQif } from './qif-parser';
import { rejectDoctype } from './xml-safety';
import { StatementError, type CsvMapping, type ParseOptions, type ParsedAccount, type ParsedStatement } from './types';

/**
 * Bank statement files → ParsedStatement. Pure: bytes in, data out, no I/O.
 * Every problem with a file is a StatementError naming the file and the line or element.
 */

export * from './types';
export { cleanLabel } from './clean-label';
export { detectFormat } from './detect-format';

export const DEFAULT_MAX_BYTES = 250 * 1024 * 1024;

/** Guesses the CSV column mapping (delimiter, header, columns, decimal separator) from the file's text. */
export function guessCsvMapping(text: string, fileName?: string): CsvMapping {
  return guessMapping(text.replace(/^\ufeff/, ''), fileName);
}

export function parseStatement(bytes: Uint8Array, options: ParseOptions = {}): ParsedStatement {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > maxBytes) {
    throw new StatementError(`file too large (${bytes.length} bytes, the limit is ${maxBytes})`, options.fileName);
  }
  const ctx: ParseContext = new ParseContext(options);
  if (bytes.length === 0) ctx.fail('line 1', 'unknown format (the file is empty)');
  const decoded = decodeText(bytes);
  if (decoded.warning) ctx.warn(undefined, decoded.warning);
  let text = decoded.text.replace(/^\ufeff/, '');
  const head = text.slice(0, 65536);
  const format = detectFormatFromText(head, options.fileName);
  // a web page saved instead of the statement is named as such, though it has a DOCTYPE; nothing of it is parsed
  if (!format && isWebPage(head)) ctx.fail('line 1', unknownFormatMessage(head));
  rejectDoctype(text, ctx);
  if (!format) ctx.fail('line 1', unknownFormatMessage(head));

  let accounts: ParsedAccount[];
  switch (format) {
    case 'OFX1':
    case 'OFX2':
    case 'QFX':
      accounts = parseOfx(text, ctx);
      break;
    case 'CAMT053':
      accounts = parseCamt(text, '053', ctx);
      break;
    case 'CAMT052':
      accounts = parseCamt(text, '052', ctx);
      break;
    case 'CAMT054':
      accounts = parseCamt(text, '054', ctx);
      break;
    case 'MT940':
      // SWIFT files are still written by DOS-era programs: their umlauts say which code page
      if (decoded.encoding === 'windows-1252' && looksLikeCp850(bytes)) {
        text = decodeCp850(bytes);
        ctx.warn(undefined, 'read as DOS code page 850 (its umlauts are not those of Windows-1252)');
      }
      accounts = parseMt940(text, ctx);
      break;
    case 'QIF':
      accounts = parseQif(text, ctx);
      break;
    case 'CSV':
      accounts = parseCsv(text, ctx);
      break;
  }
  return { format, accounts: mergeAccounts(accounts), warnings: ctx.warnings, rowsLeftOut: ctx.rowsLeftOut };
}
