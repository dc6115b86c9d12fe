/**
 * One synchronization of a statement-files connection, done once per run (listAccounts) and then handed
 * out account by account (fetchAccount):
 * 1. list the folder and the upload inbox; a folder file already IMPORTED with the same size and
 *    modification time (or, once read, the same SHA-256) is not read again;
 * 2. read and parse every other file completely (nothing is written yet);
 * 3. a file that cannot be read is reported FAILED with its line or element, and the channel ends
 *    PARTIAL_SUCCESS naming it: the other files and their accounts import all the same (the run's result is
 *    still written in one transaction); the file is read again at each run until it is fixed or removed.
 *    Only when nothing of the source is sound (no file read, no account from an earlier run) does the run
 *    end FAILED. Unsupported files are only SKIPPED;
 * 4. every account of the connection is listed (the stored ones too, so that none becomes NOT_FOUND)
 *    with the run's rows and its balance (balance-anchor.ts), and the register follows after the commit.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { currencyExponent, minorToDecimal } from '../../domain/money';
import type { KeyedTransaction } from '../transaction-key';
import {
  ConnectorError,
  type AccountFetchResult,
  type ConnectorContext,
  type ProviderAccount,
  type ProviderTransaction,
  type TransactionType,
} from '../types';
import { balanceAnchor } from './balance-anchor';
import { FOLDER_CREDENTIAL } from './definition';
import type {
  FileOutcome,
  FolderScan,
  RunReport,
  StatementSource,
  StoredBookedRow,
  StoredStatementAccount,
} from './source';
import { buildBatches, type AccountBatch, type ParsedFile } from './statement-batches';
import { readStatement, type ReadOutcome } from './statement-reader';

export interface RunResult {
  accounts: ProviderAccount[];
  fetches: Map<string, AccountFetchResult>;
}

/** The register name of uploads: `.upload/<id>/<file name>` (folder files never start with '.'). */
export const UPLOAD_PREFIX = '.upload/';

export const uploadName = (upload: { id: string; file_name: string }) =>
  `${UPLOAD_PREFIX}${upload.id}/${upload.file_name}`;

/** The words a folder failure is told in (the register's `.` row and the channel's error). */
function folderProblem(folder: string, err: unknown): string {
  // The path itself is a credential (masked in the connection record): the message does not repeat it.
  const code = (err as NodeJS.ErrnoException).code;
  const where = 'the folder of this connection';
  if (!folder) return 'no folder is set for this connection';
  if (code === 'ENOENT') return `${where} does not exist`;
  if (code === 'ENOTDIR') return `${where} is not a folder`;
  if (code === 'EACCES' || code === 'EPERM') return `${where} cannot be read (permission denied)`;
  // Refused by the statement-folder rule (a system folder, the data folder…): the rule says why.
  if (!code) return `${where} may not be read: ${(err as Error).message}`;
  return `${where} cannot be read (${code})`;
}

function failureMessage(failed: readonly FileOutcome[]): string {
  const shown = failed.slice(0, 3).map((f) => f.error ?? f.name);
  if (failed.length === 1) return shown[0];
  const more = failed.length > 3 ? `; and ${failed.length - 3} more` : '';
  return `${failed.length} statement files could not be read: ${shown.join('; ')}${more}`;
}

/**
 * Files that could not be read do not hold the others back: the run imports the rest and ends partial,
 * naming them. Only a source with nothing sound at all (no file read, no account kept from earlier runs)
 * fails the run.
 */
function reportUnreadFiles(cctx: ConnectorContext, report: RunReport, somethingSound: boolean): void {
  const failed = report.files.filter((f) => f.status === 'FAILED');
  if (failed.length === 0) return;
  const message = failureMessage(failed);
  const sound = somethingSound || report.files.some((f) => f.status === 'UNCHANGED');
  if (!sound || !cctx.incomplete) throw new ConnectorError('FAILED', message);
  cctx.incomplete(message);
}

function outcomeOf(name: string, mtime: number | null, read: ReadOutcome, uploadId?: string): FileOutcome {
  const base = { name, sha256: read.sha256, size: read.size, mtime, statements: [], ...(uploadId ? { uploadId } : {}) };
  switch (read.kind) {
    case 'parsed':
      return {
        ...base,
        status: 'READY',
        format: read.format,
        transactions: read.transactions,
        // rows of the file that could not be read: the file imports, and the report names them
        ...(read.rowsLeftOut ? { error: read.rowsLeftOut } : {}),
      };
    case 'unchanged':
      return { ...base, status: 'UNCHANGED', transactions: 0 };
    case 'skipped':
      return { ...base, status: 'SKIPPED', error: read.reason, transactions: 0 };
    case 'failed':
      return {
        ...base,
        status: 'FAILED',
        error: read.error,
        transactions: 0,
        ...(read.format ? { format: read.format } : {}),
      };
  }
}

