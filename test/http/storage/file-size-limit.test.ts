import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngineDb } from '../../helpers/data-dir-db';
import { ROOT, startTestEngine } from '../../helpers/engine';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * `npm run serve` under a file-size limit (`ulimit -f`, SIGXFSZ ignored so that the write fails with EFBIG
 * instead of killing the process): a real operating-system refusal to grow a file, where a full disk
 * gives ENOSPC; SQLite answers SQLITE_FULL for both.
 */
async function serveWithFileLimit(dir: string, bytes: number): Promise<{ hostUrl: string; stop(): Promise<number | null> }> {
  const serve = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(join(ROOT, 'src/main/engine/cli/serve.ts'))} --data-dir ${JSON.stringify(dir)} --port 0`;
  const child = spawn('bash', ['-c', `ulimit -f ${Math.ceil(bytes / 1024)}; trap '' XFSZ; exec ${serve}`], {
    cwd: ROOT,
    env: { ...process.env, COFFER_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const hostUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /coffer ready (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}):\n${out}`)));
  });
  return {
    hostUrl,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('a disk that fills (a file-size limit on a real engine process)', () => {
  it('writes answer 503 secret_store_unavailable (the disk is full), the engine keeps serving reads, and the database stays sound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-full-'));
    dirs.push(dir);
    // A used data folder, stopped cleanly (coffer.db holds everything, the log is empty).
    const first = await startTestEngine({ dataDir: dir });
    await first.stop();
    const file = join(dir, 'coffer.db');
    const { client_id, client_secret } = JSON.parse(readFileSync(join(dir, 'integrator.json'), 'utf8'));

    const engine = await serveWithFileLimit(dir, statSync(file).size + 48 * 1024);
    let created = 0;
    try {
      const token = await fetch(`${engine.hostUrl}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id, client_secret, scope: 'users_create' }),
      });
      expect(token.status).toBe(200);
      const { access_token } = (await token.json()) as { access_token: string };
      let refused: Response | undefined;
      for (let i = 0; i < 300 && !refused; i++) {
        const res = await fetch(`${engine.hostUrl}/v2/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
          body: JSON.stringify({ email: `u${i}@example.com`, password: 'long enough password' }),
        });
        if (res.status === 201) created++;
        else refused = res;
      }
      expect(refused?.status).toBe(503);
      expect(((await refused!.json()) as { error: string }).error).toBe('secret_store_unavailable');
      // The engine is up and reads are served.
      expect(((await (await fetch(`${engine.hostUrl}/health`)).json()) as { status: string }).status).toBe('ok');
      expect((await fetch(`${engine.hostUrl}/v2/app/status`)).status).toBe(200);
    } finally {
      await engine.stop();
    }
    // Every user answered 201 is there, nothing else, and the file is sound.
    const db = openEngineDb(file);
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      expect(db.prepare('SELECT count(*) FROM users').pluck().get()).toBe(created);
    } finally {
      db.close();
    }
  });
});
