/**
 * Signed responses (docs/api/signed-responses.md). `sign_response=true` on a request turns its
 * answer, whenever it has a body (every GET and every non-204 answer, errors included), into
 * `{"token": <JWS>}`: ES256 compact JWS, protected header {alg, kid, typ: "JWT", key_url}, payload
 * {request_url, response_timestamp, response_payload}. Off unless asked.
 *
 * Two hooks: `onRequest` takes the parameter out of the URL and the parsed query (routes with strict query
 * schemas never see it) and remembers the choice; `onSend` signs. Installed once, on the root instance
 * (routes/sign-keys.ts). Each answer is signed at most once, whatever the hooks a route inherits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EngineContext } from '../context';
import { DomainError } from '../domain/errors';
import { parseSignParam } from '../signing/sign-param';
import { domainErrorToApiError } from './error-handler';
import { ApiError, badRequest } from './errors';

const kSign = Symbol('coffer.signResponse');

interface SignState {
  /** The request URL without sign_response: host from the Host header, path and the other parameters. */
  requestUrl: string;
  /** Set once the answer is signed: a route that inherited the hooks twice is signed once. */
  done?: boolean;
}

type Flagged = FastifyRequest & { [kSign]?: SignState | null };

function requestUrlOf(request: FastifyRequest, pathAndQuery: string, ctx: EngineContext): string {
  const host = request.headers.host;
  return host ? `http://${host}${pathAndQuery}` : `${ctx.urls.host_url}${pathAndQuery}`;
}

function stateOf(request: Flagged, ctx: EngineContext): SignState | null {
  const known = request[kSign];
  if (known !== undefined) return known;
  // The request failed before our onRequest hook ran (Host, Origin or token checks): read the URL now.
  const param = parseSignParam(request.raw.url ?? '/');
  return param.sign ? { requestUrl: requestUrlOf(request, param.url, ctx) } : null;
}

function isStream(payload: unknown): boolean {
  return !!payload && typeof (payload as { pipe?: unknown }).pipe === 'function';
}

export function installSignedResponses(app: FastifyInstance, ctx: EngineContext): void {
  app.addHook('onRequest', async (request: Flagged) => {
    if (request[kSign] !== undefined) return;
    const rawUrl = request.raw.url ?? '/';
    const param = parseSignParam(rawUrl);
    if (param.invalid !== undefined || param.sign !== undefined) {
      request.raw.url = param.url;
      const query = request.query as Record<string, unknown> | undefined;
      if (query && typeof query === 'object') delete query.sign_response;
    }
    request[kSign] = param.sign ? { requestUrl: requestUrlOf(request, param.url, ctx) } : null;
    if (param.invalid !== undefined) {
      throw badRequest(
        `query parameter sign_response must be true or false, got ${JSON.stringify(param.invalid.slice(0, 20))}`,
      );
    }
    // Refuse before the route acts (no queue made, no key rotated…) when the answer could not be signed.
    if (param.sign) ctx.signingKeys.signingKey();
  });

  app.addHook('onSend', async (request: Flagged, reply: FastifyReply, payload: unknown) => {
    const state = stateOf(request, ctx);
    if (!state || state.done) return payload;
    request[kSign] = state;
    state.done = true;
    if (
      reply.statusCode === 204 ||
      reply.statusCode === 304 ||
      payload === null ||
      payload === undefined ||
      isStream(payload)
    )
      return payload;
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload);
    if (text === '') return payload;
    let body: unknown = text;
    if (/json/i.test(String(reply.getHeader('content-type') ?? ''))) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    let token: string;
    try {
      token = await ctx.signingKeys.sign({
        request_url: state.requestUrl,
        response_timestamp: ctx.now(),
        response_payload: body,
      });
    } catch (err) {
      const api = err instanceof DomainError ? domainErrorToApiError(err) : err instanceof ApiError ? err : null;
      if (!api) throw err;
      // No keychain, no signature: the answer becomes the 503 (unsigned: nothing can sign it).
      reply.code(api.statusCode);
      reply.type('application/json; charset=utf-8');
      reply.removeHeader('content-length');
      reply.removeHeader('location');
      return JSON.stringify(api.body());
    }
    reply.type('application/json; charset=utf-8');
    reply.removeHeader('content-length');
    return JSON.stringify({ token });
  });
}
