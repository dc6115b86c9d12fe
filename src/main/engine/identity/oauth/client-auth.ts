import type { Client, Clients } from '../clients';
import { OAuthError } from './oauth-error';

/** How a client identified itself at the token or revocation endpoint (RFC 6749 §2.3.1). */
export interface PresentedClient {
  clientId: string | null;
  secret: string | null;
  /** HTTP Basic was used: a failure answers 401 with a Basic challenge. */
  basic: boolean;
}

const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));

export function presentedClient(
  authorization: string | undefined,
  params: { client_id?: string; client_secret?: string },
): PresentedClient {
  const m = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (m) {
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient('malformed HTTP Basic credentials', true);
    let id: string;
    let secret: string;
    try {
      id = formDecode(decoded.slice(0, colon));
      secret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw invalidClient('malformed HTTP Basic credentials', true);
    }
    if (params.client_secret !== undefined) {
      throw new OAuthError(
        'invalid_request',
        'use one client authentication method: HTTP Basic or client_secret in the body, not both',
      );
    }
    if (params.client_id !== undefined && params.client_id !== id) {
      throw new OAuthError('invalid_request', 'client_id in the body differs from the HTTP Basic one');
    }
    return { clientId: id, secret, basic: true };
  }
  if (authorization && /^Basic\b/i.test(authorization)) throw invalidClient('malformed HTTP Basic credentials', true);
  return { clientId: params.client_id ?? null, secret: params.client_secret ?? null, basic: false };
}

export function invalidClient(description: string, basic: boolean): OAuthError {
  return basic
    ? new OAuthError('invalid_client', description, 401, {
        'www-authenticate': 'Basic realm="coffer", charset="UTF-8"',
      })
    : new OAuthError('invalid_client', description);
}

/**
 * The authenticated client: a confidential client must prove its secret; a public client only names itself
 * (its requests are bound by PKCE and refresh-token rotation instead).
 */
export function authenticateClient(clients: Clients, presented: PresentedClient): Client {
  if (!presented.clientId)
    throw new OAuthError('invalid_request', 'client_id is required (in the body or by HTTP Basic)');
  const client = clients.find(presented.clientId);
  if (presented.secret !== null) {
    // verifySecret runs its constant-time comparison even for an unknown client.
    if (!clients.verifySecret(presented.clientId, presented.secret) || !client) {
      throw invalidClient('unknown client or wrong client secret', presented.basic);
    }
    return client;
  }
  if (!client) throw invalidClient('unknown client', presented.basic);
  if (client.confidential)
    throw invalidClient('this client is confidential: client_secret is required', presented.basic);
  return client;
}
