/**
 * The two credentials of every REDIRECT (PSD2) channel: the authorization code the bank sends back after the
 * person's consent, and the state that comes back with it.
 *
 * A bank decides how long its codes are: the test bank's code carries the chosen accounts (2,748 characters
 * for the 120 accounts of `user_many`), and real banks send signed tokens. Both values are accepted up to
 * 16 KiB (16,384 characters, also the API's limit for any credential value), far above any code seen, and
 * bounded all the same. The code may hold any visible ASCII character (base64 codes carry `+`, `/` and `=`);
 * neither value may hold a line break or another control character.
 */
import type { CredentialDefinition } from './types';

export const CONSENT_ANSWER_MAX_LENGTH = 16_384;

export const AUTHORIZATION_CODE_CREDENTIAL: CredentialDefinition = {
  id: 'AUTHORIZATION_CODE',
  label: 'Authorization code',
  label_fr: "Code d'autorisation",
  type: 'AUTHORIZATION_CODE',
  encrypt: false,
  regexp: `^[\\x21-\\x7E]{1,${CONSENT_ANSWER_MAX_LENGTH}}$`,
};

export const STATE_CREDENTIAL: CredentialDefinition = {
  id: 'STATE',
  label: 'State',
  label_fr: 'État',
  type: 'STATE',
  encrypt: false,
  regexp: `^[^\\x00-\\x1F\\x7F]{1,${CONSENT_ANSWER_MAX_LENGTH}}$`,
};
