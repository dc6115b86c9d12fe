import { describe, expect, it } from 'vitest';
import {
  isValidCodeChallenge,
  isValidCodeVerifier,
  s256,
  verifyS256,
} from '../../../src/main/engine/identity/oauth/pkce';

describe('PKCE S256', () => {
  // RFC 7636 Appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('computes the RFC 7636 example', () => {
    expect(s256(verifier)).toBe(challenge);
    expect(verifyS256(verifier, challenge)).toBe(true);
    expect(verifyS256(verifier.replace('d', 'e'), challenge)).toBe(false);
    expect(verifyS256(verifier, challenge.slice(1))).toBe(false);
  });

  it.each([
    ['a'.repeat(43), true],
    ['a'.repeat(128), true],
    ['a'.repeat(42), false],
    ['a'.repeat(129), false],
    ['A-._~0'.repeat(8), true],
    [`${'a'.repeat(42)}+`, false],
  ])('verifier %s valid: %s', (v, ok) => expect(isValidCodeVerifier(v)).toBe(ok));

  it('challenges are 43 base64url characters', () => {
    expect(isValidCodeChallenge(challenge)).toBe(true);
    expect(isValidCodeChallenge(`${challenge}=`)).toBe(false);
    expect(isValidCodeChallenge(challenge.replace('-', '+'))).toBe(false);
  });
});