/** A stored row as a provider row, identical field by field (the engine's upsert then leaves it alone). */
function storedAsProvider(row: StoredBookedRow): ProviderTransaction | undefined {
  let remittance: string[] | undefined;
  if (row.remittance_information !== null) {
    try {
      const value = JSON.parse(row.remittance_information) as unknown;
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return undefined;
      if (JSON.stringify(value) !== row.remittance_information) return undefined;
      remittance = value;
    } catch {
      return undefined;
    }
  }
  if (!row.label) return undefined;
  const tx: ProviderTransaction = {
    key: row.provider_key,
    date: row.date,
    amount: minorToDecimal(row.amount, currencyExponent(row.currency)),
    currency: row.currency,
    label: row.label,
    raw: row.notes ?? '',
    type: row.type as TransactionType,
    status: 'BOOKED',
    category_id: row.category_id,
  };
  if (row.booking_date !== null) tx.booking_date = row.booking_date;
  if (row.value_date !== null) tx.value_date = row.value_date;
  if (remittance) tx.remittance_information = remittance;
  if (row.source_label !== null) tx.counterparty = row.source_label;
  return tx;
}

export async function importRun(source: StatementSource, cctx: ConnectorContext): Promise<RunResult> {
  const signal = cctx.signal;
  const connectionId = cctx.connectionId;
  const settings = source.settingsOf(connectionId);
  if (!settings) throw new ConnectorError('FAILED', 'this statement channel does not know its connection');
  const report: RunReport = { connectionId, scanned: false, files: [] };
  source.runStarted(report);

  const folder = cctx.credentials[FOLDER_CREDENTIAL] ?? '';
  let scan: FolderScan;
  try {
    scan = await source.scanFolder(folder, signal);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    report.folderError = folderProblem(folder, err);
    throw new ConnectorError('FAILED', report.folderError);
  }
  report.scanned = true;
  if (scan.truncated)
    source.warn('statement folder holds too many files: the rest waits for the next run', { connectionId });
  const register = source.knownFiles(connectionId);
  const uploads = await source.uploads(connectionId);

  for (const s of scan.skipped) {
    report.files.push({
      name: s.name,
      status: 'SKIPPED',
      sha256: '',
      size: s.size,
      mtime: s.mtime,
      error: s.reason,
      transactions: 0,
      statements: [],
    });
  }
  const parsed: ParsedFile[] = [];
  const total = scan.files.length + uploads.length;
  let done = 0;
  const take = (outcome: FileOutcome, read: ReadOutcome) => {
    report.files.push(outcome);
    if (read.kind === 'parsed') parsed.push(read.file);
    cctx.progress(++done, total, 'Reading statement files');
  };
  for (const file of scan.files) {
    signal.throwIfAborted();
    const row = register.get(file.name);
    const imported = row?.status === 'IMPORTED' ? row : undefined;
    if (imported && imported.size === file.size && imported.mtime === file.mtime) {
      take(
        {
          name: file.name,
          status: 'UNCHANGED',
          sha256: imported.sha256,
          size: file.size,
          mtime: file.mtime,
          transactions: 0,
          statements: [],
        },
        { kind: 'unchanged', sha256: imported.sha256, size: file.size },
      );
      continue;
    }
    if (row?.status === 'SKIPPED' && row.size === file.size && row.mtime === file.mtime) {
      // A note (.txt that is not MT940) already looked at: not read again until it changes.
      const read: ReadOutcome = {
        kind: 'skipped',
        sha256: row.sha256,
        size: row.size,
        reason: row.error ?? 'not a statement file',
      };
      take(outcomeOf(file.name, file.mtime, read), read);
      continue;
    }
    const read = await readStatement({
      path: file.path,
      name: file.name,
      displayName: file.name,
      size: file.size,
      accountHint: file.subfolder,
      sniff: file.sniff,
      settings,
      importedSha256: imported?.sha256,
    });
    take(outcomeOf(file.name, file.mtime, read), read);
    await nextTurn(); // a big folder must not hold the server's event loop for its whole reading
  }
  for (const upload of uploads) {
    signal.throwIfAborted();
    const name = uploadName(upload);
    const read = await readStatement({
      path: upload.path,
      name,
      displayName: upload.file_name,
      size: upload.size,
      accountHint: upload.account ?? '',
      sniff: false,
      settings,
    });
    take(outcomeOf(name, upload.received_date, read, upload.id), read);
    await nextTurn();
  }

  signal.throwIfAborted();
  const stored = source.storedAccounts(connectionId);
  reportUnreadFiles(cctx, report, parsed.length > 0 || stored.length > 0);

  const { batches, summaries } = buildBatches(parsed, stored);
  parsed.length = 0;
  const byName = new Map(report.files.map((f) => [f.name, f]));
  for (const s of summaries) {
    const outcome = byName.get(s.name);
    if (outcome) outcome.statements = s.statements;
  }

  const accounts: ProviderAccount[] = [];
  const fetches = new Map<string, AccountFetchResult>();
  for (const account of stored) {
    const batch = batches.get(account.reference);
    batches.delete(account.reference);
    const result = batch
      ? settle(source, cctx.now(), batch, account)
      : {
          reference: account.reference,
          balance: minorToDecimal(account.balance, currencyExponent(account.currency)),
          balance_date: account.balance_date ?? account.creation_date,
          transactions: [],
        };
    fetches.set(account.reference, result);
    accounts.push({
      reference: account.reference,
      name: account.name,
      type: account.type,
      currency: account.currency,
      ...(account.iban ? { iban: account.iban } : batch?.iban ? { iban: batch.iban } : {}),
      ...(account.account_number
        ? { account_number: account.account_number }
        : batch?.accountNumber
          ? { account_number: batch.accountNumber }
          : {}),
      usage: account.usage,
      balance: result.balance,
      balance_date: result.balance_date,
    });
  }
  for (const batch of batches.values()) {
    const result = settle(source, cctx.now(), batch, undefined);
    fetches.set(batch.reference, result);
    accounts.push({
      reference: batch.reference,
      name: batch.name,
      type: batch.type,
      currency: batch.currency,
      ...(batch.iban ? { iban: batch.iban } : {}),
      ...(batch.accountNumber ? { account_number: batch.accountNumber } : {}),
      usage: 'PERSONAL',
      balance: result.balance,
      balance_date: result.balance_date,
    });
  }
  return { accounts, fetches };
}

