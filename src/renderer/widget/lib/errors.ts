import { consentErrorKind } from '../../../shared/consent-redirect';
import { ApiError } from './api';
import { refusalWords } from '../../core/api/error-words';
import type { TextKey, Translate } from './i18n';

/**
 * An API failure in the person's words, with what to do next: a refusal the engine words for developers gets
 * its sentence (core/api/error-words.ts, the same as in the app), anything else the widget's own sentence;
 * never the engine's text.
 */
export function errorText(t: Translate, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('error.network');
    if (err.code === 'insufficient_scope') return t('error.scope');
    const refusal = refusalWords(err.description);
    if (refusal) return t(refusal.key as TextKey, refusal.values);
  }
  return t('error.generic');
}

/** A bank consent page's error answer (`?error=…`) in words, with what to do next; never the bare code. */
export function consentAnswerText(t: Translate, code: string): string {
  const kind = consentErrorKind(code);
  if (kind === 'refused') return t('redirect.denied');
  if (kind === 'unavailable') return t('redirect.unavailable');
  return t(kind === 'rejected' ? 'redirect.rejected' : 'redirect.unknown', { code });
}
