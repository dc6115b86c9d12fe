import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The data directory: $COFFER_DATA_DIR, else the OS app-data folder (docs/api/server.md#data-directory). */
export function defaultDataDir(): string {
  if (process.env.COFFER_DATA_DIR) return resolve(process.env.COFFER_DATA_DIR);
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'coffer');
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'coffer');
  return join(process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'coffer');
}

/** The repository (or unpacked app) root: the nearest folder above this module holding `resources/`. */
export function projectRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'resources')) && existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}
