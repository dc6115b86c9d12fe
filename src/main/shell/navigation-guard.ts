/**
 * Navigation and new-window policy: the window may only show the engine's own origin. Anything else is
 * denied; plain https links (documentation, a bank's site) open in the user's browser instead.
 */
export function isAppUrl(url: string, engineOrigin: string): boolean {
  try {
    return new URL(url).origin === engineOrigin;
  } catch {
    return false;
  }
}

export function isExternalBrowsable(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The minimal shape of the Electron objects the guards attach to (so they can be tested with fakes). */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void; url?: string }, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
}

export interface GuardedSession {
  setPermissionRequestHandler(handler: ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((wc: unknown, permission: string) => boolean) | null): void;
}

export function guardContents(
  contents: GuardedContents,
  engineOrigin: () => string,
  openExternal: (url: string) => void,
): void {
  const block = (event: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url, engineOrigin())) {
      event.preventDefault();
      if (isExternalBrowsable(url)) openExternal(url);
    }
  };
  contents.on('will-navigate', block);
  contents.on('will-redirect', block);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalBrowsable(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** Every permission request (camera, geolocation, notifications from the page…) is refused. */
export function denyAllPermissions(session: GuardedSession): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
