import { ApiError } from '../../lib/api';
import type { I18n, MessageKey } from '../../lib/i18n';

const KNOWN = new Set([
  'conflict',
  'key_expired',
  'invalid_credentials_encryption',
  'secret_store_unavailable',
  'network_error',
  'not_found',
  'insufficient_scope',
]);

/** A sentence for an error, in the app's language. */
export function errorMessage(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.isMissingRoute) return i18n.t('error.unavailable');
    if (KNOWN.has(err.code)) return i18n.t(`error.${err.code}` as MessageKey);
    if (err.code === 'invalid_request') return i18n.t('error.invalid_request', { message: err.description });
    return i18n.t('error.generic', { message: err.description || err.code });
  }
  return i18n.t('error.generic', { message: err instanceof Error ? err.message : String(err) });
}
