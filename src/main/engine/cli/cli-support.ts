import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { closeDatabase, type Db } from '../db/database';
import { openExistingData } from '../open-data';
import { databaseKeySource } from '../secrets/database-key';
import { defaultDataDir } from '../paths';

/** A mistake of the person typing the command: printed without a stack, exit code 2. */
export class UsageError extends Error {}

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

/**
 * Opens the data directory's database directly (WAL lets the CLI write while the engine runs). It must
 * exist already and be encrypted, its key in the keychain: the CLI never creates an installation or a key.
 */
export function withDatabase<T>(dataDir: string | undefined, fn: (db: Db) => T): T {
  const dir = dataDir ?? defaultDataDir();
  const file = join(dir, 'coffer.db');
  if (!existsSync(file)) {
    throw new UsageError(
      `no Coffer database in ${dir}; start Coffer once with this data directory (npm run serve -- --data-dir ${dir}) or pass --data-dir`,
    );
  }
  const opened = openExistingData(dir, databaseKeySource(dir));
  if ('refused' in opened) throw new UsageError(`coffer: ${opened.refused}`);
  const { db } = opened;
  try {
    return fn(db);
  } finally {
    closeDatabase(db);
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A plain text table: one header row, columns padded to their widest cell. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

export const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
