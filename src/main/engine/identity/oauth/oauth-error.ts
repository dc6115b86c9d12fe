import { ApiError, type ErrorBody } from '../../http/errors';

/** RFC 6749 §5.2 (token endpoint) and §4.1.2.1 (authorization endpoint) error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'slow_down';

/**
 * An error of the authorization server. It is an ApiError so that the one error handler renders it, but its
 * body carries the RFC 6749 code instead of a C3 one (C4).
 */
export class OAuthError extends ApiError {
  constructor(
    readonly oauthCode: OAuthErrorCode,
    description: string,
    status = 400,
    headers: Record<string, string> = {},
    readonly extra: Record<string, string | number> = {},
  ) {
    super(status, 'invalid_request', description, undefined, headers);
  }

  override body(): ErrorBody {
    return { error: this.oauthCode, error_description: this.message, ...this.extra } as ErrorBody;
  }
}

export const invalidRequest = (d: string) => new OAuthError('invalid_request', d);
export const invalidGrant = (d: string) => new OAuthError('invalid_grant', d);
export const invalidScope = (d: string) => new OAuthError('invalid_scope', d);
export const unauthorizedClient = (d: string) => new OAuthError('unauthorized_client', d);

/** Too many failed logins: wait before trying again. */
export function slowDown(retryAfterMs: number): OAuthError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new OAuthError(
    'slow_down',
    `too many failed login attempts; try again in ${seconds} s`,
    429,
    { 'retry-after': String(seconds) },
    { retry_after: seconds },
  );
}
