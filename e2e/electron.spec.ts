import { _electron as electron, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronRuntime } from '../scripts/lib.mjs';

const runtime = electronRuntime() as { path: string | null; reason: string | null };
if (!runtime.path) console.log(`electron smoke test skipped: ${runtime.reason}`);

test.describe('desktop app (Electron)', () => {
  test.skip(!runtime.path, `Electron runtime not installed here: ${runtime.reason}`);

  test('opens the window on the engine it forked, hardened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-electron-'));
    const app = await electron.launch({
      executablePath: runtime.path!,
      args: [join(import.meta.dirname, '..'), '--no-sandbox'],
      env: { ...process.env, COFFER_DATA_DIR: dataDir },
    });
    try {
      const window = await app.firstWindow();
      await expect(window).toHaveTitle(/Coffer/);
      expect(new URL(window.url()).hostname).toBe('127.0.0.1');
      // No Node in the page (nodeIntegration off, sandbox) and only the typed bridge exposed (contextIsolation).
      const page = await window.evaluate(() => ({
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
        bridge: Object.keys((window as unknown as { coffer?: object }).coffer ?? {}).sort(),
      }));
      expect(page).toEqual({ require: 'undefined', process: 'undefined', bridge: ['chooseFolder', 'engineInfo', 'isDesktop', 'notify', 'openConsent'] });
      await window.screenshot({ path: 'e2e/screenshots/electron.png' });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
