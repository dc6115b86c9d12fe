import type { EngineContext } from '../context';

/**
 * The desktop app's own OAuth client: public (no secret, PKCE), so the app can renew its tokens at
 * `POST /auth/token` with `client_id=coffer-app`. Its redirect URI `{host_url}/auth-callback` is a loopback
 * URI, accepted for any client (see docs/api/auth-and-scopes.md#clients), so none is registered.
 */
export const APP_CLIENT_ID = 'coffer-app';
export const APP_CLIENT_NAME = 'Coffer desktop app';

/** Startup step: creates the app client when absent, and restores it when it was revoked. */
export function ensureAppClient(ctx: EngineContext): void {
  const clients = ctx.store.clients;
  const row = clients.findAny(APP_CLIENT_ID);
  if (!row) {
    clients.insert({
      id: APP_CLIENT_ID,
      secret_hash: null,
      name: APP_CLIENT_NAME,
      redirect_uris: '[]',
      scopes: '',
      is_integrator: 0,
      creation_date: ctx.now(),
    });
    return;
  }
  if (row.revoked_date !== null || row.secret_hash !== null) {
    // Without it the app could not sign in again: it is part of the installation, not a user's client.
    clients.restoreAsPublic(APP_CLIENT_ID);
    ctx.log.warn('the desktop app OAuth client was revoked or changed; restored');
  }
}

/**
 * The owner signing in to this installation's own app: the app client, coming back to a page of the engine's
 * own origin. The login page then asks only the e-mail and the password: the app is part of Coffer, so asking
 * the owner to consent to it would be asking them to consent to themselves. Any other client, and the app
 * client sent elsewhere (another local program borrowing its id), still gets the consent screen.
 */
export function isFirstPartySignIn(clientId: string, redirectUri: string | undefined, hostUrl: string): boolean {
  if (clientId !== APP_CLIENT_ID || !redirectUri) return false;
  try {
    return new URL(redirectUri).origin === new URL(hostUrl).origin;
  } catch {
    return false;
  }
}
