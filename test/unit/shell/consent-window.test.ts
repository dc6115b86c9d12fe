import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_PARTITION,
  consentWindowOptions,
  createConsentWindows,
  parseConsentRequest,
  type ConsentWindow,
} from '../../../src/main/shell/consent-window';

const REDIRECT = 'https://coffer.invalid/enablebanking/callback';
const BANK = 'https://bank.example/consent?authorization_id=42';

type Listener = (event: { preventDefault(): void }, url: string) => void;

/** A fake BrowserWindow: records its options, its listeners and whether it was closed. */
function fakeWindow(options: unknown, load: (url: string) => Promise<void> = async () => {}) {
  const listeners = new Map<string, Listener[]>();
  const windowListeners = new Map<string, Array<() => void>>();
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null;
  let destroyed = false;
  const win = {
    options,
    loaded: [] as string[],
    webContents: {
      on(event: string, l: Listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), l]);
        return this;
      },
      setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' }) {
        openHandler = h;
      },
    },
    loadURL: vi.fn(async (url: string) => {
      win.loaded.push(url);
      await load(url);
    }),
    on(event: string, l: () => void) {
      windowListeners.set(event, [...(windowListeners.get(event) ?? []), l]);
      return win;
    },
    close: vi.fn(() => {
      if (destroyed) return;
      destroyed = true;
      for (const l of windowListeners.get('closed') ?? []) l();
    }),
    isDestroyed: () => destroyed,
    focus: vi.fn(),
    /** Fires a webContents event; true when the listener prevented it. */
    fire(event: string, url: string): boolean {
      let prevented = false;
      for (const l of listeners.get(event) ?? []) l({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    },
    open: (url: string) => openHandler!({ url }),
  };
  return win;
}

function setup(timeoutMs?: number) {
  const windows: Array<ReturnType<typeof fakeWindow>> = [];
  const external: string[] = [];
  const clearSession = vi.fn(async () => {});
  const consent = createConsentWindows({
    createWindow: (options) => {
      const w = fakeWindow(options);
      windows.push(w);
      return w as unknown as ConsentWindow;
    },
    openExternal: (u) => external.push(u),
    clearSession,
    timeoutMs,
  });
  return { consent, windows, external, clearSession };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('consent window options', () => {
  it('are hardened: isolated, sandboxed, no preload, no Node, a session of their own', () => {
    const wp = consentWindowOptions('Coffer').webPreferences!;
    expect(wp.preload).toBeUndefined();
    expect(wp).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      partition: CONSENT_PARTITION,
    });
    // In memory only: the bank's cookies are not written to disk.
    expect(CONSENT_PARTITION.startsWith('persist:')).toBe(false);
  });
});

describe('a consent request from the page', () => {
  it('accepts an https page (or loopback http) and an http(s) redirect URI', () => {
    expect(parseConsentRequest({ url: BANK, redirect_uri: REDIRECT })).toEqual({ url: BANK, redirectUri: REDIRECT });
    expect(
      parseConsentRequest({ url: 'http://127.0.0.1:8443/__bank/consent?a=1', redirect_uri: REDIRECT }),
    ).not.toBeNull();
    expect(parseConsentRequest({ url: BANK, redirect_uri: 'http://localhost:8080/auth_redirect' })).not.toBeNull();
  });

  it('refuses anything else', () => {
    expect(parseConsentRequest(null)).toBeNull();
    expect(parseConsentRequest('x')).toBeNull();
    expect(parseConsentRequest({ url: 'http://bank.example/consent', redirect_uri: REDIRECT })).toBeNull();
    expect(parseConsentRequest({ url: 'file:///etc/passwd', redirect_uri: REDIRECT })).toBeNull();
    expect(parseConsentRequest({ url: 'javascript:alert(1)', redirect_uri: REDIRECT })).toBeNull();
    expect(parseConsentRequest({ url: BANK, redirect_uri: 'coffer://callback' })).toBeNull();
    expect(parseConsentRequest({ url: BANK, redirect_uri: `${REDIRECT}#frag` })).toBeNull();
    expect(parseConsentRequest({ url: BANK, redirect_uri: 'not a url' })).toBeNull();
    expect(parseConsentRequest({ url: 'https://user:pw@bank.example/', redirect_uri: REDIRECT })).toBeNull();
    expect(parseConsentRequest({ url: BANK })).toBeNull();
    expect(parseConsentRequest({ url: `https://bank.example/${'a'.repeat(9000)}`, redirect_uri: REDIRECT })).toBeNull();
  });
});

