import { consentErrorKind } from '../../../shared/consent-redirect';
import { ApiError } from './api';
import type { Translate } from './i18n';

/** An API failure in words for the user (the technical description stays in a detail line). */
export function errorText(t: Translate, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('error.network');
    if (err.code === 'insufficient_scope') return t('error.scope');
    return t('error.generic', { detail: err.message });
  }
  return t('error.generic', { detail: (err as Error)?.message ?? String(err) });
}

/** A bank consent page's error answer (`?error=…`) in words, with what to do next; never the bare code. */
export function consentAnswerText(t: Translate, code: string): string {
  const kind = consentErrorKind(code);
  if (kind === 'refused') return t('redirect.denied');
  if (kind === 'unavailable') return t('redirect.unavailable');
  return t(kind === 'rejected' ? 'redirect.rejected' : 'redirect.unknown', { code });
}
