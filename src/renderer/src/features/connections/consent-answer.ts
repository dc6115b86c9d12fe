import { consentErrorKind } from '../../../../shared/consent-redirect';
import { ApiError } from '../../lib/api';
import type { I18n } from '../../lib/i18n';
import { errorMessage } from '../common/errors';

/**
 * A bank consent page's error answer (`?error=…`) in a sentence that says what happened and what to do next;
 * the code appears only quoted inside the sentence, for the codes no sentence knows.
 */
export function consentAnswerMessage(i18n: I18n, code: string): string {
  const kind = consentErrorKind(code);
  return i18n.t(`consentAnswer.${kind}`, { code });
}

/** The sign-in page's error answer (the person denied, or the server could not sign them in). */
export function signInAnswerMessage(i18n: I18n, code: string): string {
  const kind = consentErrorKind(code);
  if (kind === 'refused') return i18n.t('signInAnswer.refused');
  if (kind === 'unavailable') return i18n.t('signInAnswer.unavailable');
  return i18n.t('signInAnswer.other', { code });
}

/**
 * The end of a consent in the person's words. The bank did approve: a refusal here is Coffer's (the engine
 * found the bank's answer unusable, 400) or a failure to save, never "the bank did not authorize".
 */
export function consentFailureMessage(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError && err.status === 400 && err.code === 'invalid_request') {
    return i18n.t('consentAnswer.notAccepted');
  }
  return i18n.t('consentAnswer.notSaved', { message: errorMessage(i18n, err) });
}
