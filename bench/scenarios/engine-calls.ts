/**
 * What the scenarios that drive an engine child process over HTTP share: an authenticated caller, waiting
 * for a connection to leave RUNNING, and the engine's own account of its last run (`channel synchronized`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Call = (path: string, init?: { method?: string; json?: unknown }) => Promise<Response>;

/** Calls `{base}{path}` with the bearer token, JSON bodies as JSON. */
export function caller(base: string, token: string): Call {
  return (path, init = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
}

/** Polls the connection every 20 ms until it leaves RUNNING; its final status. */
export async function waitWhileRunning(call: Call, connectionId: string): Promise<string> {
  let status = 'RUNNING';
  while (status === 'RUNNING') {
    await new Promise((r) => setTimeout(r, 20));
    status = ((await (await call(`/connections/${connectionId}`)).json()) as { status: string }).status;
  }
  return status;
}

/**
 * The last `channel synchronized` line (the first one `wanted` accepts: an earlier run's line may already be
 * there), waited for a little: when the results writer thread wrote the result, the connection's status is
 * visible before the main thread writes that line.
 */
export async function lastSyncLog<T>(dataDir: string, wanted: (line: T) => boolean = () => true): Promise<T | undefined> {
  for (let i = 0; i < 100; i++) {
    const line = readLastSyncLog<T>(dataDir);
    if (line !== undefined && wanted(line)) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

function readLastSyncLog<T>(dataDir: string): T | undefined {
  const logFile = join(dataDir, 'logs', 'coffer.log');
  if (!existsSync(logFile)) return undefined;
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"channel synchronized"'))
    .map((l) => JSON.parse(l) as T)
    .pop();
}
