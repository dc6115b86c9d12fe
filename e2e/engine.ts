import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServedEngine {
  dataDir: string;
  hostUrl: string;
  baseUrl: string;
  integrator(): { client_id: string; client_secret: string } | null;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..');

/**
 * Starts `npm run serve` exactly as a user would (a child process, fresh data directory, free port).
 * `prepare` puts files in the data directory before the engine starts (a damaged database…).
 */
/** A closed loopback port: an engine of the tests never fetches exchange rates from the internet. */
const NO_RATES_SERVER = 'http://127.0.0.1:9/';

export async function serveEngine(env: Record<string, string> = {}, prepare?: (dataDir: string) => void): Promise<ServedEngine> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-e2e-'));
  prepare?.(dataDir);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/main/engine/cli/serve.ts'), '--data-dir', dataDir, '--port', '0', '--app-dir', join(ROOT, 'out', 'renderer')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, COFFER_LOG_LEVEL: 'warn', COFFER_FX_URL: NO_RATES_SERVER, ...env } },
  );
  const hostUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`engine did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /coffer ready (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`engine exited with ${code}: ${out}`)));
  });
  return {
    dataDir,
    hostUrl,
    baseUrl: `${hostUrl}/v2`,
    integrator() {
      try {
        return JSON.parse(readFileSync(join(dataDir, 'integrator.json'), 'utf8'));
      } catch {
        return null;
      }
    },
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
