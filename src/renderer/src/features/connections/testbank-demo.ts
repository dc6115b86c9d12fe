/** The simulated bank that is always in the catalogue (provider 9000). */
export const TEST_BANK_PROVIDER_ID = '9000';
/** The password every demo login of the test bank takes. */
export const DEMO_PASSWORD = 'pass_ok';

/**
 * The test bank's documented logins (its README in src/main/engine/connectors/testbank: the login chooses the
 * scenario), the ones worth trying first, with the scenario each one plays. Any other login behaves as user_ok.
 */
export const DEMO_LOGINS = [
  { login: 'user_ok', scenario: 'ok' },
  { login: 'user_challenge', scenario: 'challenge' },
  { login: 'user_many', scenario: 'many' },
  { login: 'user_partial', scenario: 'partial' },
  { login: 'user_pro', scenario: 'pro' },
  { login: 'user_password_change', scenario: 'password_change' },
  { login: 'user_unavailable', scenario: 'unavailable' },
  { login: 'user_big', scenario: 'big' },
  { login: 'user_ok_uk', scenario: 'ok' },
] as const;
