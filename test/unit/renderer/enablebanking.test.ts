import { describe, expect, it } from 'vitest';
import {
  ENABLE_BANKING_REDIRECT_URL,
  enableBankingRedirectUri,
  isEnableBankingProvider,
} from '../../../src/renderer/src/features/connections/enablebanking';
import {
  applicationIdFromFileName,
  looksLikePrivateKey,
} from '../../../src/renderer/src/features/settings/enablebanking/pem';

const app = (redirect_urls: string[]) => ({
  application_id: 'a',
  name: 'My Coffer',
  environment: 'PRODUCTION',
  active: true,
  redirect_urls,
  countries: ['FR'],
});

describe('Enable Banking in the app', () => {
  it('uses Coffer’s redirect URL when the application lists it (or lists none), else the first listed', () => {
    expect(enableBankingRedirectUri(null)).toBe(ENABLE_BANKING_REDIRECT_URL);
    expect(enableBankingRedirectUri(app([]))).toBe(ENABLE_BANKING_REDIRECT_URL);
    expect(enableBankingRedirectUri(app(['https://x.example/cb', ENABLE_BANKING_REDIRECT_URL]))).toBe(
      ENABLE_BANKING_REDIRECT_URL,
    );
    expect(enableBankingRedirectUri(app(['https://x.example/cb']))).toBe('https://x.example/cb');
    // The .invalid domain never resolves: the code in the address reaches no server.
    expect(new URL(ENABLE_BANKING_REDIRECT_URL).hostname.endsWith('.invalid')).toBe(true);
  });

  it('tells Enable Banking providers by their base URL or id', () => {
    expect(isEnableBankingProvider({ id: '9000', base_url: 'https://testbank.coffer.local' })).toBe(false);
    expect(isEnableBankingProvider({ id: 'x', base_url: 'https://api.enablebanking.com' })).toBe(true);
    expect(isEnableBankingProvider({ id: 'enablebanking-fr-1', base_url: 'http://127.0.0.1:1234' })).toBe(true);
    expect(isEnableBankingProvider(undefined)).toBe(false);
  });

  it('checks the key file in the page and reads the application id from its name', () => {
    expect(looksLikePrivateKey('-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n')).toBe(true);
    expect(looksLikePrivateKey('-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----')).toBe(true);
    expect(looksLikePrivateKey('-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----')).toBe(false);
    expect(looksLikePrivateKey('hello')).toBe(false);
    expect(applicationIdFromFileName('0377783C-3414-4bb1-a7d4-0c3eb54cd4b0.pem')).toBe(
      '0377783c-3414-4bb1-a7d4-0c3eb54cd4b0',
    );
    expect(applicationIdFromFileName('0377783c-3414-4bb1-a7d4-0c3eb54cd4b0 (1).pem')).toBe(
      '0377783c-3414-4bb1-a7d4-0c3eb54cd4b0',
    );
    expect(applicationIdFromFileName('private.pem')).toBeNull();
  });
});

describe('country names of the catalogue', () => {
  it('names alpha-3 and alpha-2 codes in the language, and keeps unknown codes', async () => {
    const { countryName } = await import('../../../src/renderer/src/features/common/countries');
    expect(countryName('FRA', 'en')).toBe('France');
    expect(countryName('DEU', 'fr')).toBe('Allemagne');
    expect(countryName('FR', 'en')).toBe('France');
    expect(countryName('XXX', 'en')).toBe('XXX');
  });
});
