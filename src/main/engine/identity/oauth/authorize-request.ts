import type { UserScope } from '../../auth/scopes';
import type { Client, Clients } from '../clients';
import { userScopesAsked } from './grants';
import { OAuthError, type OAuthErrorCode } from './oauth-error';
import { isValidCodeChallenge } from './pkce';
import { redirectUriAllowed } from '../../domain/redirect-uri';

/** Parameters of GET/POST {auth_url}/authorize (RFC 6749 §4.1.1 with RFC 7636). */
export interface AuthorizeParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface AuthorizeRequest {
  client: Client;
  redirectUri: string;
  scopes: UserScope[];
  state?: string;
  codeChallenge: string;
}

export type AuthorizeValidation =
  | { ok: true; request: AuthorizeRequest }
  /** The client or redirect URI cannot be trusted: tell the user, never redirect (RFC 6749 §4.1.2.1). */
  | { ok: false; redirect: false; description: string }
  | { ok: false; redirect: true; redirectUri: string; error: OAuthErrorCode; description: string; state?: string };

export function validateAuthorizeRequest(clients: Clients, p: AuthorizeParams): AuthorizeValidation {
  if (!p.client_id) return { ok: false, redirect: false, description: 'client_id is missing' };
  const client = clients.find(p.client_id);
  if (!client)
    return { ok: false, redirect: false, description: 'this application (client_id) is unknown or was revoked' };
  if (!p.redirect_uri) return { ok: false, redirect: false, description: 'redirect_uri is missing' };
  if (!redirectUriAllowed(p.redirect_uri, client.redirectUris)) {
    return { ok: false, redirect: false, description: 'redirect_uri is not registered for this application' };
  }
  const fail = (error: OAuthErrorCode, description: string): AuthorizeValidation => ({
    ok: false,
    redirect: true,
    redirectUri: p.redirect_uri!,
    error,
    description,
    state: p.state,
  });
  if (p.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!p.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE S256)');
  if (p.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!isValidCodeChallenge(p.code_challenge))
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  if (p.state !== undefined && p.state.length > 2000)
    return fail('invalid_request', 'state is longer than 2000 characters');
  if (!p.scope?.trim()) return fail('invalid_scope', 'scope is required');
  let scopes: UserScope[];
  try {
    scopes = userScopesAsked(p.scope);
  } catch (err) {
    return fail('invalid_scope', (err as OAuthError).message);
  }
  return {
    ok: true,
    request: { client, redirectUri: p.redirect_uri, scopes, state: p.state, codeChallenge: p.code_challenge },
  };
}

/** redirect_uri with result parameters added to its query (keeping the query it already has). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.append(k, v);
  return url.toString();
}
