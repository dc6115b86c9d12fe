/**
 * The files register of a statement-files connection (table `document_files`): what each synchronization
 * read and what became of it. Statuses:
 * - IMPORTED: its transactions are in the store (a later run reads it again only once it changed);
 * - FAILED: it could not be read (`error` names the file and the line or element); tried again each run
 *   while it stays in the folder;
 * - SKIPPED: not a statement file (a PDF, a note); `error` says why;
 * - PENDING: read fine but not imported because the run failed (another file could not be read).
 * The row named `.` is the folder itself, when it could not be read.
 */
import type { Db } from '../../db/database';

export type FileStatus = 'IMPORTED' | 'FAILED' | 'SKIPPED' | 'PENDING';

/** The register row of the folder itself. */
export const FOLDER_ROW = '.';

export interface RegisterRow {
  name: string;
  sha256: string;
  size: number;
  mtime: number | null;
  format: string | null;
  status: FileStatus;
  error: string | null;
  transactions: number;
  imported_date: number;
}

export function registerOf(db: Db, connectionId: number): Map<string, RegisterRow> {
  const rows = db
    .prepare<[number], RegisterRow>(
      'SELECT name, sha256, size, mtime, format, status, error, transactions, imported_date FROM document_files WHERE connection_id = ?',
    )
    .all(connectionId);
  return new Map(rows.map((r) => [r.name, r]));
}

export function registerRows(db: Db, connectionId: number): RegisterRow[] {
  return db
    .prepare<[number], RegisterRow>(
      'SELECT name, sha256, size, mtime, format, status, error, transactions, imported_date FROM document_files WHERE connection_id = ? ORDER BY name',
    )
    .all(connectionId);
}

/** Upserts one row; call inside a transaction when writing several. */
export function putRow(db: Db, connectionId: number, row: RegisterRow): void {
  db.prepare(
    `INSERT INTO document_files (connection_id, name, sha256, size, mtime, format, status, error, transactions, imported_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (connection_id, name) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size, mtime = excluded.mtime,
       format = excluded.format, status = excluded.status, error = excluded.error, transactions = excluded.transactions,
       imported_date = excluded.imported_date`,
  ).run(
    connectionId,
    row.name,
    row.sha256,
    row.size,
    row.mtime,
    row.format,
    row.status,
    row.error,
    row.transactions,
    row.imported_date,
  );
}

export function deleteRow(db: Db, connectionId: number, name: string): void {
  db.prepare('DELETE FROM document_files WHERE connection_id = ? AND name = ?').run(connectionId, name);
}

export function touchRow(db: Db, connectionId: number, name: string, mtime: number): void {
  db.prepare('UPDATE document_files SET mtime = ? WHERE connection_id = ? AND name = ?').run(mtime, connectionId, name);
}
