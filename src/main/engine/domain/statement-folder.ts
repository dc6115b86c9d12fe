/**
 * Which folders a statement-files connection may read (issue 14, finding 1). The folder credential is a path
 * the engine then reads every file of, up to six levels down: pointed at `/etc`, `~/.ssh` or Coffer's own
 * data folder it would import (or quote in its reports) files that are no statements of the user's. A folder
 * is accepted only when it is:
 * - an absolute path (POSIX `/…`, Windows `C:\…` or `\\server\share…`);
 * - not the data folder, not inside it and not one of its parents (the database, `integrator.json`, the
 *   upload inbox live there) — except the folders under `<data folder>/statements/`, which Coffer makes for
 *   the statements the CLI imports (`npm run cli -- import`) and which hold nothing else;
 * - not a system folder (`/`, `/etc`, `/proc`, `/usr`, `/var`…, macOS's `/System`, `/Library`, `/private`…,
 *   Windows's drive roots, `Windows`, `Program Files`, `ProgramData`…), nor the root of the home folders
 *   (`/home`, `/Users`, `C:\Users`);
 * - not a hidden folder of the home folder (`~/.ssh`, `~/.gnupg`, `~/.config`…) nor one of the home folder's
 *   application-data folders (`~/Library`, `~/AppData`), or anything under them.
 * The temporary folder and anything under it are accepted (after the data-folder rule): tests and scripts
 * write statements there, and on macOS it lies under `/var`.
 * Messages never repeat the path (it is a credential, masked in the connection record) beyond the name of a
 * hidden home folder. Pure: the caller resolves symbolic links first (realpath) and calls again with the real path.
 */
import { posix, win32 } from 'node:path';

export interface FolderEnvironment {
  /** `process.platform`: decides the path syntax and the system folders. */
  platform: string;
  /** Coffer's data folder (absolute). */
  dataDir: string;
  /** The user's home folder (absolute). */
  home: string;
  /** The temporary folder(s): `os.tmpdir()` and its real path. */
  tempDirs: readonly string[];
}

const POSIX_SYSTEM_TREES = [
  '/etc', '/proc', '/sys', '/dev', '/boot', '/usr', '/var', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32',
  '/root', '/run', '/srv', '/snap', '/opt', '/nix', '/lost+found',
  // macOS
  '/System', '/Library', '/private', '/Applications', '/cores', '/Network', '/Volumes/Recovery',
];
/** Folders refused themselves (their subfolders are the users' own). */
const POSIX_SYSTEM_ROOTS = ['/', '/home', '/Users', '/Volumes', '/mnt', '/media'];
const WINDOWS_SYSTEM_TREES = [
  'Windows', 'Program Files', 'Program Files (x86)', 'ProgramData', '$Recycle.Bin', 'System Volume Information',
  'Recovery', 'PerfLogs', 'Boot',
];
const WINDOWS_SYSTEM_ROOTS = ['Users'];
/** Application-data folders of a home folder, refused like its hidden folders. */
const HOME_APP_DATA = ['Library', 'AppData'];

/** `<data folder>/statements/<user id>`: the CLI import's folders (cli/import-command.ts). */
export const STATEMENTS_SUBFOLDER = 'statements';

const isAbsolute = (folder: string) => /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(folder);

/** Why `folder` may not be a statement folder, or null when it may. */
export function statementFolderProblem(folder: string, env: FolderEnvironment): string | null {
  if (folder.trim() === '' || !isAbsolute(folder)) return 'the statement folder must be an absolute path';
  if (folder.includes('\u0000')) return 'the statement folder path contains a NUL character';
  const windows = env.platform === 'win32';
  const path = windows ? win32 : posix;
  // Windows and macOS file systems ignore case: compare folded.
  const fold = (p: string) => (windows || env.platform === 'darwin' ? p.toLowerCase() : p);
  const norm = (p: string) => {
    const n = path.resolve(p);
    return fold(n.length > 1 && (n.endsWith('/') || n.endsWith('\\')) && !/^[A-Za-z]:\\$/.test(n) ? n.slice(0, -1) : n);
  };
  const target = norm(folder);
  const within = (parent: string, child: string) => {
    if (parent === child) return true;
    const rel = path.relative(parent, child);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  };

  const data = norm(env.dataDir);
  if (target === data) return "the statement folder cannot be Coffer's data folder";
  const ownStatements = norm(path.join(env.dataDir, STATEMENTS_SUBFOLDER));
  if (within(ownStatements, target) && target !== ownStatements) return null;
  if (within(data, target)) return "the statement folder cannot be inside Coffer's data folder";
  if (within(target, data)) return "the statement folder cannot contain Coffer's data folder";

  if (env.tempDirs.some((t) => within(norm(t), target))) return null;

  if (windows) {
    if (/^[a-z]:\\?$/i.test(target) || /^\\\\[^\\]+\\[^\\]+\\?$/.test(target)) return 'the statement folder cannot be the root of a drive';
    const drive = target.slice(0, 3);
    if (WINDOWS_SYSTEM_ROOTS.some((r) => target === fold(drive + r))) return 'the statement folder cannot be a system folder';
    if (WINDOWS_SYSTEM_TREES.some((t) => within(fold(drive + t), target))) return 'the statement folder cannot be a system folder';
  } else {
    if (POSIX_SYSTEM_ROOTS.some((r) => target === fold(r))) return 'the statement folder cannot be a system folder';
    if (POSIX_SYSTEM_TREES.some((t) => within(fold(t), target))) return 'the statement folder cannot be a system folder';
  }

  const home = norm(env.home);
  if (within(home, target) && target !== home) {
    const first = path.relative(home, target).split(/[\\/]/)[0];
    if (first.startsWith('.')) return `the statement folder cannot be a hidden folder of the home folder (~${path.sep}${first})`;
    if (HOME_APP_DATA.some((d) => fold(d) === first)) return `the statement folder cannot be an application-data folder of the home folder (~${path.sep}${first})`;
  }
  return null;
}
