/** What the desktop shell offers the page as `window.coffer` (absent in a plain browser). */
export interface EngineInfo {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
}

export interface CofferBridge {
  isDesktop: true;
  /** Where the engine is. */
  engineInfo(): Promise<EngineInfo | null>;
  /** A native notification (challenges waiting for a code). */
  notify(title: string, body: string): Promise<void>;
}

declare global {
  interface Window {
    coffer?: CofferBridge;
  }
}
