import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The desktop shell's wiring (src/main/index.ts) with the `electron` module replaced by a fake: what it asks
 * Electron to do at start, and how its handlers answer.
 */
const URLS = { host_url: 'http://127.0.0.1:4999', base_url: 'http://127.0.0.1:4999/v2', auth_url: 'http://127.0.0.1:4999/auth', widget_url: 'http://127.0.0.1:4999/embed' };

function makeFake(lock = true) {
  const appEvents = new EventEmitter();
  let readyResolve!: () => void;
  const ready = new Promise<void>((r) => (readyResolve = r));
  const windows: Array<{ options: any; loadURL: ReturnType<typeof vi.fn> }> = [];
  const handlers = new Map<string, (event: any, ...args: any[]) => unknown>();
  const child = Object.assign(new EventEmitter(), { postMessage: vi.fn() });
  const session = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
  };
  // The consent windows' own in-memory session (src/main/shell/consent-window.ts).
  const consentSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    clearStorageData: vi.fn(async () => {}),
  };
  const fake = {
    app: {
      requestSingleInstanceLock: vi.fn(() => lock),
      quit: vi.fn(),
      on: (e: string, l: (...a: any[]) => void) => appEvents.on(e, l),
      whenReady: () => ready,
      getPath: vi.fn(() => '/tmp/coffer-user-data'),
      getAppPath: vi.fn(() => '/opt/coffer'),
    },
    BrowserWindow: vi.fn().mockImplementation(function (this: any, options: any) {
      const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
      const events = new EventEmitter();
      let destroyed = false;
      const w = {
        options,
        loadURL: vi.fn(async () => {}),
        once: vi.fn(),
        show: vi.fn(),
        isMinimized: () => false,
        focus: vi.fn(),
        webContents: contents,
        on: (e: string, l: () => void) => events.on(e, l),
        close: vi.fn(() => {
          destroyed = true;
          events.emit('closed');
        }),
        isDestroyed: () => destroyed,
      };
      windows.push(w);
      return w;
    }),
    ipcMain: { handle: vi.fn((channel: string, h: any) => handlers.set(channel, h)) },
    session: { defaultSession: session, fromPartition: vi.fn(() => consentSession) },
    utilityProcess: {
      fork: vi.fn(() => {
        setTimeout(() => child.emit('message', { type: 'ready', urls: URLS }), 0);
        return child;
      }),
    },
    Notification: Object.assign(
      vi.fn().mockImplementation(function (this: any) {
        this.show = vi.fn();
      }),
      { isSupported: () => true },
    ),
    dialog: {
      showErrorBox: vi.fn(),
      showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/ada/Statements'] })),
    },
    nativeTheme: { shouldUseDarkColors: false },
    shell: { openExternal: vi.fn() },
  };
  return { fake, appEvents, readyResolve, windows, handlers, child, session, consentSession };
}

let env: ReturnType<typeof makeFake>;

async function startShell(lock = true) {
  vi.resetModules();
  env = makeFake(lock);
  vi.doMock('electron', () => env.fake);
  await import('../../../src/main/index');
  env.readyResolve();
  await vi.waitFor(() => expect(env.windows.length).toBe(1));
}

beforeEach(() => {
  delete process.env.COFFER_DATA_DIR;
});

