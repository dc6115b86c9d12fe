/**
 * The file-system half of the statement-folder rule (domain/statement-folder.ts): the folder must exist and
 * be a directory, and both the path given and its real path (symbolic links resolved: a link named
 * `~/statements` pointing at `/etc` is `/etc`) must pass the rule. Used when the folder credential is
 * accepted (connection creation, new credentials) and again before every scan (the folder may have been
 * replaced by a link since).
 */
import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { InvalidInput } from '../domain/errors';
import { statementFolderProblem, type FolderEnvironment } from '../domain/statement-folder';

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function environments(dataDir: string): FolderEnvironment[] {
  const temp = tmpdir();
  const base = { platform: process.platform, home: homedir(), tempDirs: [temp, realOrSame(temp)] };
  return [{ ...base, dataDir }, { ...base, dataDir: realOrSame(dataDir) }];
}

function problemOf(folder: string, dataDir: string): string | null {
  for (const env of environments(dataDir)) {
    const problem = statementFolderProblem(folder, env);
    if (problem) return problem;
  }
  return null;
}

/** The folder's real path; InvalidInput saying why when it may not be read. */
export async function resolveStatementFolder(folder: string, dataDir: string): Promise<string> {
  const before = problemOf(folder, dataDir);
  if (before) throw new InvalidInput(before);
  let real: string;
  try {
    real = await realpath(folder);
  } catch (err) {
    // The fs code stays on the error: a synchronization reports it in its own words (run-import.ts).
    const code = (err as NodeJS.ErrnoException).code;
    const refuse = (why: string) => Object.assign(new InvalidInput(why), { code });
    if (code === 'ENOENT') throw refuse('the statement folder does not exist');
    if (code === 'ENOTDIR') throw refuse('the statement folder is not a folder');
    if (code === 'EACCES' || code === 'EPERM') throw refuse('the statement folder cannot be read (permission denied)');
    throw refuse(`the statement folder cannot be read (${code ?? 'error'})`);
  }
  if (!(await stat(real)).isDirectory()) throw Object.assign(new InvalidInput('the statement folder is not a folder'), { code: 'ENOTDIR' });
  const after = problemOf(real, dataDir);
  if (after) throw new InvalidInput(`${after} (it is a link to such a folder)`);
  return real;
}
