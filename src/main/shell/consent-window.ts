import type { BrowserWindowConstructorOptions } from 'electron';
import { isRedirectTarget, readConsentAnswer, type ConsentRedirect } from '../../shared/consent-redirect';
import { HARDENED_WEB_PREFERENCES } from './window-options';

/**
 * The bank's consent page in a window of its own (docs/api/enablebanking.md#consent: "the desktop app opens `url` in
 * its own window and reads the code from the redirect"). The window is a plain browser for a foreign site: no preload,
 * no Node, sandboxed, in its own in-memory session (the bank's cookies never mix with the app's and are gone at quit).
 * When the bank sends the browser to the registered redirect URL, the navigation is stopped before any request leaves
 * (that address need not exist), `code` and `state` (or `error`) are read from it, the window closes and the answer
 * goes back to the page that asked.
 */

/** Session partition of consent windows; no `persist:` prefix, so nothing of it is written to disk. */
export const CONSENT_PARTITION = 'coffer-consent';

/** A consent code is short-lived (minutes at most banks): past this the attempt is abandoned. */
export const CONSENT_TIMEOUT_MS = 10 * 60 * 1000;

export type ConsentOutcome =
  | { code: string; state: string }
  | {
      /**
       * The bank's own error code (access_denied, …), or one of the shell's: `cancelled` (the person closed
       * the window), `timeout`, `busy` (a consent window is already open), `no_answer` (the redirect URL was
       * reached without code nor error), `load_failed` (the bank's page could not be loaded).
       */
      error: string;
      description?: string;
      state?: string;
    };

export interface ConsentRequest {
  url: string;
  redirectUri: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parseHttpUrl(value: unknown, maxLength: number): URL | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/**
 * Validates what the page asks for: the consent page must be https (a bank), or plain http on a loopback host
 * (local emulators and tests); the redirect URI must be an absolute http(s) URL without a fragment and
 * without credentials. Anything else is refused (the page is trusted, but a compromised page must not turn
 * this call into "open any address in a window").
 */
export function parseConsentRequest(payload: unknown): ConsentRequest | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { url, redirect_uri: redirectUri } = payload as Record<string, unknown>;
  const page = parseHttpUrl(url, 8192);
  const target = parseHttpUrl(redirectUri, 2048);
  if (!page || !target) return null;
  if (page.protocol !== 'https:' && !isLoopbackHttp(page)) return null;
  if (page.username || page.password || target.username || target.password) return null;
  if (target.hash) return null;
  return { url: page.href, redirectUri: target.href };
}

/** The consent window per Electron's security checklist; it shows a foreign site, so it gets nothing more. */
export function consentWindowOptions(title: string): BrowserWindowConstructorOptions {
  return {
    width: 520,
    height: 760,
    minWidth: 380,
    minHeight: 480,
    show: true,
    title,
    autoHideMenuBar: true,
    // The bank's page: the hardened preferences, no preload at all, its own in-memory session, no devtools.
    webPreferences: { ...HARDENED_WEB_PREFERENCES, partition: CONSENT_PARTITION, devTools: false },
  };
}

type NavigationEvent = { preventDefault(): void };

/** The page's answer shape (no `kind`): what the preload bridge declares. */
function toOutcome(answer: ConsentRedirect | null): ConsentOutcome {
  if (!answer) return { error: 'no_answer' };
  if (answer.kind === 'code') return { code: answer.code, state: answer.state };
  return {
    error: answer.error,
    ...(answer.description && { description: answer.description }),
    ...(answer.state && { state: answer.state }),
  };
}

/** The parts of a BrowserWindow and its webContents this module uses (so tests can pass fakes). */
export interface ConsentContents {
  on(event: string, listener: (event: NavigationEvent, url: string, ...rest: unknown[]) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export interface ConsentWindow {
  webContents: ConsentContents;
  loadURL(url: string): Promise<void>;
  on(event: 'closed', listener: () => void): unknown;
  close(): void;
  isDestroyed(): boolean;
  focus(): void;
}

export interface ConsentWindowDeps {
  createWindow(options: BrowserWindowConstructorOptions): ConsentWindow;
  /** https links the bank page opens in a new window go to the person's browser. */
  openExternal(url: string): void;
  /** Forgets the bank's cookies and storage once an attempt is over. */
  clearSession?(): Promise<void>;
  timeoutMs?: number;
  title?: string;
}

export interface ConsentWindows {
  open(request: ConsentRequest): Promise<ConsentOutcome>;
  /** True while a consent window is open. */
  isOpen(): boolean;
}

/** One consent window at a time: a second request while one is open focuses it and answers `busy`. */
export function createConsentWindows(deps: ConsentWindowDeps): ConsentWindows {
  let current: ConsentWindow | null = null;

  const open = (request: ConsentRequest): Promise<ConsentOutcome> => {
    if (current && !current.isDestroyed()) {
      current.focus();
      return Promise.resolve({ error: 'busy' });
    }
    const allowLoopback = isLoopbackHttp(new URL(request.url));
    const win = deps.createWindow(consentWindowOptions(deps.title ?? 'Coffer'));
    current = win;

    return new Promise<ConsentOutcome>((resolve) => {
      let done = false;
      const finish = (outcome: ConsentOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (current === win) current = null;
        if (!win.isDestroyed()) win.close();
        void deps.clearSession?.().catch(() => {});
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ error: 'timeout' }), deps.timeoutMs ?? CONSENT_TIMEOUT_MS);

      /** Pages the window may show: https, or loopback http when the consent page itself is one (emulators). */
      const mayShow = (url: string) => {
        const parsed = parseHttpUrl(url, 16384);
        if (!parsed) return false;
        return parsed.protocol === 'https:' || (allowLoopback && isLoopbackHttp(parsed));
      };

      // Before a navigation or a server redirection: the redirect URL is caught here and never requested.
      const beforeNavigation = (event: NavigationEvent, url: string) => {
        if (isRedirectTarget(url, request.redirectUri)) {
          event.preventDefault();
          finish(toOutcome(readConsentAnswer(url)));
        } else if (!mayShow(url)) {
          event.preventDefault();
        }
      };
      win.webContents.on('will-navigate', beforeNavigation);
      win.webContents.on('will-redirect', beforeNavigation);
      // After the fact (a navigation an earlier event did not report): the answer is read all the same.
      const afterNavigation = (_event: NavigationEvent, url: string) => {
        if (isRedirectTarget(url, request.redirectUri)) finish(toOutcome(readConsentAnswer(url)));
      };
      win.webContents.on('did-redirect-navigation', afterNavigation);
      win.webContents.on('did-navigate', afterNavigation);
      win.webContents.on('will-attach-webview', (event) => event.preventDefault());
      win.webContents.setWindowOpenHandler(({ url }) => {
        const parsed = parseHttpUrl(url, 16384);
        if (parsed?.protocol === 'https:') deps.openExternal(parsed.href);
        return { action: 'deny' };
      });
      win.on('closed', () => finish({ error: 'cancelled' }));

      win.loadURL(request.url).catch((err: unknown) => {
        // Aborted loads are the redirect being caught (ERR_ABORTED): the answer is already on its way.
        if (done) return;
        const message = err instanceof Error ? err.message : String(err);
        if (/ERR_ABORTED/.test(message)) return;
        finish({ error: 'load_failed', description: message });
      });
    });
  };

  return { open, isOpen: () => current !== null && !current.isDestroyed() };
}
