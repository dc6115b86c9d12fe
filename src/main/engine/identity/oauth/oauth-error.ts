import { DomainError } from '../../domain/errors';

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
 * An error of the authorization server, answered with RFC 6749's body (`error` is the OAuth code, plus any
 * extra fields) instead of the API's error codes. It says which status and headers it wants; the HTTP edge's
 * one error handler writes it (http/error-handler.ts), so identity/ knows nothing of HTTP replies.
 */
export class OAuthError extends DomainError {
  constructor(
    readonly oauthCode: OAuthErrorCode,
    description: string,
    readonly statusCode = 400,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, string | number> = {},
  ) {
    super(description);
  }

  /** The RFC 6749 error body. */
  body(): { error: OAuthErrorCode; error_description: string } & Record<string, string | number> {
    return { error: this.oauthCode, error_description: this.message, ...this.extra };
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
