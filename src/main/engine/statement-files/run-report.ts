/**
 * What one synchronization of a statement-files connection did with each file, and how that lands in the
 * register once the run's results are committed (or known to have failed). The engine writes the
 * transactions in one database transaction; the register follows right after it commits, so a crash in
 * between only means the files are read again next time — which adds nothing (keys dedup).
 */
import type { EngineContext } from '../../context';
import { currencyExponent, decimalToMinor } from '../../domain/money';
import type { Balance } from './formats';
import { deleteRow, FOLDER_ROW, putRow, registerRows, touchRow } from './file-register';
import { removeUpload, UPLOAD_PREFIX } from './inbox';

export type OutcomeStatus = 'READY' | 'UNCHANGED' | 'FAILED' | 'SKIPPED';

export interface FileOutcome {
  name: string;
  status: OutcomeStatus;
  sha256: string;
  size: number;
  mtime: number | null;
  format?: string;
  /** FAILED: the parser's message (file and line/element); SKIPPED: why. */
  error?: string;
  transactions: number;
  /** An upload of the inbox (removed once imported or failed). */
  uploadId?: string;
  statements: Array<{ reference: string; currency: string; closing?: Balance }>;
}

export interface RunReport {
  connectionId: number;
  inbox: string;
  /** The folder itself could not be read. */
  folderError?: string;
  /** The folder was listed: register rows of files gone from it (other than IMPORTED ones) are dropped. */
  scanned: boolean;
  files: FileOutcome[];
}

const DAY = 86_400;

export const NOT_IMPORTED =
  'not imported: the synchronization failed (another file could not be read, or the run stopped); read again at the next one';

/**
 * Writes the report into `document_files` (and the statements' closing balances into `balance_history`),
 * then clears the inbox of what needs no second try. `succeeded`: the run's results were committed.
 */
export function applyRunReport(ctx: EngineContext, report: RunReport, succeeded: boolean): void {
  const { db } = ctx;
  const now = ctx.now();
  const id = report.connectionId;
  const exists = db.prepare('SELECT 1 FROM connections WHERE id = ?').pluck().get(id);
  if (!exists) return;
  db.transaction(() => {
    if (report.folderError) {
      putRow(db, id, {
        name: FOLDER_ROW,
        sha256: '',
        size: 0,
        mtime: null,
        format: null,
        status: 'FAILED',
        error: report.folderError,
        transactions: 0,
        imported_date: now,
      });
    } else {
      deleteRow(db, id, FOLDER_ROW);
    }
    if (report.scanned) {
      const present = new Set(report.files.map((f) => f.name));
      for (const row of registerRows(db, id)) {
        if (row.name.startsWith('.') || row.status === 'IMPORTED' || present.has(row.name)) continue;
        deleteRow(db, id, row.name);
      }
    }
    for (const f of report.files) {
      const base = {
        name: f.name,
        sha256: f.sha256,
        size: f.size,
        mtime: f.mtime,
        format: f.format ?? null,
        transactions: f.transactions,
        imported_date: now,
      };
      switch (f.status) {
        case 'READY':
          putRow(db, id, {
            ...base,
            status: succeeded ? 'IMPORTED' : 'PENDING',
            error: succeeded ? null : NOT_IMPORTED,
          });
          break;
        case 'FAILED':
          putRow(db, id, { ...base, status: 'FAILED', error: f.error ?? 'could not be read' });
          break;
        case 'SKIPPED':
          putRow(db, id, { ...base, status: 'SKIPPED', error: f.error ?? 'not a statement file' });
          break;
        case 'UNCHANGED':
          if (f.mtime !== null) touchRow(db, id, f.name, f.mtime);
          break;
      }
    }
    if (succeeded) writeStatementBalances(ctx, report);
  })();
  for (const f of report.files) {
    if (!f.uploadId || !f.name.startsWith(UPLOAD_PREFIX)) continue;
    if (f.status === 'FAILED' || (f.status === 'READY' && succeeded)) {
      removeUpload(report.inbox, f.uploadId);
    }
  }
}

/**
 * Each statement's closing balance is a `balance_history` point of its own (the engine computes the other
 * days back from the newest balance; where statements leave a gap, this keeps each statement's own figure).
 */
function writeStatementBalances(ctx: EngineContext, report: RunReport): void {
  const { db } = ctx;
  const accountOf = db
    .prepare<[number, string], number>('SELECT id FROM accounts WHERE connection_id = ? AND reference = ?')
    .pluck();
  const put = db.prepare(
    'INSERT INTO balance_history (account_id, date, balance) VALUES (?, ?, ?) ON CONFLICT (account_id, date) DO UPDATE SET balance = excluded.balance',
  );
  for (const f of report.files) {
    if (f.status !== 'READY') continue;
    for (const s of f.statements) {
      if (!s.closing) continue;
      const accountId = accountOf.get(report.connectionId, s.reference);
      if (accountId === undefined) continue;
      put.run(
        accountId,
        Math.floor(s.closing.date / DAY) * DAY,
        decimalToMinor(s.closing.amount, currencyExponent(s.currency)),
      );
    }
  }
}
