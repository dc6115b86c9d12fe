import type { StatementFile } from '../../lib/api';
import type { MessageKey } from '../../lib/i18n';

/**
 * The statement-files report of a connection (GET /connections/{id}/documents) in the person's terms (issue 15):
 * which file, where in it, and what to do. An unreadable file holds the others back no more (they import in the
 * same run), but it is what needs the person: failures come first, then the files still waiting.
 */

const ORDER: Record<StatementFile['status'], number> = { FAILED: 0, PENDING: 1, IMPORTED: 2, SKIPPED: 3 };

/** Failures first, then waiting, imported and skipped files; by name within each. */
export function sortReport(files: readonly StatementFile[]): StatementFile[] {
  return [...files].sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.name.localeCompare(b.name));
}

/**
 * The engine's error names the file by its path in the folder (`.upload/<id>/x.csv` for uploads): said with the
 * file's own name, e.g. "bad-amount.csv, line 3: malformed amount".
 */
export function problemText(file: Pick<StatementFile, 'name' | 'file_name' | 'error'>): string | undefined {
  if (!file.error) return undefined;
  return file.error.startsWith(file.name) && file.name !== '.'
    ? file.file_name + file.error.slice(file.name.length)
    : file.error;
}

/**
 * The engine's refusals of a file that is no bank or card statement (an investment statement, a bank's error
 * reply, a sign-on or category list) say so in these words: the advice is to download the right file, not to
 * correct a line.
 */
const NOT_A_STATEMENT = /only bank and credit card|error reply from the bank|holds no bank or credit card/;

/** What the person should do about a file, or null when nothing is needed. */
export function adviceFor(
  file: Pick<StatementFile, 'name' | 'source' | 'status' | 'error'>,
  anyFailed: boolean,
): MessageKey | null {
  switch (file.status) {
    case 'FAILED':
      if (file.name === '.') return 'docReport.todo.missingFolder';
      if (NOT_A_STATEMENT.test(file.error ?? '')) return 'docReport.todo.notStatement';
      if (/\bline \d+/i.test(file.error ?? '')) return 'docReport.todo.line';
      return file.source === 'UPLOAD' ? 'docReport.todo.upload' : 'docReport.todo.folder';
    case 'PENDING':
      return anyFailed ? 'docReport.todo.pending' : null;
    case 'SKIPPED':
      return 'docReport.todo.skipped';
    case 'IMPORTED':
      // imported without the rows it could not read: the error names them
      return file.error ? 'docReport.todo.rowsLeftOut' : null;
    default:
      return null;
  }
}
