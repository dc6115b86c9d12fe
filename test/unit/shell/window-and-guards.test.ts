import { describe, expect, it } from 'vitest';
import { isTrustedSender, parseNotification } from '../../../src/main/shell/ipc-bridge';
import { denyAllPermissions, guardContents, isAppUrl } from '../../../src/main/shell/navigation-guard';
import { mainWindowOptions } from '../../../src/main/shell/window-options';

const ORIGIN = 'http://127.0.0.1:4820';

describe('main window options', () => {
  it('follow the security checklist', () => {
    const wp = mainWindowOptions('/app/out/preload/index.cjs', false).webPreferences!;
    expect(wp.contextIsolation).toBe(true);
    expect(wp.sandbox).toBe(true);
    expect(wp.nodeIntegration).toBe(false);
    expect(wp.nodeIntegrationInSubFrames).toBe(false);
    expect(wp.webSecurity).toBe(true);
    expect(wp.allowRunningInsecureContent).toBe(false);
    expect(wp.webviewTag).toBe(false);
    expect(wp.preload).toMatch(/\.cjs$/);
  });
});

/** A fake webContents recording the handlers the guard installs. */
function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  return {
    on(event: string, listener: (event: { preventDefault(): void }, url: string) => void) {
      listeners.set(event, listener);
      return this;
    },
    setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' } | { action: 'allow' }) {
      openHandler = h;
    },
    fire(event: string, url: string) {
      let prevented = false;
      listeners.get(event)!({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    },
    open: (url: string) => openHandler!({ url }),
  };
}

describe('navigation and new windows', () => {
  it('allows navigation only within the engine origin', () => {
    const wc = fakeContents();
    const opened: string[] = [];
    guardContents(wc, () => ORIGIN, (u) => opened.push(u));
    expect(wc.fire('will-navigate', `${ORIGIN}/connections`)).toBe(false);
    expect(wc.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(wc.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(wc.fire('will-redirect', 'http://127.0.0.1:9999/')).toBe(true);
    expect(wc.fire('will-attach-webview', '')).toBe(true);
    // https links go to the user's browser, never into the app window
    expect(opened).toEqual(['https://evil.example/']);
  });

  it('denies every window.open, sending https links to the browser', () => {
    const wc = fakeContents();
    const opened: string[] = [];
    guardContents(wc, () => ORIGIN, (u) => opened.push(u));
    expect(wc.open('https://bank.example/help')).toEqual({ action: 'deny' });
    expect(wc.open(`${ORIGIN}/popup`)).toEqual({ action: 'deny' });
    expect(wc.open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://bank.example/help']);
  });

  it('compares origins exactly', () => {
    expect(isAppUrl(`${ORIGIN}/x`, ORIGIN)).toBe(true);
    expect(isAppUrl('http://127.0.0.1:48200/x', ORIGIN)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:4820.evil.example/', ORIGIN)).toBe(false);
    expect(isAppUrl('not a url', ORIGIN)).toBe(false);
  });
});

describe('permissions', () => {
  it('refuses every permission request and check', () => {
    let request: ((wc: unknown, p: string, cb: (g: boolean) => void) => void) | null = null;
    let check: ((wc: unknown, p: string) => boolean) | null = null;
    denyAllPermissions({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
    });
    for (const p of ['notifications', 'media', 'geolocation', 'clipboard-read']) {
      let granted: boolean | undefined;
      request!(null, p, (g) => (granted = g));
      expect(granted, p).toBe(false);
      expect(check!(null, p)).toBe(false);
    }
  });
});

describe('IPC sender validation', () => {
  it('trusts only the top frame of the engine origin', () => {
    expect(isTrustedSender({ url: `${ORIGIN}/`, parent: null }, ORIGIN)).toBe(true);
    expect(isTrustedSender({ url: `${ORIGIN}/`, parent: {} }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.example/', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender(null, ORIGIN)).toBe(false);
  });

  it('accepts only short string notifications', () => {
    expect(parseNotification({ title: 'Code needed', body: 'Your bank sent an SMS' })).toEqual({ title: 'Code needed', body: 'Your bank sent an SMS' });
    expect(parseNotification({ title: '', body: 'x' })).toBeNull();
    expect(parseNotification({ title: 1, body: 'x' })).toBeNull();
    expect(parseNotification('x')).toBeNull();
    expect(parseNotification({ title: 'x'.repeat(201), body: '' })).toBeNull();
  });
});
