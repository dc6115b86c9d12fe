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
