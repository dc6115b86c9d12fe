import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/renderer/core/api/errors';
import { consentFailureMessage } from '../../../src/renderer/src/features/connections/consent-answer';
import type { I18n } from '../../../src/renderer/src/lib/i18n';
import { translate, type Language } from '../../../src/renderer/src/lib/i18n/translate';

const i18n = (lang: Language) => ({ lang, t: (key, vars) => translate(lang, key, vars) }) as I18n;

describe('a consent the bank approved but Coffer could not finish (issue 19)', () => {
  it('a bank answer the engine refuses is said as Coffer’s refusal, never as the bank’s, in en and fr', () => {
    const refused = new ApiError(
      400,
      'invalid_request',
      'credential AUTHORIZATION_CODE does not match the expected format of channel definition 900001',
    );
    const en = consentFailureMessage(i18n('en'), refused);
    expect(en).toBe(
      'Your bank approved the connection, but Coffer could not accept its answer, so nothing was connected. Start again; if it happens again, this bank may not work with Coffer yet.',
    );
    expect(en).not.toContain('AUTHORIZATION_CODE');
    expect(consentFailureMessage(i18n('fr'), refused)).toContain('Votre banque a approuvé la connexion');
  });

  it('any other failure says the bank approved and what Coffer could not do', () => {
    const locked = new ApiError(503, 'secret_store_unavailable', 'no OS keychain');
    expect(consentFailureMessage(i18n('en'), locked)).toMatch(/^Your bank approved the connection, but Coffer could not save it: /);
  });
});