describe('the consent window', () => {
  it('loads the bank page, catches the redirection to the registered URL, answers code and state, closes', async () => {
    const { consent, windows, clearSession } = setup();
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    const win = windows[0];
    expect(win.loaded).toEqual([BANK]);
    expect(consent.isOpen()).toBe(true);
    // The bank's own pages navigate freely (https).
    expect(win.fire('will-navigate', 'https://bank.example/login')).toBe(false);
    expect(win.fire('will-redirect', 'https://sso.bank.example/step2')).toBe(false);
    // The redirect to the registered URL is stopped before any request, and read.
    expect(win.fire('will-redirect', `${REDIRECT}?code=the-code&state=the-state`)).toBe(true);
    await expect(answer).resolves.toEqual({ code: 'the-code', state: 'the-state' });
    expect(win.close).toHaveBeenCalled();
    expect(win.isDestroyed()).toBe(true);
    expect(clearSession).toHaveBeenCalled();
    expect(consent.isOpen()).toBe(false);
  });

  it('catches the redirect URL on a page navigation too (will-navigate), and the bank’s error', async () => {
    const { consent, windows } = setup();
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    expect(
      windows[0].fire('will-navigate', `${REDIRECT}?error=access_denied&error_description=User%20cancelled&state=s`),
    ).toBe(true);
    await expect(answer).resolves.toEqual({ error: 'access_denied', description: 'User cancelled', state: 's' });
  });

  it('reads the answer after the fact when only did-redirect-navigation reports it', async () => {
    const { consent, windows } = setup();
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    windows[0].fire('did-redirect-navigation', `${REDIRECT}?code=c&state=s`);
    await expect(answer).resolves.toEqual({ code: 'c', state: 's' });
    expect(windows[0].isDestroyed()).toBe(true);
  });

  it('answers no_answer when the redirect URL comes without code nor error', async () => {
    const { consent, windows } = setup();
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    expect(windows[0].fire('will-navigate', REDIRECT)).toBe(true);
    await expect(answer).resolves.toEqual({ error: 'no_answer' });
  });

  it('blocks navigation to anything but https pages and the redirect URL; new windows go to the browser', async () => {
    const { consent, windows, external } = setup();
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    const win = windows[0];
    expect(win.fire('will-navigate', 'http://bank.example/plain')).toBe(true);
    expect(win.fire('will-redirect', 'http://127.0.0.1:4820/v2/connections')).toBe(true);
    expect(win.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(win.fire('will-navigate', 'bankapp://open')).toBe(true);
    expect(win.fire('will-attach-webview', '')).toBe(true);
    expect(win.open('https://bank.example/help')).toEqual({ action: 'deny' });
    expect(win.open('http://bank.example/help')).toEqual({ action: 'deny' });
    expect(external).toEqual(['https://bank.example/help']);
    // Still waiting: none of that ended the attempt.
    expect(win.isDestroyed()).toBe(false);
    win.close();
    await expect(answer).resolves.toEqual({ error: 'cancelled' });
  });

  it('lets a loopback http consent page (an emulator) navigate on loopback http', async () => {
    const { consent, windows } = setup();
    const answer = consent.open({ url: 'http://127.0.0.1:9999/__bank/consent', redirectUri: REDIRECT });
    expect(windows[0].fire('will-navigate', 'http://127.0.0.1:9999/__bank/approve')).toBe(false);
    expect(windows[0].fire('will-navigate', 'http://bank.example/')).toBe(true);
    windows[0].fire('will-redirect', `${REDIRECT}?code=c&state=s`);
    await expect(answer).resolves.toEqual({ code: 'c', state: 's' });
  });

  it('answers cancelled when the person closes the window', async () => {
    const { consent, windows } = setup();
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    windows[0].close();
    await expect(answer).resolves.toEqual({ error: 'cancelled' });
    expect(consent.isOpen()).toBe(false);
  });

  it('gives up after the time-out and closes the window', async () => {
    vi.useFakeTimers();
    const { consent, windows } = setup(60_000);
    const answer = consent.open({ url: BANK, redirectUri: REDIRECT });
    vi.advanceTimersByTime(59_000);
    expect(windows[0].isDestroyed()).toBe(false);
    vi.advanceTimersByTime(2_000);
    await expect(answer).resolves.toEqual({ error: 'timeout' });
    expect(windows[0].isDestroyed()).toBe(true);
  });

  it('opens one window at a time: a second request focuses the first and answers busy', async () => {
    const { consent, windows } = setup();
    const first = consent.open({ url: BANK, redirectUri: REDIRECT });
    await expect(consent.open({ url: BANK, redirectUri: REDIRECT })).resolves.toEqual({ error: 'busy' });
    expect(windows).toHaveLength(1);
    expect(windows[0].focus).toHaveBeenCalled();
    windows[0].fire('will-redirect', `${REDIRECT}?code=c&state=s`);
    await expect(first).resolves.toEqual({ code: 'c', state: 's' });
    // Once it is over, a new attempt opens a new window.
    const again = consent.open({ url: BANK, redirectUri: REDIRECT });
    expect(windows).toHaveLength(2);
    windows[1].close();
    await expect(again).resolves.toEqual({ error: 'cancelled' });
  });

  it('answers load_failed when the bank page cannot be loaded', async () => {
    const external: string[] = [];
    const consent = createConsentWindows({
      createWindow: (options) =>
        fakeWindow(options, async () => {
          throw new Error('ERR_NAME_NOT_RESOLVED (-105) loading https://bank.example/');
        }) as unknown as ConsentWindow,
      openExternal: (u) => external.push(u),
    });
    await expect(consent.open({ url: BANK, redirectUri: REDIRECT })).resolves.toMatchObject({ error: 'load_failed' });
  });
});
