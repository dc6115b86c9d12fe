import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { DomainError } from '../domain/errors';
import { defaultDataDir } from '../paths';
import type { SecretStore } from '../secrets/secret-store';
import { recoverData } from '../services/recovery-key/recover-data';
import type { CliIo } from './cli-support';

export const RECOVER_USAGE = `usage (with Coffer stopped):
  npm run cli -- recover --backup FILE [--data-dir DIR]
      makes the backup FILE the data of an empty data folder, and keeps its key in this computer's keychain
  npm run cli -- recover [--data-dir DIR]
      keeps the key of the folder's own database (copied from another computer) in this computer's keychain
The recovery code is asked for (type it, then Enter), or read from the environment variable COFFER_RECOVERY_CODE.`;

export interface RecoverCommandOptions {
  /** Asks for the code (the terminal unless a test gives it). */
  askCode?: () => Promise<string>;
  keychain?: SecretStore;
}

/** `recover`: opens one's data on another computer with the recovery code. 0 done, 1 refused. */
export async function recoverCommand(argv: string[], io: CliIo, options: RecoverCommandOptions = {}): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, backup: { type: 'string' } },
    strict: true,
  });
  const dataDir = values['data-dir'] ?? defaultDataDir();
  const code = process.env.COFFER_RECOVERY_CODE ?? (await (options.askCode ?? askOnTerminal)());
  try {
    const outcome = recoverData({ dataDir, code, backupFile: values.backup, keychain: options.keychain });
    io.out(
      outcome === 'backup_restored'
        ? `The backup is now the data of ${dataDir}, and its key is in this computer's keychain. Start Coffer with this data folder; then give your banks' passwords again before the next synchronization.`
        : `The key of the database in ${dataDir} is now in this computer's keychain. Start Coffer with this data folder.`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    io.err(`coffer: ${err.message}`);
    return 1;
  }
}

async function askOnTerminal(): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await terminal.question('Recovery code: ');
  } finally {
    terminal.close();
  }
}
