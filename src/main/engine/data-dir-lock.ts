import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One engine per data directory: a second instance refuses instead of sharing the database.
 * A lock left by a process that no longer exists (a crash) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'coffer.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirInUseError(
          `another Coffer engine (pid ${pid}) is already using the data directory ${dataDir}; ` +
            'stop it first, or start this one with another --data-dir',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock the data directory ${dataDir}`);
}
