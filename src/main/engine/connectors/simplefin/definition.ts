/**
 * Catalogue entry of the SimpleFIN Bridge (provider 9600, docs/api/simplefin.md): one EMBEDDED channel definition
 * covering the four account types, whose only credential is the one-time setup token the person creates at
 * the Bridge. The token travels encrypted (JWE) to the engine; once claimed it is replaced in the keychain
 * by the access URL the claim returns (see index.ts).
 */
import type { ProviderDefinition } from '../types';

export const SIMPLEFIN_PROVIDER_ID = '9600';
export const SIMPLEFIN_CHANNEL_ID = '960000';
/** The credential the person pastes. */
export const SETUP_TOKEN = 'setup_token';
/** What the keychain keeps after the claim (never a credential a client sends). */
export const ACCESS_URL = 'access_url';

export const simplefinDefinition: ProviderDefinition = {
  id: SIMPLEFIN_PROVIDER_ID,
  name: 'SimpleFIN Bridge',
  type: 'BANKING',
  country_code: 'USA',
  base_url: 'https://beta-bridge.simplefin.org',
  logo: '9600.svg',
  channel_definitions: [
    {
      id: SIMPLEFIN_CHANNEL_ID,
      mode: 'EMBEDDED',
      account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
      interactive: false,
      credentials: [
        {
          id: SETUP_TOKEN,
          label: 'SimpleFIN setup token',
          label_fr: 'Jeton de configuration SimpleFIN',
          type: 'PWD',
          encrypt: true,
          // base64 text, possibly wrapped on several lines by the person's copy and paste; the full check
          // (it must decode to an https claim URL) is validateCredentials in index.ts.
          regexp: '^[A-Za-z0-9+/=_\\-\\s]{8,4096}$',
        },
      ],
      unavailable: false,
      capabilities: ['PFM_ACCOUNT'],
    },
  ],
};
