import { BrowserWindow, Notification, app, dialog, ipcMain, nativeTheme, session, shell } from 'electron';
import { join } from 'node:path';
import { createConsentWindows, CONSENT_PARTITION, parseConsentRequest } from './shell/consent-window';
import { SHELL_CSP } from './shell/csp';
import { forkEngine, type EngineUrls } from './shell/engine-process';
import { chosenFolder, IPC, isTrustedSender, parseNotification } from './shell/ipc-bridge';
import { denyAllPermissions, guardContents } from './shell/navigation-guard';
import { mainWindowOptions } from './shell/window-options';

/**
 * The thin desktop shell: one instance, the engine in a utilityProcess, one hardened window showing the
 * app the engine serves.
 */
let engineUrls: EngineUrls | null = null;
let engineChild: Awaited<ReturnType<typeof forkEngine>>['child'] | null = null;
let mainWindow: BrowserWindow | null = null;
const engineOrigin = () => (engineUrls ? new URL(engineUrls.host_url).origin : 'null');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  // The bank's consent page (see docs/api/enablebanking.md#consent) lives in its own window and session, with its own
  // navigation rules.
  const consentSession = () => session.fromPartition(CONSENT_PARTITION);
  const consent = createConsentWindows({
    createWindow: (options) => new BrowserWindow({ ...options, ...(mainWindow && { parent: mainWindow }) }),
    openExternal: (url) => void shell.openExternal(url),
    clearSession: () => consentSession().clearStorageData(),
  });

  app.on('web-contents-created', (_event, contents) => {
    // Consent windows guard themselves (they must show the bank's https pages); every other contents
    // may only show the engine's origin.
    if (contents.session === consentSession()) return;
    guardContents(contents, engineOrigin, (url) => void shell.openExternal(url));
  });

  ipcMain.handle(IPC.engineInfo, (event) => {
    if (!isTrustedSender(event.senderFrame, engineOrigin())) throw new Error('untrusted sender');
    return engineUrls;
  });
  ipcMain.handle(IPC.notify, (event, payload: unknown) => {
    if (!isTrustedSender(event.senderFrame, engineOrigin())) throw new Error('untrusted sender');
    const n = parseNotification(payload);
    if (n && Notification.isSupported()) new Notification({ title: n.title, body: n.body }).show();
  });

  ipcMain.handle(IPC.openConsent, (event, payload: unknown) => {
    if (!isTrustedSender(event.senderFrame, engineOrigin())) throw new Error('untrusted sender');
    const request = parseConsentRequest(payload);
    if (!request) throw new Error('invalid consent request: an https page and an http(s) redirect URI are required');
    return consent.open(request);
  });

  // The statement folder: the system's own folder dialog, attached to the app window. Nothing from the
  // page is passed to the dialog (no title, no default path): the page only gets the path the person chose.
  ipcMain.handle(IPC.chooseFolder, async (event) => {
    if (!isTrustedSender(event.senderFrame, engineOrigin())) throw new Error('untrusted sender');
    const options = { properties: ['openDirectory' as const] };
    const result = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
    return chosenFolder(result);
  });

  app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    denyAllPermissions(consentSession());
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [SHELL_CSP] } });
    });
    const dataDir = process.env.COFFER_DATA_DIR ?? app.getPath('userData');
    try {
      const engine = await forkEngine(dataDir);
      engineUrls = engine.urls;
      engineChild = engine.child;
    } catch (err) {
      dialog.showErrorBox('Coffer could not start', (err as Error).message);
      app.quit();
      return;
    }
    mainWindow = new BrowserWindow(mainWindowOptions(join(import.meta.dirname, '../preload/index.cjs'), nativeTheme.shouldUseDarkColors));
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    await mainWindow.loadURL(engineUrls!.host_url);
  });

  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    engineChild?.postMessage({ type: 'stop' });
  });
}
