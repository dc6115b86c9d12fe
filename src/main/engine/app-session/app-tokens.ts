import { USER_SCOPES } from '../auth/scopes';
import { hashToken, newTokenValue } from '../auth/token-hash';
import type { Db } from '../db/database';
import { ACCESS_TOKEN_TTL, TokensRepository, newFamilyId } from '../identity/tokens-repository';
import { APP_CLIENT_ID } from './app-client';

/** The token answer of the app's sign-in (the same shape as the token endpoint's, plus user_id). */
export interface AppTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  user_id: string;
}

/**
 * Access and refresh tokens for the app client with every user scope. The refresh token starts a new
 * rotation family, renewed through the identity module's refresh grant (`POST /auth/token`).
 */
export function issueAppTokens(db: Db, userId: number, now: number): AppTokens {
  const tokens = new TokensRepository(db);
  const familyId = newFamilyId();
  const options = { clientId: APP_CLIENT_ID, userId, scopes: USER_SCOPES, familyId };
  return db.transaction(() => ({
    access_token: tokens.issue('access', options, now),
    refresh_token: tokens.issue('refresh', options, now),
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_TTL,
    scope: USER_SCOPES.join(' '),
    user_id: String(userId),
  }))();
}

/** Lifetime of the app's admin token: long enough for a settings page, short enough to be harmless. */
export const ADMIN_TOKEN_TTL = 15 * 60;

export interface AdminToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: 'admin';
}

/** A client token of the app client with scope `admin` (C12), for the owner's settings pages. */
export function issueAdminToken(db: Db, now: number): AdminToken {
  const value = newTokenValue('cat');
  db.prepare(
    `INSERT INTO oauth_tokens (hash, kind, client_id, user_id, scopes, creation_date, expires)
     VALUES (?, 'access', ?, NULL, 'admin', ?, ?)`,
  ).run(hashToken(value), APP_CLIENT_ID, now, now + ADMIN_TOKEN_TTL);
  return { access_token: value, token_type: 'Bearer', expires_in: ADMIN_TOKEN_TTL, scope: 'admin' };
}
