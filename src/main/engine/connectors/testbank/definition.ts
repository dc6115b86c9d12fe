/** Catalogue entry of the Coffer Test Bank (see docs/api/providers-and-test-bank.md#test-bank). */
import { AUTHORIZATION_CODE_CREDENTIAL, STATE_CREDENTIAL } from '../consent-credentials';
import type { CredentialDefinition, ProviderDefinition } from '../types';

export const TEST_BANK_ID = '9000';
export const EMBEDDED_CHANNEL_ID = '900000';
export const REDIRECT_CHANNEL_ID = '900001';

/** Credential ids of the REDIRECT channel (the same as their types). */
export const AUTHORIZATION_CODE = 'AUTHORIZATION_CODE';
export const STATE = 'STATE';

export const SMS_CODE_FIELD: CredentialDefinition = {
  id: 'sms_code',
  label: 'Code received by SMS',
  label_fr: 'Code reçu par SMS',
  type: 'TEXT',
  encrypt: false,
  regexp: '^\\d{6}$',
};

export const testBankDefinition: ProviderDefinition = {
  id: TEST_BANK_ID,
  name: 'Coffer Test Bank',
  type: 'BANKING',
  country_code: 'FRA',
  base_url: 'https://testbank.coffer.invalid',
  logo: '9000.svg',
  channel_definitions: [
    {
      id: EMBEDDED_CHANNEL_ID,
      mode: 'EMBEDDED',
      account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
      interactive: true,
      credentials: [
        { id: 'login', label: 'Login', label_fr: 'Identifiant', type: 'TEXT', encrypt: false, regexp: '^.{1,64}$' },
        { id: 'password', label: 'Password', label_fr: 'Mot de passe', type: 'PWD', encrypt: true, regexp: '^.{1,128}$' },
      ],
      unavailable: false,
      capabilities: ['PFM_ACCOUNT'],
    },
    {
      id: REDIRECT_CHANNEL_ID,
      mode: 'REDIRECT',
      account_types: ['CHECKINGS', 'CREDIT_CARD'],
      interactive: true,
      credentials: [
        AUTHORIZATION_CODE_CREDENTIAL,
        STATE_CREDENTIAL,
      ],
      unavailable: false,
      capabilities: ['PFM_ACCOUNT'],
    },
  ],
};
