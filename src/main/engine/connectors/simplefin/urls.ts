/**
 * The two URLs of SimpleFIN: the claim URL a setup token encodes, and the access URL the claim returns.
 * Both must be https, since the access URL carries the person's Basic-auth credentials; plain http is
 * accepted only for loopback hosts (a local bridge, the tests' emulator), where nothing crosses a network.
 */

/** 127.0.0.0/8, [::1] and localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why a URL may not carry SimpleFIN traffic, or undefined when it may. */
export function transportProblem(url: URL): string | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === 'http:') return 'plain http is only accepted for a bridge on this computer (127.0.0.1, localhost)';
  return 'it is not an https address';
}

export class SetupTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SetupTokenError';
  }
}

/**
 * The claim URL a setup token encodes. A token is base64 (standard or URL-safe) of the URL; people paste it
 * with spaces, line breaks or without its `=` padding, so those are tolerated. Errors never quote the token.
 */
export function decodeSetupToken(token: string): URL {
  const compact = token.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (compact === '' || !/^[A-Za-z0-9+/]+$/.test(compact) || compact.length % 4 === 1) {
    throw new SetupTokenError('the setup token is not base64 text');
  }
  const padded = compact + '='.repeat((4 - (compact.length % 4)) % 4);
  const text = Buffer.from(padded, 'base64').toString('utf8').trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /[\u0000-\u001f\u007f\s]/.test(text)) {
    throw new SetupTokenError('the setup token does not decode to a claim URL');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SetupTokenError('the setup token does not decode to a claim URL');
  }
  const problem = transportProblem(url);
  if (problem) throw new SetupTokenError(`the setup token's claim URL is refused: ${problem}`);
  if (url.username || url.password) throw new SetupTokenError('the setup token does not decode to a claim URL');
  return url;
}

/**
 * Longest access URL accepted (and so kept in the keychain): real ones are a few hundred characters
 * (`https://`, a user and a password of a few dozen characters each, the Bridge's host and path).
 */
export const MAX_ACCESS_URL_LENGTH = 2048;

/** An access URL split into where to send requests and the Authorization header to send. */
export interface AccessPoint {
  /** `scheme://host[:port]/path` without userinfo and without a trailing slash. */
  root: string;
  authorization: string;
}

/**
 * Reads an access URL (`https://USER:PASS@host/simplefin`). fetch refuses URLs with userinfo, and the
 * userinfo is percent-encoded, so it is decoded and sent as `Authorization: Basic`. Returns undefined for
 * anything else; the text of the URL must never be quoted (it is the person's password).
 */
export function parseAccessUrl(text: string): AccessPoint | undefined {
  const trimmed = text.trim();
  if (trimmed.length > MAX_ACCESS_URL_LENGTH || /\s/.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (transportProblem(url) || !url.username || !url.password) return undefined;
  let user: string;
  let pass: string;
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
  } catch {
    return undefined;
  }
  const root = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  return { root, authorization: `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}` };
}

/** Short stable name of an access URL for the request ledger (a hash: the URL itself is a secret). */
export function accessLedgerName(accessUrl: string, hash: (text: string) => string): string {
  return hash(accessUrl.trim()).slice(0, 24);
}
