import { USER_SCOPES } from '../auth/scopes';
import { ACCESS_TOKEN_TTL, newFamilyId, type Tokens } from '../identity/tokens';
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
 * rotation family, renewed through the identity module's refresh grant (`POST /auth/token`). Call it inside
 * the transaction that made the user (both tokens are written with it, or neither).
 */
export function issueAppTokens(tokens: Tokens, userId: number, now: number): AppTokens {
  const familyId = newFamilyId();
  const options = { clientId: APP_CLIENT_ID, userId, scopes: USER_SCOPES, familyId };
  return {
    access_token: tokens.issue('access', options, now),
    refresh_token: tokens.issue('refresh', options, now),
    token_type: 'Bearer' as const,
    expires_in: ACCESS_TOKEN_TTL,
    scope: USER_SCOPES.join(' '),
    user_id: String(userId),
  };
}

/** Lifetime of the app's admin token: long enough for a settings page, short enough to be harmless. */
export const ADMIN_TOKEN_TTL = 15 * 60;

export interface AdminToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: 'admin';
}

/** A client token of the app client with scope `admin`, for the owner's settings pages. */
export function issueAdminToken(tokens: Tokens, now: number): AdminToken {
  const value = tokens.issue(
    'access',
    { clientId: APP_CLIENT_ID, userId: null, scopes: ['admin'], expires: now + ADMIN_TOKEN_TTL },
    now,
  );
  return { access_token: value, token_type: 'Bearer', expires_in: ADMIN_TOKEN_TTL, scope: 'admin' };
}
