/** The error body (docs/api/errors.md#body) and the errors that produce it. */

export type ErrorCode =
  | 'invalid_request'
  | 'key_expired'
  | 'invalid_credentials_encryption'
  | 'invalid_token'
  | 'terms_not_accepted'
  | 'insufficient_scope'
  | 'origin_not_allowed'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'misdirected_request'
  | 'internal_error'
  | 'secret_store_unavailable';

export interface ErrorBody {
  error: string;
  error_description: string;
  id?: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    description: string,
    readonly resourceId?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }

  /**
   * What was sent is echoed at most in part: a description is cut at 500 characters and an id at 100 (a
   * 1 MB id must not come back as a 2 MB error body).
   */
  body(): ErrorBody {
    const body: ErrorBody = { error: this.code, error_description: cut(this.message, MAX_DESCRIPTION) };
    if (this.resourceId !== undefined) body.id = cut(this.resourceId, MAX_ID);
    return body;
  }
}

const MAX_DESCRIPTION = 500;
const MAX_ID = 100;
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const badRequest = (description: string, id?: string) =>
  new ApiError(400, 'invalid_request', description, id);

export const notFound = (what: string, id?: string) =>
  new ApiError(404, 'not_found', id === undefined ? `${what} not found` : `${what} ${id} not found`, id);

export const conflict = (description: string) => new ApiError(409, 'conflict', description);

export const invalidToken = (description = 'missing or invalid access token') =>
  new ApiError(401, 'invalid_token', description, undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });

export const termsNotAccepted = () =>
  new ApiError(
    401,
    'terms_not_accepted',
    'the user must accept the current terms and conditions (POST /users/me/terms or the widget terms page)',
    undefined,
    { 'www-authenticate': 'Bearer error="terms_not_accepted"' },
  );

export const insufficientScope = (scopes: readonly string[]) =>
  new ApiError(403, 'insufficient_scope', `this operation needs one of the scopes: ${scopes.join(' ')}`, undefined, {
    'www-authenticate': `Bearer error="insufficient_scope", scope="${scopes.join(' ')}"`,
  });

export const secretStoreUnavailable = (detail: string) =>
  new ApiError(
    503,
    'secret_store_unavailable',
    `no OS keychain is available to keep the credentials (${detail}); nothing was stored`,
  );
