import type { BrowserWindowConstructorOptions } from 'electron';

/** The main window, per Electron's security checklist: isolated, sandboxed, no Node in the page. */
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
    webPreferences: {
      preload: preloadPath,
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
    },
  };
}
