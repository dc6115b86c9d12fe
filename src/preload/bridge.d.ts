/** What the desktop shell offers the page as `window.coffer` (absent in a plain browser). */
export interface EngineInfo {
  host_url: string;
  base_url: string;
  auth_url: string;
  widget_url: string;
}

/**
 * What a consent window answers: the bank's code and state, or an error: the bank's own code
 * (access_denied, …) or the shell's (cancelled, timeout, busy, no_answer, load_failed).
 */
export type ConsentOutcome = { code: string; state: string } | { error: string; description?: string; state?: string };

export interface CofferBridge {
  isDesktop: true;
  /** Where the engine is. */
  engineInfo(): Promise<EngineInfo | null>;
  /** A native notification (challenges waiting for a code). */
  notify(title: string, body: string): Promise<void>;
  /**
   * Opens a bank's consent page (`url`: https, or http on a loopback host) in the shell's own window and
   * resolves when the bank sends it to `redirectUri` (the window closes then) or the attempt ends.
   */
  openConsent(url: string, redirectUri: string): Promise<ConsentOutcome>;
  /** Opens the system's folder dialog; resolves with the chosen folder's absolute path, or null if cancelled. */
  chooseFolder(): Promise<string | null>;
}

declare global {
  interface Window {
    coffer?: CofferBridge;
  }
}
