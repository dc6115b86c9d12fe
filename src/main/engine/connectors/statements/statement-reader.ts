/**
 * Reads and parses one statement file, whole, before anything of it is written: a file is imported
 * completely or not at all. Every problem is a failure whose message names the file and, when the parser
 * knows it, the line or element (`janvier.ofx, line 42: malformed amount "12,3x"`).
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { currencyExponent, decimalToMinor, MoneyFormatError } from '../../domain/money';
import { detectFormat, parseStatement, StatementError, type StatementFormat } from './formats';
import { parseOptionsOf, type DocumentSettings } from './document-settings';
import type { ParsedFile } from './statement-batches';

/**
 * Largest statement file read (and accepted by the upload route). A year of a busy account is a few MB;
 * 100,000 transactions of OFX are about 20 MB. Larger files are refused before being read.
 */
export const MAX_STATEMENT_BYTES = 100 * 1024 * 1024;

export type ReadOutcome =
  | {
      kind: 'parsed';
      sha256: string;
      size: number;
      format: StatementFormat;
      file: ParsedFile;
      transactions: number;
      /** What was left out, naming the file, each row's line and why ('a.csv: 1 row not imported: line 3: …'). */
      rowsLeftOut?: string;
    }
  | { kind: 'unchanged'; sha256: string; size: number }
  | { kind: 'skipped'; sha256: string; size: number; reason: string }
  | { kind: 'failed'; sha256: string; size: number; error: string; format?: StatementFormat };

export interface ReadInput {
  path: string;
  /** Register name (the parsed file keeps it). */
  name: string;
  /** The name messages use (the file's own name for uploads). */
  displayName: string;
  /** Size from stat or the upload; larger than `maxBytes` ⇒ refused without reading. */
  size: number;
  accountHint: string;
  /** `.txt`: imported only when its content is MT940. */
  sniff: boolean;
  settings: DocumentSettings;
  /** The checksum of this name's last import: same bytes ⇒ unchanged. */
  importedSha256?: string;
  maxBytes?: number;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/**
 * What the store cannot keep faithfully (an amount with more decimals than its currency, a date before
 * 1970, a currency that is not a code, an absurd account identifier) fails the file at its line, here —
 * rather than failing the run later without naming the file.
 */
function checkStorable(file: ParsedFile, displayName: string): void {
  for (const account of file.accounts) {
    const exponent = currencyExponent(account.currency);
    const where = (location: string, message: string) => new StatementError(message, displayName, location);
    const first = account.transactions[0]?.location;
    if (!/^[A-Z]{3}$/.test(account.currency))
      throw where(first ?? 'line 1', `unknown currency ${JSON.stringify(account.currency.slice(0, 20))}`);
    if (!account.identifier || account.identifier.length > 200)
      throw where(first ?? 'line 1', 'the account identifier is empty or longer than 200 characters');
    for (const tx of account.transactions) {
      try {
        decimalToMinor(tx.amount, exponent);
      } catch (err) {
        if (err instanceof MoneyFormatError) {
          throw where(
            tx.location,
            `amount ${JSON.stringify(tx.amount)} cannot be kept in ${account.currency} (${err.message})`,
          );
        }
        throw err;
      }
      if (!Number.isSafeInteger(tx.date) || tx.date < 0) throw where(tx.location, 'date before 1970');
      if (tx.valueDate !== undefined && (!Number.isSafeInteger(tx.valueDate) || tx.valueDate < 0)) {
        throw where(tx.location, 'value date before 1970');
      }
    }
    if (account.closingBalance) {
      try {
        decimalToMinor(account.closingBalance.amount, exponent);
      } catch (err) {
        if (err instanceof MoneyFormatError) {
          throw where(
            'closing balance',
            `balance ${JSON.stringify(account.closingBalance.amount)} cannot be kept in ${account.currency}`,
          );
        }
        throw err;
      }
    }
  }
}

/**
 * 'a.csv: 1 row could not be read and was left out (line 3: malformed amount); the other rows are imported'
 * (the app adds what to do, in the person's language).
 */
export function describeRowsLeftOut(displayName: string, rows: readonly string[]): string {
  const shown = rows.slice(0, 5).join('; ');
  const more = rows.length > 5 ? `; and ${rows.length - 5} more` : '';
  const one = rows.length === 1;
  return (
    `${displayName}: ${one ? '1 row' : `${rows.length} rows`} could not be read and ${one ? 'was' : 'were'} left out ` +
    `(${shown}${more}); the other rows are imported`
  );
}

export async function readStatement(input: ReadInput): Promise<ReadOutcome> {
  const max = input.maxBytes ?? MAX_STATEMENT_BYTES;
  if (input.size > max) {
    return {
      kind: 'failed',
      sha256: '',
      size: input.size,
      error: `${input.displayName}: file too large (${formatBytes(input.size)}; the limit for one statement file is ${formatBytes(max)})`,
    };
  }
  let bytes: Buffer | undefined;
  try {
    // O_NOFOLLOW: a file swapped for a symbolic link after the folder was listed is not followed (ELOOP).
    bytes = await readFile(input.path, { flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Moved away while the folder was being read: not there any more, nothing to report as a failure.
    if (code === 'ELOOP')
      return { kind: 'skipped', sha256: '', size: input.size, reason: 'a symbolic link (links are not followed)' };
    if (code === 'ENOENT')
      return { kind: 'skipped', sha256: '', size: input.size, reason: 'removed while it was being read' };
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'read error');
    return { kind: 'failed', sha256: '', size: input.size, error: `${input.displayName}: cannot be read (${why})` };
  }
  const size = bytes.length;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (input.importedSha256 === sha256) return { kind: 'unchanged', sha256, size };
  if (size > max) {
    return {
      kind: 'failed',
      sha256,
      size,
      error: `${input.displayName}: file too large (${formatBytes(size)}; the limit is ${formatBytes(max)})`,
    };
  }
  if (input.sniff) {
    let format: StatementFormat | undefined;
    try {
      format = detectFormat(bytes.subarray(0, 65536), input.displayName);
    } catch {
      format = undefined;
    }
    if (format !== 'MT940')
      return { kind: 'skipped', sha256, size, reason: 'not a statement file (text that is not MT940)' };
  }
  let format: StatementFormat | undefined;
  try {
    const parsed = parseStatement(bytes, parseOptionsOf(input.settings, input.displayName, max));
    bytes = undefined;
    format = parsed.format;
    const file: ParsedFile = { name: input.name, format, accounts: parsed.accounts, accountHint: input.accountHint };
    checkStorable(file, input.displayName);
    const transactions = parsed.accounts.reduce((n, a) => n + a.transactions.length, 0);
    const outcome: ReadOutcome = { kind: 'parsed', sha256, size, format, file, transactions };
    if (parsed.rowsLeftOut.length > 0) outcome.rowsLeftOut = describeRowsLeftOut(input.displayName, parsed.rowsLeftOut);
    return outcome;
  } catch (err) {
    const error =
      err instanceof StatementError
        ? err.message
        : `${input.displayName}: could not be read (${err instanceof Error ? err.message : String(err)})`;
    return { kind: 'failed', sha256, size, error, ...(format ? { format } : {}) };
  }
}
