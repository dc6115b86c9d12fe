import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/engine';
import { runToEnd, spawnServe } from '../../helpers/serve-process';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'coffer-proc-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('npm run serve (see docs/api/server.md#addresses)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints "coffer ready", writes server.json 0600, and exits 0 on ${signal}`, async () => {
      const dir = tempDir();
      const p = await spawnServe(['--data-dir', dir, '--port', '0']);
      expect(p.hostUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const info = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8'));
      expect(info).toMatchObject({ pid: p.child.pid, host_url: p.hostUrl, base_url: `${p.hostUrl}/v2` });
      expect(statSync(join(dir, 'server.json')).mode & 0o777).toBe(0o600);
      expect((await fetch(`${p.hostUrl}/health`)).status).toBe(200);
      p.child.kill(signal);
      expect(await p.exited).toBe(0);
      expect(existsSync(join(dir, 'server.json'))).toBe(false);
      expect(existsSync(join(dir, 'coffer.lock'))).toBe(false);
      // The WAL was checkpointed into the main file on the way out.
      expect(existsSync(join(dir, 'coffer.db-wal')) ? statSync(join(dir, 'coffer.db-wal')).size : 0).toBe(0);
    });
  }

  it('a second instance on the same data directory refuses with a clear message', async () => {
    const dir = tempDir();
    const first = await spawnServe(['--data-dir', dir, '--port', '0']);
    const second = await runToEnd(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/engine/cli/serve.ts'), '--data-dir', dir, '--port', '0']);
    expect(second.code).toBe(2);
    expect(second.out).toMatch(new RegExp(`another Coffer engine \\(pid ${first.child.pid}\\) is already using the data directory`));
    expect(second.out).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'coffer.lock'), '999999');
    const p = await spawnServe(['--data-dir', dir, '--port', '0']);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('refuses a bad --port with a usage message', async () => {
    const res = await runToEnd(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/engine/cli/serve.ts'), '--data-dir', tempDir(), '--port', 'abc']);
    expect(res.code).toBe(2);
    expect(res.out).toMatch(/--port must be/);
  });
});

describe('npm start without the Electron runtime', () => {
  it('says why, then serves the same app headless at host_url', async () => {
    const { electronRuntime } = await import('../../../scripts/lib.mjs');
    if (electronRuntime().path) return; // On a machine with the runtime, npm start opens the desktop app instead.
    const dir = tempDir();
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), '--data-dir', dir, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const hostUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(out)), 60_000);
      child.stdout.on('data', () => {
        const m = /coffer ready (\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    expect(out).toMatch(/the Electron runtime is not available: /);
    expect(out).toMatch(/serving the app in your browser/);
    const page = await fetch(`${hostUrl}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    const exited = new Promise((r) => child.on('exit', r));
    // npm start's child is the engine; stopping the launcher's process group stops both.
    const info = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8'));
    process.kill(info.pid, 'SIGTERM');
    await exited;
  }, 90_000);
});
