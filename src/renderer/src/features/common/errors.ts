import { ApiError } from '../../lib/api';
import { errorWords } from '../../lib/api/error-words';
import type { I18n, MessageKey } from '../../lib/i18n';

/**
 * A sentence for an error, in the app's language and the person's words: what happened and what to do next
 * (lib/api/error-words.ts), never the engine's own text. An error that is not an answer of the engine (a
 * fault of this window) gets the last resort, which says what to do too.
 */
export function errorMessage(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.isMissingRoute) return i18n.t('error.unavailable');
    const words = errorWords(err);
    return i18n.t(words.key as MessageKey, words.values);
  }
  return i18n.t('apierr.unknown');
}
