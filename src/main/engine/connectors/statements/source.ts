/**
 * What the statements connector needs from the engine that runs it, and what it hands back. The engine's
 * statement-files feature implements it (the files of the connection's folder and upload inbox, what an
 * earlier run made of them, the stored accounts the new rows are measured against); the connector never
 * reaches the database or the engine otherwise. Everything here is keyed by `ConnectorContext.connectionId`.
 */
import type { AccountType } from '../types';
import type { Balance } from './formats';
import type { DocumentSettings } from './document-settings';

/** A candidate statement file of the folder. */
export interface FolderFile {
  /** Path relative to the folder, with '/' separators: the file's name in the register and in messages. */
  name: string;
  path: string;
  size: number;
  /** Modification time, whole UTC seconds. */
  mtime: number;
  /** The subfolder path (relative, '/' separators), '' at the top: names the account of QIF/CSV files. */
  subfolder: string;
  /** true: a `.txt` file, imported only when its content is a statement. */
  sniff: boolean;
}

export interface SkippedFile {
  name: string;
  size: number;
  mtime: number;
  reason: string;
}

export interface FolderScan {
  files: FolderFile[];
  skipped: SkippedFile[];
  /** Set when the scan stopped at the engine's file limit. */
  truncated: boolean;
}

/** A file received by upload, waiting in the connection's inbox. */
export interface WaitingUpload {
  id: string;
  file_name: string;
  /** Names the account of QIF/CSV uploads (what a subfolder does for folder files). */
  account?: string;
  size: number;
  sha256: string;
  received_date: number;
  path: string;
}

/** What an earlier run made of a file (the register). */
export interface KnownFile {
  sha256: string;
  size: number;
  mtime: number | null;
  status: 'IMPORTED' | 'FAILED' | 'SKIPPED' | 'PENDING';
  error: string | null;
}

export interface StoredStatementAccount {
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

export type OutcomeStatus = 'READY' | 'UNCHANGED' | 'FAILED' | 'SKIPPED';

/** What one run did with one file. */
export interface FileOutcome {
  name: string;
  status: OutcomeStatus;
  sha256: string;
  size: number;
  mtime: number | null;
  format?: string;
  /** FAILED: the parser's message (file and line/element); SKIPPED: why; READY: the rows left out, if any. */
  error?: string;
  transactions: number;
  /** An upload of the inbox (removed once imported or failed). */
  uploadId?: string;
  statements: Array<{ reference: string; currency: string; closing?: Balance }>;
}

/** What one run did with each file; filled as the run goes. */
export interface RunReport {
  connectionId: number;
  /** The folder itself could not be read. */
  folderError?: string;
  /** The folder was listed: register rows of files gone from it (other than IMPORTED ones) are dropped. */
  scanned: boolean;
  files: FileOutcome[];
}

export interface StatementSource {
  /** The connection's import settings; undefined when the engine does not know the connection. */
  settingsOf(connectionId: number): DocumentSettings | undefined;
  /** Lists the folder (throws the fs error — ENOENT, ENOTDIR, EACCES… — when it cannot be read). */
  scanFolder(folder: string, signal: AbortSignal): Promise<FolderScan>;
  /** Complete uploads waiting in the connection's inbox, oldest first. */
  uploads(connectionId: number): Promise<WaitingUpload[]>;
  /** What earlier runs made of each file, by name. */
  knownFiles(connectionId: number): Map<string, KnownFile>;
  storedAccounts(connectionId: number): StoredStatementAccount[];
  hasTransaction(accountId: number, key: string): boolean;
  /** Stored booked rows of an account dated within [from, to]. */
  bookedBetween(accountId: number, from: number, to: number): StoredBookedRow[];
  /** A run starts: the engine keeps its report (filled as the run goes) and writes it once the run ended. */
  runStarted(report: RunReport): void;
  warn(message: string, details: Record<string, unknown>): void;
}
