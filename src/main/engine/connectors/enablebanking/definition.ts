import { AUTHORIZATION_CODE_CREDENTIAL, STATE_CREDENTIAL } from '../consent-credentials';
import type { ChannelDefinition, ProviderDefinition } from '../types';

/** The provider ids this connector's banks get: `97` + 4 digits (e.g. 970001; REDIRECT definition 97000101). */
export const ENABLE_BANKING_ID_PREFIX = '97';
export const CONFIGURATION_NAME = 'enablebanking';
/** Generic logo of the banks (resources/logos): the ASPSPs' own logos are remote and not fetched. */
export const GENERIC_LOGO = 'enablebanking-bank.svg';

/**
 * The REDIRECT channel of every Enable Banking bank, as the test bank's (see
 * docs/api/providers-and-test-bank.md#test-bank and docs/api/enablebanking.md): AUTHORIZATION_CODE + STATE.
 */
export const REDIRECT_CHANNEL: ChannelDefinition = {
  id: '01',
  mode: 'REDIRECT',
  account_types: ['CHECKINGS', 'SAVINGS', 'CREDIT_CARD', 'LOAN'],
  interactive: true,
  credentials: [
    AUTHORIZATION_CODE_CREDENTIAL,
    STATE_CREDENTIAL,
  ],
  unavailable: false,
  capabilities: ['PFM_ACCOUNT'],
};

/** A template only (dynamic connector): each bank is a provider of its own. */
export const enableBankingDefinition: ProviderDefinition = {
  id: ENABLE_BANKING_ID_PREFIX,
  name: 'Enable Banking',
  type: 'BANKING',
  country_code: 'FIN',
  base_url: 'https://enablebanking.com',
  logo: GENERIC_LOGO,
  channel_definitions: [REDIRECT_CHANNEL],
};