/**
 * An account's fetch result: the run's rows, the balance the latest statement gives (balance-anchor.ts),
 * and the stored booked rows between the run's first row and that balance's date that the run does not
 * carry — the engine computes end-of-day balances back from the balance over the rows it is given, and
 * must see every row of that span to get them right (they are unchanged, so it writes nothing for them).
 */
function settle(
  source: StatementSource,
  now: number,
  batch: AccountBatch,
  stored: StoredStatementAccount | undefined,
): AccountFetchResult {
  const exponent = currencyExponent(batch.currency);
  const anchor = balanceAnchor({
    exponent,
    stored: stored ? { balanceMinor: stored.balance, balanceDate: stored.balance_date } : undefined,
    closing: batch.closing,
    rows: batch.rows,
    isStored: (key) => (stored ? source.hasTransaction(stored.id, key) : false),
    now,
  });
  let transactions: ProviderTransaction[] = batch.rows;
  if (stored && batch.rows.length) {
    let first = Infinity;
    for (const row of batch.rows) if (row.date < first) first = row.date;
    if (first <= anchor.balanceDate) {
      const inRun = new Set(batch.rows.map((r: KeyedTransaction) => r.key));
      const span = source.bookedBetween(stored.id, first, anchor.balanceDate + 86_399);
      const extra: ProviderTransaction[] = [];
      for (const row of span) {
        if (inRun.has(row.provider_key)) continue;
        const tx = storedAsProvider(row);
        if (tx) extra.push(tx);
      }
      if (extra.length) transactions = [...batch.rows, ...extra];
    }
  }
  return {
    reference: batch.reference,
    balance: minorToDecimal(anchor.balanceMinor, exponent),
    balance_date: anchor.balanceDate,
    transactions,
    // A statement as recent as any is the bank's current view: PENDING rows it no longer shows have ended.
    pending_complete: anchor.source === 'STATEMENT',
  };
}