describe('desktop shell main process (fake electron)', () => {
  it('takes the single-instance lock; a second instance quits', async () => {
    vi.resetModules();
    env = makeFake(false);
    vi.doMock('electron', () => env.fake);
    await import('../../../src/main/index');
    expect(env.fake.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(env.fake.app.quit).toHaveBeenCalled();
    expect(env.fake.utilityProcess.fork).not.toHaveBeenCalled();
  });

  it('forks the engine in a utilityProcess and opens one hardened window on its address', async () => {
    await startShell();
    const [entry, args, options] = env.fake.utilityProcess.fork.mock.calls[0] as unknown as [string, string[], { execArgv?: string[] }];
    expect(entry).toBe('/opt/coffer/out/main/engine.js');
    expect(args).toEqual(expect.arrayContaining(['--data-dir', '/tmp/coffer-user-data', '--port', '0']));
    // A small young generation: the engine's peak memory during a large synchronization (engine-process.ts).
    expect(options.execArgv).toContain('--max-semi-space-size=4');
    const wp = env.windows[0].options.webPreferences;
    expect(wp).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(wp.preload).toMatch(/preload\/index\.cjs$/);
    await vi.waitFor(() => expect(env.windows[0].loadURL).toHaveBeenCalledWith(URLS.host_url));
  });

  it('denies every permission and sets the CSP on every response', async () => {
    await startShell();
    const request = env.session.setPermissionRequestHandler.mock.calls[0][0];
    let granted: boolean | undefined;
    request(null, 'media', (g: boolean) => (granted = g));
    expect(granted).toBe(false);
    const onHeaders = env.session.webRequest.onHeadersReceived.mock.calls[0][0];
    let headers: any;
    onHeaders({ responseHeaders: { 'X-Other': ['1'] } }, (r: any) => (headers = r.responseHeaders));
    expect(headers['Content-Security-Policy'][0]).toMatch(/script-src 'self'/);
    expect(headers['X-Other']).toEqual(['1']);
  });

  it('guards every web contents: navigation away and new windows are denied', async () => {
    await startShell();
    const listeners = new Map<string, any>();
    let openHandler: any;
    env.appEvents.emit('web-contents-created', {}, {
      on: (e: string, l: any) => listeners.set(e, l),
      setWindowOpenHandler: (h: any) => (openHandler = h),
    });
    let prevented = false;
    listeners.get('will-navigate')({ preventDefault: () => (prevented = true) }, 'https://evil.example/');
    expect(prevented).toBe(true);
    expect(openHandler({ url: `${URLS.host_url}/x` })).toEqual({ action: 'deny' });
  });

  it('answers IPC only to the app frame on the engine origin', async () => {
    await startShell();
    const engineInfo = env.handlers.get('coffer:engine-info')!;
    expect(engineInfo({ senderFrame: { url: `${URLS.host_url}/`, parent: null } })).toEqual(URLS);
    expect(() => engineInfo({ senderFrame: { url: 'https://evil.example/', parent: null } })).toThrow(/untrusted/);
    const notify = env.handlers.get('coffer:notify')!;
    notify({ senderFrame: { url: `${URLS.host_url}/`, parent: null } }, { title: 'Code needed', body: 'SMS' });
    expect(env.fake.Notification).toHaveBeenCalledWith({ title: 'Code needed', body: 'SMS' });
    expect(() => notify({ senderFrame: { url: `${URLS.host_url}/`, parent: {} } }, { title: 'x', body: 'y' })).toThrow(/untrusted/);
  });

  it('opens a bank consent page in its own hardened window for the app frame, and answers the code', async () => {
    await startShell();
    const openConsent = env.handlers.get('coffer:open-consent')!;
    const app = { senderFrame: { url: `${URLS.host_url}/connections/bank-consent`, parent: null } };
    const redirect = 'https://coffer.invalid/enablebanking/callback';
    // Only the app's own frame, and only sane arguments.
    expect(() => openConsent({ senderFrame: { url: 'https://evil.example/', parent: null } }, { url: 'https://bank.example/', redirect_uri: redirect })).toThrow(/untrusted/);
    expect(() => openConsent(app, { url: 'file:///etc/passwd', redirect_uri: redirect })).toThrow(/invalid consent request/);
    const answer = openConsent(app, { url: 'https://bank.example/consent', redirect_uri: redirect }) as Promise<unknown>;
    expect(env.windows).toHaveLength(2);
    const consentWindow = env.windows[1] as any;
    expect(consentWindow.options.webPreferences).toMatchObject({ partition: 'coffer-consent', sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(consentWindow.options.webPreferences.preload).toBeUndefined();
    expect(consentWindow.loadURL).toHaveBeenCalledWith('https://bank.example/consent');
    let prevented = false;
    consentWindow.webContents.emit('will-redirect', { preventDefault: () => (prevented = true) }, `${redirect}?code=abc&state=xyz`);
    await expect(answer).resolves.toEqual({ code: 'abc', state: 'xyz' });
    expect(prevented).toBe(true);
    expect(consentWindow.close).toHaveBeenCalled();
    expect(env.consentSession.clearStorageData).toHaveBeenCalled();
    // Permissions are refused in the consent session too.
    await vi.waitFor(() => expect(env.consentSession.setPermissionRequestHandler).toHaveBeenCalled());
  });

  it('leaves consent windows to their own guard (the bank’s https pages must load there)', async () => {
    await startShell();
    const listeners = new Map<string, any>();
    env.appEvents.emit('web-contents-created', {}, {
      session: env.consentSession,
      on: (e: string, l: any) => listeners.set(e, l),
      setWindowOpenHandler: vi.fn(),
    });
    expect(listeners.size).toBe(0);
  });

  it('opens the system folder dialog for the app frame only, and answers the chosen path or null', async () => {
    await startShell();
    const chooseFolder = env.handlers.get('coffer:choose-folder')!;
    const app = { senderFrame: { url: `${URLS.host_url}/connections/new`, parent: null } };
    await expect(chooseFolder(app)).resolves.toBe('/home/ada/Statements');
    // A folder, attached to the app window; nothing else asked of the dialog.
    const [owner, options] = env.fake.dialog.showOpenDialog.mock.calls[0] as unknown as [unknown, any];
    expect(owner).toBe(env.windows[0]);
    expect(options).toEqual({ properties: ['openDirectory'] });
    env.fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    await expect(chooseFolder(app)).resolves.toBeNull();
    // Another origin, or a frame inside the page: refused before any dialog opens.
    const calls = env.fake.dialog.showOpenDialog.mock.calls.length;
    await expect(chooseFolder({ senderFrame: { url: 'https://evil.example/', parent: null } })).rejects.toThrow(/untrusted/);
    await expect(chooseFolder({ senderFrame: { url: `${URLS.host_url}/`, parent: {} } })).rejects.toThrow(/untrusted/);
    expect(env.fake.dialog.showOpenDialog.mock.calls.length).toBe(calls);
  });

  it('asks the engine to stop when the app quits', async () => {
    await startShell();
    env.appEvents.emit('before-quit');
    expect(env.child.postMessage).toHaveBeenCalledWith({ type: 'stop' });
  });
});
