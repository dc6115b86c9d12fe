import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route also accepts application/x-www-form-urlencoded bodies (token endpoint, widget session: see
     * docs/api/request-bodies.md#json).
     */
    acceptsForm?: boolean;
  }
}

const unsupported = () => new ApiError(400, 'invalid_request', 'unsupported Content-Type: send application/json');

/**
 * Request bodies (docs/api/request-bodies.md#json): JSON everywhere; forms only where a route opts in. An empty body is
 * "no body" whatever its Content-Type (axios sends `application/x-www-form-urlencoded` with an empty POST, others JSON
 * or text/plain): routes that need a body say so in their schema. A non-empty body of another type is refused.
 */
export async function installBodyParsers(app: FastifyInstance, bodyLimit: number): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (!acceptsForm(request)) return done(unsupported(), undefined);
    // A plain object (not the null-prototype one querystring returns) so schemas and handlers see a record.
    return done(null, { ...parseQueryString(text) });
  });
  // Fastify's own text/plain parser would hand an empty string on.
  app.removeContentTypeParser('text/plain');
  // Any other type: empty is no body, anything else is refused (routes with raw bodies add their own parser).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    return done(unsupported(), undefined);
  });
}

function acceptsForm(request: FastifyRequest): boolean {
  return request.routeOptions.config?.acceptsForm === true;
}
