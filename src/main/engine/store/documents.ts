/**
 * What the statement-files feature keeps and reads (statement-files/): the files register of a connection
 * (table `document_files`), its import settings (`connections.document_settings`), and the stored accounts
 * and booked rows a run of the statements connector is measured against.
 *
 * Register statuses:
 * - IMPORTED: its transactions are in the store (a later run reads it again only once it changed);
 * - FAILED: it could not be read (`error` names the file and the line or element); tried again each run
 *   while it stays in the folder, and the row goes with the file (a failed upload: at the next run);
 * - SKIPPED: not a statement file (a PDF, a note); `error` says why;
 * - PENDING: waiting for a synchronization, or read fine but not imported because the run stopped.
 * The row named `.` is the folder itself, when it could not be read.
 */
import type { Db } from '../db/database';
import type { AccountType } from '../domain/values';

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

export interface DocumentConnection {
  id: number;
  creation_date: number;
  document_settings: string | null;
}

export interface StatementAccountRow {
  id: number;
  reference: string;
  name: string;
  type: AccountType;
  currency: string;
  iban: string | null;
  account_number: string | null;
  usage: 'PERSONAL' | 'PROFESSIONAL';
  balance: number;
  balance_date: number | null;
  creation_date: number;
}

export interface StoredBookedRow {
  provider_key: string;
  amount: number;
  currency: string;
  date: number;
  booking_date: number | null;
  value_date: number | null;
  label: string;
  notes: string | null;
  remittance_information: string | null;
  source_label: string | null;
  type: string;
  category_id: string;
}

const REGISTER_COLUMNS = 'name, sha256, size, mtime, format, status, error, transactions, imported_date';

export function createDocumentsStore(db: Db) {
  const s = {
    register: db.prepare<[number], RegisterRow>(
      `SELECT ${REGISTER_COLUMNS} FROM document_files WHERE connection_id = ? ORDER BY name`,
    ),
    put: db.prepare(
      `INSERT INTO document_files (connection_id, name, sha256, size, mtime, format, status, error, transactions, imported_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (connection_id, name) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size, mtime = excluded.mtime,
         format = excluded.format, status = excluded.status, error = excluded.error, transactions = excluded.transactions,
         imported_date = excluded.imported_date`,
    ),
    delete: db.prepare('DELETE FROM document_files WHERE connection_id = ? AND name = ?'),
    touch: db.prepare('UPDATE document_files SET mtime = ? WHERE connection_id = ? AND name = ?'),
    connection: db.prepare<[number], DocumentConnection>(
      'SELECT id, creation_date, document_settings FROM connections WHERE id = ?',
    ),
    connectionExists: db.prepare<[number], number>('SELECT 1 FROM connections WHERE id = ?').pluck(),
    connectionBorn: db.prepare<[number, number], number>('SELECT 1 FROM connections WHERE id = ? AND creation_date = ?').pluck(),
    setSettings: db.prepare('UPDATE connections SET document_settings = ? WHERE id = ?'),
    channelId: db
      .prepare<[number, string], number>('SELECT id FROM channels WHERE connection_id = ? AND channel_definition_id = ?')
      .pluck(),
    accounts: db.prepare<[number], StatementAccountRow>(
      `SELECT id, reference, name, type, currency, iban, account_number, usage, balance, balance_date, creation_date
         FROM accounts WHERE connection_id = ? ORDER BY id`,
    ),
    accountId: db.prepare<[number, string], number>('SELECT id FROM accounts WHERE connection_id = ? AND reference = ?').pluck(),
    hasKey: db.prepare<[number, string], number>('SELECT 1 FROM transactions WHERE account_id = ? AND provider_key = ?').pluck(),
    bookedSpan: db.prepare<[number, number, number], StoredBookedRow>(
      `SELECT provider_key, amount, currency, date, booking_date, value_date, label, notes, remittance_information,
              source_label, type, category_id
         FROM transactions WHERE account_id = ? AND status = 'BOOKED' AND date >= ? AND date <= ?`,
    ),
    putBalance: db.prepare(
      'INSERT INTO balance_history (account_id, date, balance) VALUES (?, ?, ?) ON CONFLICT (account_id, date) DO UPDATE SET balance = excluded.balance',
    ),
  };
  return {
    atomically<T>(fn: () => T): T {
      return db.inTransaction ? fn() : db.transaction(fn).immediate();
    },
    isOpen: () => db.open,
    /** The id of a connection's channel of that definition (the statements channel), if it has one. */
    channelId: (connectionId: number, channelDefinitionId: string): number | undefined =>
      s.channelId.get(connectionId, channelDefinitionId),
    /** The register of a connection, by name. */
    registerRows: (connectionId: number) => s.register.all(connectionId),
    register: (connectionId: number) => new Map(s.register.all(connectionId).map((r) => [r.name, r])),
    putRow(connectionId: number, row: RegisterRow): void {
      s.put.run(
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
    },
    deleteRow(connectionId: number, name: string): void {
      s.delete.run(connectionId, name);
    },
    touchRow(connectionId: number, name: string, mtime: number): void {
      s.touch.run(mtime, connectionId, name);
    },
    connection: (connectionId: number) => s.connection.get(connectionId),
    connectionExists: (connectionId: number) => s.connectionExists.get(connectionId) === 1,
    /** The connection with this id AND creation date exists (inbox folders are named after both). */
    connectionBornAt: (connectionId: number, creationDate: number) =>
      s.connectionBorn.get(connectionId, creationDate) === 1,
    setDocumentSettings(connectionId: number, json: string): void {
      s.setSettings.run(json, connectionId);
    },
    accounts: (connectionId: number) => s.accounts.all(connectionId),
    accountId: (connectionId: number, reference: string) => s.accountId.get(connectionId, reference),
    hasTransaction: (accountId: number, key: string) => s.hasKey.get(accountId, key) === 1,
    /** Booked rows of an account dated within [from, to]. */
    bookedBetween: (accountId: number, from: number, to: number) => s.bookedSpan.all(accountId, from, to),
    putBalancePoint(accountId: number, date: number, balanceMinor: number): void {
      s.putBalance.run(accountId, date, balanceMinor);
    },
  };
}

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;
