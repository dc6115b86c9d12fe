import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './engine';

export interface ServeProcess {
  child: ChildProcess;
  hostUrl: string;
  output(): string;
  /** Resolves with the exit code (or signal name) once the process ended. */
  exited: Promise<number | string>;
}

/** Runs `node --import tsx src/main/engine/cli/serve.ts …` (exactly what `npm run serve` runs) and waits for `coffer ready`. */
export async function spawnServe(args: string[], env: NodeJS.ProcessEnv = {}, readyWithinMs = 30_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/engine/cli/serve.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, COFFER_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const hostUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no 'coffer ready' within ${readyWithinMs / 1000} s:\n${out}`)), readyWithinMs);
    const check = () => {
      const m = /coffer ready (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before ready:\n${out}`));
    });
  });
  return { child, hostUrl, output: () => out, exited };
}

/** Runs a command to completion, collecting its output. */
export function runToEnd(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}
