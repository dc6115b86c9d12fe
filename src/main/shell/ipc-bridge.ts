/**
 * The few things the page may ask the main process (through the preload bridge). Each handler first
 * checks that the sender is the app's own top frame on the engine's origin.
 */
export const IPC = {
  engineInfo: 'coffer:engine-info',
  notify: 'coffer:notify',
  /** Opens a bank's consent page in its own window and answers the code and state (consent-window.ts). */
  openConsent: 'coffer:open-consent',
  /** Opens the system's folder dialog (a statement folder) and answers the chosen path, or null. */
  chooseFolder: 'coffer:choose-folder',
} as const;

/** What the folder dialog answered, as the page receives it: one absolute path, or null when cancelled. */
export function chosenFolder(result: { canceled: boolean; filePaths: readonly string[] }): string | null {
  if (result.canceled) return null;
  const [path] = result.filePaths;
  return typeof path === 'string' && path.length > 0 ? path : null;
}

export interface IpcSenderFrame {
  url: string;
  parent: unknown | null;
}

export function isTrustedSender(frame: IpcSenderFrame | null | undefined, engineOrigin: string): boolean {
  if (!frame || frame.parent) return false;
  try {
    return new URL(frame.url).origin === engineOrigin;
  } catch {
    return false;
  }
}

export interface NotificationRequest {
  title: string;
  body: string;
}

/** Validates a notification request from the page: short plain strings only. */
export function parseNotification(value: unknown): NotificationRequest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { title, body } = value as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  if (title.length === 0 || title.length > 200 || body.length > 1000) return null;
  return { title, body };
}
