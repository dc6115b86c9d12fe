import { contextBridge, ipcRenderer } from 'electron';
import type { CofferBridge, ConsentOutcome, EngineInfo } from './bridge';

// Sandboxed CJS preload: exposes a small typed bridge, never ipcRenderer itself.
const bridge: CofferBridge = {
  isDesktop: true,
  engineInfo: () => ipcRenderer.invoke('coffer:engine-info') as Promise<EngineInfo | null>,
  notify: (title: string, body: string) => ipcRenderer.invoke('coffer:notify', { title, body }) as Promise<void>,
  openConsent: (url: string, redirectUri: string) =>
    ipcRenderer.invoke('coffer:open-consent', { url, redirect_uri: redirectUri }) as Promise<ConsentOutcome>,
  chooseFolder: () => ipcRenderer.invoke('coffer:choose-folder') as Promise<string | null>,
};

contextBridge.exposeInMainWorld('coffer', bridge);
