import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, NotFound, Conflict, InvalidInput, KeyExpired, InvalidCredentialsEncryption, SecretStoreUnavailable, Unauthenticated, DiskFull } from '../domain/errors';
import { storageProblemOf } from '../domain/storage-errors';
import { OAuthError } from '../identity/oauth/oauth-error';
import { ApiError, invalidToken, type ErrorBody } from './errors';
import { diskFull, type StorageGate } from './storage-gate';

/**
 * Maps every failure to the error body (docs/api/errors.md#body). Nothing unexpected leaves the process as anything but
 * a clean 500.
 */
export function installErrorHandler(app: FastifyInstance, gate?: StorageGate): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = storageProblemOf(err);
    // A full disk or a damaged database is the person's to fix: said as what it is (and logged), not a 500.
    if (problem) request.log.error({ err, problem }, 'storage failure');
    const api = problem ? (gate?.answerFor(problem) ?? (problem === 'disk_full' ? diskFull() : null)) : toApiError(err);
    if (api) {
      for (const [name, value] of Object.entries(api.headers)) reply.header(name, value);
      return reply.status(api.statusCode).send(api.body());
    }
    // Unexpected: log with the correlation id, answer without internals.
    request.log.error({ err, correlation_id: request.id }, 'unexpected error');
    reply.header('x-correlation-id', request.id);
    return reply.status(500).send({
      error: 'internal_error',
      error_description: `unexpected error; correlation id ${request.id}`,
    });
  });
}

/** The one place where a domain refusal becomes an HTTP status and an error code. */
export function domainErrorToApiError(err: DomainError): ApiError {
  if (err instanceof OAuthError) return new OAuthAnswer(err);
  if (err instanceof NotFound) return new ApiError(404, 'not_found', err.message, err.resourceId);
  if (err instanceof Conflict) return new ApiError(409, 'conflict', err.message, err.resourceId);
  if (err instanceof KeyExpired) return new ApiError(400, 'key_expired', err.message, err.resourceId);
  if (err instanceof InvalidCredentialsEncryption) return new ApiError(400, 'invalid_credentials_encryption', err.message, err.resourceId);
  if (err instanceof SecretStoreUnavailable) return new ApiError(503, 'secret_store_unavailable', err.message);
  if (err instanceof Unauthenticated) return invalidToken(err.message);
  // The same answer as a write that found the disk full (storage-gate.ts): the data is as it was.
  if (err instanceof DiskFull) return diskFull();
  if (err instanceof InvalidInput) return new ApiError(400, 'invalid_request', err.message, err.resourceId);
  return new ApiError(400, 'invalid_request', err.message, err.resourceId);
}

function toApiError(err: FastifyError): ApiError | null {
  if (err instanceof ApiError) return err;
  if ((err as unknown) instanceof DomainError) return domainErrorToApiError(err as unknown as DomainError);
  if (err.validation) {
    const where = err.validationContext ?? 'request';
    const first = err.validation[0];
    const path = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
    const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = missing ?? path;
    const detail = first?.message ?? err.message;
    return new ApiError(400, 'invalid_request', `${where}${field ? `.${field}` : ''} ${detail}`.trim());
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'payload_too_large', 'the request body is larger than allowed (1 MiB)');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(400, 'invalid_request', 'unsupported Content-Type: send application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_request', 'the JSON body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_request', 'the body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'invalid_request', 'Content-Length does not match the body');
  }
  if (err instanceof SyntaxError) return new ApiError(400, 'invalid_request', 'the body is not valid JSON');
  const status = err.statusCode ?? 500;
  if (status === 403 || status === 404) return new ApiError(404, 'not_found', 'not found');
  if (status >= 400 && status < 500) return new ApiError(400, 'invalid_request', err.message);
  return null;
}

/** An error of the authorization server keeps its own status, headers and RFC 6749 body. */
class OAuthAnswer extends ApiError {
  constructor(private readonly oauth: OAuthError) {
    super(oauth.statusCode, 'invalid_request', oauth.message, undefined, oauth.headers);
  }

  override body(): ErrorBody {
    return this.oauth.body();
  }
}
