/**
 * Enable Banking failures → Coffer statuses (see docs/api/enablebanking.md#failures). Imported data always stays: these
 * only decide how the channel (ConnectorError) or one account (AccountError) ends, with Enable Banking's message kept.
 */
import { AccountError, ConnectorError } from '../types';
import { EbApiError } from './api';

const SESSION_ENDED = new Set(['EXPIRED_SESSION', 'REVOKED_SESSION', 'CLOSED_SESSION']);
const UNAVAILABLE = new Set(['ASPSP_RATE_LIMIT_EXCEEDED', 'ASPSP_ERROR', 'ASPSP_TIMEOUT', 'NON_JSON', 'NETWORK']);
const ACCOUNT_GONE = new Set(['ACCOUNT_DOES_NOT_EXIST', 'ASPSP_ACCOUNT_NOT_ACCESSIBLE', 'INVALID_ACCOUNT_ID']);

/** What a failed call means; `forAccount` ⇒ account-level codes become AccountError. */
export function failureOf(err: unknown, forAccount: boolean): Error {
  if (!(err instanceof EbApiError)) return err instanceof Error ? err : new Error(String(err));
  const m = err.message;
  if (SESSION_ENDED.has(err.code)) {
    return new ConnectorError('TOKEN_EXPIRED', `the bank consent has ended (${err.code}): renew it with a new authorization at the bank`);
  }
  if (err.code === 'TOO_LARGE') {
    return new ConnectorError(
      'SERVICE_UNAVAILABLE',
      `${m}, far more than any bank's data: Coffer stopped reading it and imported nothing from it; it asks again at the next synchronization`,
    );
  }
  if (err.code === 'UNAUTHORIZED_ACCESS') {
    return new ConnectorError('AUTH_FAILED', `Enable Banking refused the application key: check the application set in the settings (${m})`);
  }
  if (err.code === 'ASPSP_PSU_ACTION_REQUIRED') {
    return new ConnectorError('USER_ACTION_REQUIRED', `the bank asks you to act on its own site or app first (${m})`);
  }
  if (forAccount && ACCOUNT_GONE.has(err.code)) return new AccountError('NOT_FOUND', `the bank no longer gives this account (${m})`);
  if (UNAVAILABLE.has(err.code) || err.httpStatus === 429 || err.httpStatus === 408 || err.httpStatus >= 500) {
    return new ConnectorError('SERVICE_UNAVAILABLE', `the bank or Enable Banking is not available now, try later (${m})`);
  }
  if (err.httpStatus === 401 || err.httpStatus === 403) return new ConnectorError('AUTH_FAILED', m);
  return new ConnectorError('FAILED', m);
}
