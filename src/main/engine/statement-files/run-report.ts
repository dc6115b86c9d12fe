/**
 * What one synchronization of a statement-files connection did with each file, and how that lands in the
 * register once the run's results are committed (or known to have failed). The engine writes the
 * transactions in one database transaction; the register follows right after it commits, so a crash in
 * between only means the files are read again next time — which adds nothing (keys dedup).
 */
import type { FileOutcome, RunReport } from '../connectors/statements/source';
import { currencyExponent, decimalToMinor } from '../domain/money';
import { FOLDER_ROW, type DocumentsStore } from '../store/documents';
import { removeUpload, UPLOAD_PREFIX } from './inbox';

export type { FileOutcome, RunReport };

const DAY = 86_400;

export const NOT_IMPORTED = 'not imported: the synchronization stopped before its end; read again at the next one';

/**
 * Writes the report into `document_files` (and the statements' closing balances into `balance_history`),
 * then clears the inbox of what needs no second try. `succeeded`: the run's results were committed.
 */
export function applyRunReport(
  store: DocumentsStore,
  now: number,
  report: RunReport,
  inbox: string,
  succeeded: boolean,
): void {
  const id = report.connectionId;
  if (!store.connectionExists(id)) return;
  store.atomically(() => {
    if (report.folderError) {
      store.putRow(id, {
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
      store.deleteRow(id, FOLDER_ROW);
    }
    if (report.scanned) {
      const present = new Set(report.files.map((f) => f.name));
      for (const row of store.registerRows(id)) {
        // A row goes with its file: a folder file no longer there, an upload that left the inbox (a failed
        // upload is told in the run it failed in, then dropped). Imported files stay: they are what was read.
        if (row.name === FOLDER_ROW || row.status === 'IMPORTED' || present.has(row.name)) continue;
        store.deleteRow(id, row.name);
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
          store.putRow(id, {
            ...base,
            status: succeeded ? 'IMPORTED' : 'PENDING',
            // an imported file keeps the note of its rows left out (line and reason) until it is read again
            error: succeeded ? (f.error ?? null) : NOT_IMPORTED,
          });
          break;
        case 'FAILED':
          store.putRow(id, { ...base, status: 'FAILED', error: f.error ?? 'could not be read' });
          break;
        case 'SKIPPED':
          store.putRow(id, { ...base, status: 'SKIPPED', error: f.error ?? 'not a statement file' });
          break;
        case 'UNCHANGED':
          if (f.mtime !== null) store.touchRow(id, f.name, f.mtime);
          break;
      }
    }
    if (succeeded) writeStatementBalances(store, report);
  });
  for (const f of report.files) {
    if (!f.uploadId || !f.name.startsWith(UPLOAD_PREFIX)) continue;
    if (f.status === 'FAILED' || (f.status === 'READY' && succeeded)) {
      removeUpload(inbox, f.uploadId);
    }
  }
}

/**
 * Each statement's closing balance is a `balance_history` point of its own (the engine computes the other
 * days back from the newest balance; where statements leave a gap, this keeps each statement's own figure).
 */
function writeStatementBalances(store: DocumentsStore, report: RunReport): void {
  for (const f of report.files) {
    if (f.status !== 'READY') continue;
    for (const s of f.statements) {
      if (!s.closing) continue;
      const accountId = store.accountId(report.connectionId, s.reference);
      if (accountId === undefined) continue;
      store.putBalancePoint(
        accountId,
        Math.floor(s.closing.date / DAY) * DAY,
        decimalToMinor(s.closing.amount, currencyExponent(s.currency)),
      );
    }
  }
}
