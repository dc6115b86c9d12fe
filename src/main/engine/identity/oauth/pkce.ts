import { createHash, timingSafeEqual } from 'node:crypto';

/** PKCE (RFC 7636), S256 only. */
export const isValidCodeVerifier = (v: string) => /^[A-Za-z0-9\-._~]{43,128}$/.test(v);

/** An S256 challenge is the base64url SHA-256 of the verifier: 43 characters. */
export const isValidCodeChallenge = (c: string) => /^[A-Za-z0-9_-]{43}$/.test(c);

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function verifyS256(verifier: string, challenge: string): boolean {
  const a = Buffer.from(s256(verifier));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
