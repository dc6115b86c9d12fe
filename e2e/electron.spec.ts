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
      const prefs = await app.evaluate(({ BrowserWindow }) => {
        const w = BrowserWindow.getAllWindows()[0];
        const p = w.webContents.getLastWebPreferences();
        return { contextIsolation: p?.contextIsolation, sandbox: p?.sandbox, nodeIntegration: p?.nodeIntegration };
      });
      expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false });
      expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
      await window.screenshot({ path: 'e2e/screenshots/electron.png' });
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
