import type { EngineContext } from '../context';

/**
 * The desktop app's own OAuth client: public (no secret, PKCE), so the app can renew its tokens at
 * `POST /auth/token` with `client_id=coffer-app`. Its redirect URI `{host_url}/auth-callback` is a loopback
 * URI, accepted for any client (C4), so none is registered.
 */
export const APP_CLIENT_ID = 'coffer-app';
export const APP_CLIENT_NAME = 'Coffer desktop app';

/** Startup step: creates the app client when absent, and restores it when it was revoked. */
export function ensureAppClient(ctx: EngineContext): void {
  const row = ctx.db
    .prepare<[string], { secret_hash: string | null; revoked_date: number | null }>(
      'SELECT secret_hash, revoked_date FROM oauth_clients WHERE id = ?',
    )
    .get(APP_CLIENT_ID);
  if (!row) {
    ctx.db
      .prepare(
        `INSERT INTO oauth_clients (id, secret_hash, name, redirect_uris, scopes, is_integrator, creation_date)
         VALUES (?, NULL, ?, '[]', '', 0, ?)`,
      )
      .run(APP_CLIENT_ID, APP_CLIENT_NAME, ctx.now());
    return;
  }
  if (row.revoked_date !== null || row.secret_hash !== null) {
    // Without it the app could not sign in again: it is part of the installation, not a user's client.
    ctx.db
      .prepare("UPDATE oauth_clients SET revoked_date = NULL, secret_hash = NULL, scopes = '' WHERE id = ?")
      .run(APP_CLIENT_ID);
    ctx.log.warn('the desktop app OAuth client was revoked or changed; restored');
  }
}
