import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * What every window of the app gets, per Electron's security checklist: an isolated, sandboxed page without
 * Node, web security on, no insecure content, no experimental features, no <webview>, no navigation by
 * dropping a file.
 */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const satisfies BrowserWindowConstructorOptions['webPreferences'];

/** The main window: the hardened preferences and the app's preload bridge. */
export function mainWindowOptions(preloadPath: string, dark: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 840,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Coffer',
    backgroundColor: dark ? '#14161a' : '#f7f7f5',
    autoHideMenuBar: true,
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: preloadPath },
  };
}
