import { api } from './client';
import type { TokenAnswer } from './types';

export const APP_CLIENT_ID = 'coffer-app';

/** The authorization server (OAuth 2.0): the app is the public client `coffer-app`, with PKCE S256. */
export const authApi = {
  refresh: (refreshToken: string) =>
    api
      .post<TokenAnswer>('/auth/token', undefined, {
        base: 'root',
        auth: 'none',
        json: undefined,
        form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: APP_CLIENT_ID },
      })
      .then((r) => r.data),
  exchangeCode: (code: string, verifier: string, redirectUri: string) =>
    api
      .post<TokenAnswer>('/auth/token', undefined, {
        base: 'root',
        auth: 'none',
        json: undefined,
        form: {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: APP_CLIENT_ID,
        },
      })
      .then((r) => r.data),
  revoke: (token: string) =>
    api.post('/auth/revoke', undefined, {
      base: 'root',
      auth: 'none',
      json: undefined,
      form: { token, client_id: APP_CLIENT_ID },
    }),
};

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomString(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** PKCE (RFC 7636): a verifier and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomString(48);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

export function authorizeUrl(params: {
  redirectUri: string;
  state: string;
  challenge: string;
  scope: string;
  /** The app's language: the sign-in page speaks it, whatever the browser's. */
  language?: string;
}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: APP_CLIENT_ID,
    redirect_uri: params.redirectUri,
    scope: params.scope,
    state: params.state,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
  });
  if (params.language) query.set('lng', params.language);
  return `/auth/authorize?${query}`;
}
