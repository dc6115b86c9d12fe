/**
 * Catalogue entry of the Coffer Legacy Bank (provider 9100): a bank in the state a roll-out
 * starts from (docs/api/rollout.md#steps) — one EMBEDDED channel definition covering all four account types, and a
 * REDIRECT (PSD2) definition that exists but stays unavailable until the REDIRECT roll-out (see
 * docs/api/rollout.md#steps) opens it.
 */
import type { ProviderDefinition } from '../../types';
import { testBankDefinition } from '..';

export const LEGACY_BANK_ID = '9100';
export const LEGACY_EMBEDDED_ID = '910000';
export const LEGACY_REDIRECT_ID = '910001';

const [embedded, redirect] = ['EMBEDDED', 'REDIRECT'].map((mode) =>
  testBankDefinition.channel_definitions.find((d) => d.mode === mode)!,
);

export const legacyBankDefinition: ProviderDefinition = {
  id: LEGACY_BANK_ID,
  name: 'Coffer Legacy Bank',
  type: 'BANKING',
  country_code: 'FRA',
  base_url: 'https://legacybank.coffer.invalid',
  logo: testBankDefinition.logo,
  channel_definitions: [
    {
      ...embedded,
      id: LEGACY_EMBEDDED_ID,
      account_types: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
      unavailable: false,
    },
    // Seeding never changes `unavailable` or `account_types` of an existing definition: the roll-out owns them.
    { ...redirect, id: LEGACY_REDIRECT_ID, account_types: ['CHECKINGS', 'CREDIT_CARD'], unavailable: true },
  ],
};
