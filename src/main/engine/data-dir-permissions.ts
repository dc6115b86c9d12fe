/**
 * The data folder holds the whole database, the log and the integrator secret: only its owner may read it
 * (issue 14, finding 9). The folder is 0700 and the database, its -wal/-shm files and the log (logs/coffer.log, in a 0700 folder) are 0600 —
 * created so (SQLite gives -wal and -shm the database file's permissions) and fixed at start when an older
 * version or the umask left them readable by other local accounts. Windows has no such modes: nothing to do.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_FILES = ['coffer.db', 'coffer.db-wal', 'coffer.db-shm', 'logs/coffer.log'] as const;

const applies = () => process.platform !== 'win32';

/** Creates the database and log files 0600 if missing (before SQLite and the logger open them). */
export function createPrivateFiles(dataDir: string): void {
  if (!applies()) return;
  mkdirSync(join(dataDir, 'logs'), { recursive: true, mode: 0o700 });
  for (const name of ['coffer.db', 'logs/coffer.log']) {
    const file = join(dataDir, name);
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  }
}

/** Makes the folder 0700 and its private files 0600; returns what was changed ("coffer.db 644 → 600"). */
export function restrictDataDir(dataDir: string): string[] {
  if (!applies()) return [];
  const fixed: string[] = [];
  const fix = (path: string, label: string, mode: number) => {
    let current: number;
    try {
      current = statSync(path).mode & 0o777;
    } catch {
      return; // not there (yet): created with the right mode
    }
    if (current === mode) return;
    chmodSync(path, mode);
    fixed.push(`${label} ${current.toString(8)} → ${mode.toString(8)}`);
  };
  fix(dataDir, 'data folder', 0o700);
  fix(join(dataDir, 'logs'), 'logs', 0o700);
  for (const name of PRIVATE_FILES) fix(join(dataDir, name), name, 0o600);
  return fixed;
}
