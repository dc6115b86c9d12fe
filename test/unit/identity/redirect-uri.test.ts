import { describe, expect, it } from 'vitest';
import {
  isLoopbackRedirectUri,
  redirectUriAllowed,
  registrableRedirectUriProblem,
} from '../../../src/main/engine/domain/redirect-uri';

describe('loopback redirect URIs (RFC 8252 §7.3)', () => {
  it.each([
    ['http://127.0.0.1:53111/callback', true],
    ['http://127.0.0.1/cb', true],
    ['http://[::1]:8080/cb', true],
    ['http://localhost:3000/cb?x=1', true],
    ['https://127.0.0.1:53111/callback', false],
    ['http://127.0.0.2:80/cb', false],
    ['http://example.com/cb', false],
    ['http://user:pw@127.0.0.1:1/cb', false],
    ['http://127.0.0.1:1/cb#frag', false],
    ['http://localhost.evil.com/cb', false],
    ['not a uri', false],
  ])('%s → %s', (uri, ok) => {
    expect(isLoopbackRedirectUri(uri)).toBe(ok);
  });

  it('accepts other URIs only when registered, exactly', () => {
    const registered = ['https://app.example.com/cb'];
    expect(redirectUriAllowed('https://app.example.com/cb', registered)).toBe(true);
    expect(redirectUriAllowed('https://app.example.com/cb/', registered)).toBe(false);
    expect(redirectUriAllowed('https://app.example.com/cb?x=1', registered)).toBe(false);
    expect(redirectUriAllowed('http://127.0.0.1:9/anything', registered)).toBe(true);
  });
});

describe('registrable redirect URIs', () => {
  it.each([
    'https://app.example.com/cb',
    'http://127.0.0.1:8000/cb',
    'http://localhost/cb',
    'com.example.app:/oauth2redirect',
  ])('accepts %s', (uri) => expect(registrableRedirectUriProblem(uri)).toBeNull());
  it.each([
    'http://example.com/cb',
    'https://app.example.com/cb#x',
    'https://u:p@example.com/',
    'javascript:alert(1)',
    'myapp:/cb',
    'relative/cb',
    '',
    42,
  ])('refuses %j', (uri) => expect(registrableRedirectUriProblem(uri)).toEqual(expect.any(String)));
});
