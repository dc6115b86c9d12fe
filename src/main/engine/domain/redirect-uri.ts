/**
 * Redirect URIs. Loopback URIs (RFC 8252 §7.3: http://127.0.0.1, http://[::1], http://localhost, any port)
 * are accepted for every client, since only a program on this machine can receive them; any other URI
 * must be registered for the client and match exactly.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parse(uri: string): URL | null {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

export function isLoopbackRedirectUri(uri: string): boolean {
  const url = parse(uri);
  return (
    url !== null &&
    url.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(url.hostname) &&
    !url.username &&
    !url.password &&
    !uri.includes('#')
  );
}

export function redirectUriAllowed(uri: string, registered: readonly string[]): boolean {
  return isLoopbackRedirectUri(uri) || registered.includes(uri);
}

/**
 * What is wrong with a URI a client wants to register, or null: https, loopback http, or a private-use
 * scheme of a native app (reverse domain name, RFC 8252 §7.1); absolute, no fragment, no user info.
 */
export function registrableRedirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 2000)
    return 'must be a URI of at most 2000 characters';
  const url = parse(uri);
  if (!url) return 'is not an absolute URI';
  if (uri.includes('#')) return 'must not have a fragment';
  if (url.username || url.password) return 'must not carry user information';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname) ? null : 'http is allowed only for loopback hosts; use https';
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol)) return null;
  return 'must use https, loopback http or a reverse-domain private scheme (com.example.app:/callback)';
}

/**
 * A redirect_uri a page may send a user back to with a result (widget, bank consent link): the one rule in
 * src/shared/redirect-uri.ts (absolute http(s), at most 2048 characters, no fragment, no user information).
 * Unlike OAuth clients' URIs these need no registration: the result they receive carries no secret.
 */
export { isAcceptableRedirectUri as isAcceptableResultRedirectUri } from '../../../shared/redirect-uri';

/** A loopback URL (127.0.0.1, [::1], localhost): only a program on this machine can receive it. */
export function isLoopbackUrl(uri: string): boolean {
  const url = parse(uri);
  return url !== null && LOOPBACK_HOSTS.has(url.hostname);
}
