import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/shared/html';
import { firstSupportedLanguage, languageOfTag, preferredLanguage } from '../../../src/shared/language';
import { isAcceptableRedirectUri, withResultParams } from '../../../src/shared/redirect-uri';
import { widgetPage } from '../../../src/shared/widget-pages';
import { languageParam, pickLanguage, readParams } from '../../../src/renderer/widget/lib/params';

describe('languages', () => {
  it('reads a tag by the part before its region', () => {
    expect(['en', 'en-GB', 'fr_FR', 'FR', ' fr-ca '].map(languageOfTag)).toEqual(['en', 'en', 'fr', 'fr', 'fr']);
    expect(languageOfTag('de')).toBeUndefined();
    expect(languageOfTag(null)).toBeUndefined();
  });

  it('takes the supported language Accept-Language prefers (q values, q=0 refused, first on a tie)', () => {
    expect(preferredLanguage('de-DE,de;q=0.9,en;q=0.5,fr;q=0.7')).toBe('fr');
    expect(preferredLanguage('fr;q=0, en;q=0.1')).toBe('en');
    expect(preferredLanguage('en-US, fr')).toBe('en');
    expect(preferredLanguage(['de', 'fr;q = 0.3'])).toBe('fr');
    expect(preferredLanguage('de, it')).toBeUndefined();
    expect(preferredLanguage(undefined)).toBeUndefined();
  });

  it('the widget: lng, else locale, else the browser, else French', () => {
    expect(languageParam(new URLSearchParams('locale=en_US'))).toBe('en');
    expect(languageParam(new URLSearchParams('lng=de&locale=fr_FR'))).toBe('fr');
    expect(pickLanguage(undefined, ['de', 'en-GB'])).toBe('en');
    expect(pickLanguage(undefined, ['de'])).toBe('fr');
    expect(firstSupportedLanguage([])).toBeUndefined();
  });
});

describe('widget pages', () => {
  it('accepts both spellings of professional-account, and only own names', () => {
    expect(widgetPage('professional-account')).toBe('professional_account');
    expect(widgetPage('constructor')).toBeUndefined();
    const params = readParams(
      new URL('http://127.0.0.1/embed/widget/manage_accounts?session_id=s&redirect_url=http://x/'),
    );
    expect(params).toMatchObject({ page: 'manage_accounts', base: '/embed', sessionId: 's', redirectUri: 'http://x/' });
  });
});

describe('redirect URIs and HTML', () => {
  it('accepts absolute http(s) URLs without fragment or user info, at most 2048 characters', () => {
    expect(isAcceptableRedirectUri('http://127.0.0.1:8080/cb?x=1')).toBe(true);
    expect(isAcceptableRedirectUri('https://app.example/cb#frag')).toBe(false);
    expect(isAcceptableRedirectUri('https://user:pw@app.example/cb')).toBe(false);
    expect(isAcceptableRedirectUri('javascript:alert(1)')).toBe(false);
    expect(isAcceptableRedirectUri('/relative')).toBe(false);
    expect(isAcceptableRedirectUri(`https://a.example/${'x'.repeat(2048)}`)).toBe(false);
    expect(withResultParams('http://a.example/cb?k=1', { result: 'success', error: undefined })).toBe(
      'http://a.example/cb?k=1&result=success',
    );
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});
