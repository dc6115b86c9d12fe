import { describe, expect, it } from 'vitest';
import {
  checkConsentRedirect,
  consentErrorKind,
  isRedirectTarget,
  isRefusal,
  readConsentAnswer,
} from '../../../src/shared/consent-redirect';

const REDIRECT = 'https://coffer.invalid/enablebanking/callback';
const expected = { redirectUri: REDIRECT, state: 'st-123' };

describe('the redirect URL a bank sends back to', () => {
  it('is recognised by scheme, host, port and path, whatever the query', () => {
    expect(isRedirectTarget(`${REDIRECT}?code=a&state=b`, REDIRECT)).toBe(true);
    expect(isRedirectTarget(`${REDIRECT}/?code=a`, REDIRECT)).toBe(true);
    expect(isRedirectTarget('https://coffer.invalid/enablebanking/callback#x', REDIRECT)).toBe(true);
    expect(isRedirectTarget('http://coffer.invalid/enablebanking/callback?code=a', REDIRECT)).toBe(false);
    expect(isRedirectTarget('https://coffer.invalid:8443/enablebanking/callback', REDIRECT)).toBe(false);
    expect(isRedirectTarget('https://coffer.invalid/enablebanking/callback2', REDIRECT)).toBe(false);
    expect(isRedirectTarget('https://coffer.invalid.evil.example/enablebanking/callback', REDIRECT)).toBe(false);
    expect(isRedirectTarget('javascript:alert(1)', REDIRECT)).toBe(false);
    expect(isRedirectTarget('not a url', REDIRECT)).toBe(false);
  });

  it('carries the code and state, or the error', () => {
    expect(readConsentAnswer(`${REDIRECT}?code=c1&state=s1`)).toEqual({ kind: 'code', code: 'c1', state: 's1' });
    expect(readConsentAnswer(`${REDIRECT}?error=access_denied&error_description=User%20cancelled&state=s1`)).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'User cancelled',
      state: 's1',
    });
    // Some banks answer in the fragment.
    expect(readConsentAnswer(`${REDIRECT}#code=c2&state=s2`)).toEqual({ kind: 'code', code: 'c2', state: 's2' });
    // A code with no state cannot be tied to an attempt.
    expect(readConsentAnswer(`${REDIRECT}?code=c1`)).toBeNull();
    expect(readConsentAnswer(REDIRECT)).toBeNull();
    expect(readConsentAnswer(`${REDIRECT}?code=${'x'.repeat(5000)}&state=s`)).toBeNull();
  });
});

describe('a pasted address', () => {
  it('gives the code when it is the redirect URL with this attempt’s state', () => {
    expect(checkConsentRedirect(`  ${REDIRECT}?code=abc&state=st-123\n`, expected)).toEqual({
      kind: 'code',
      code: 'abc',
      state: 'st-123',
    });
  });

  it('says what is wrong with it otherwise', () => {
    expect(checkConsentRedirect('', expected)).toEqual({ kind: 'problem', problem: 'not_a_url' });
    expect(checkConsentRedirect('abc', expected)).toEqual({ kind: 'problem', problem: 'not_a_url' });
    expect(checkConsentRedirect('ftp://coffer.invalid/enablebanking/callback?code=a&state=st-123', expected)).toEqual({
      kind: 'problem',
      problem: 'not_a_url',
    });
    expect(checkConsentRedirect('https://bank.example/login?code=a&state=st-123', expected)).toEqual({
      kind: 'problem',
      problem: 'wrong_address',
    });
    expect(checkConsentRedirect(REDIRECT, expected)).toEqual({ kind: 'problem', problem: 'no_answer' });
    expect(checkConsentRedirect(`${REDIRECT}?code=abc&state=other`, expected)).toEqual({
      kind: 'problem',
      problem: 'state_mismatch',
    });
  });

  it('reports a refusal even without state', () => {
    const answer = checkConsentRedirect(`${REDIRECT}?error=access_denied`, expected);
    expect(answer).toEqual({ kind: 'error', error: 'access_denied' });
    expect(isRefusal('access_denied')).toBe(true);
    expect(isRefusal('server_error')).toBe(false);
  });
});

describe('what an error answer means for the person', () => {
  it('sorts the RFC 6749 codes into refused, unavailable and rejected, and anything else into unknown', () => {
    expect(consentErrorKind('access_denied')).toBe('refused');
    expect(consentErrorKind('interaction_required')).toBe('refused');
    expect(consentErrorKind('temporarily_unavailable')).toBe('unavailable');
    expect(consentErrorKind('server_error')).toBe('unavailable');
    expect(consentErrorKind('invalid_scope')).toBe('rejected');
    expect(consentErrorKind('unauthorized_client')).toBe('rejected');
    expect(consentErrorKind('weird_bank_code')).toBe('unknown');
    expect(consentErrorKind('')).toBe('unknown');
    expect(consentErrorKind(null)).toBe('unknown');
  });
});
