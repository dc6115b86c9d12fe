import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also accepts application/x-www-form-urlencoded bodies (C2: token endpoint, widget session). */
    acceptsForm?: boolean;
  }
}

/**
 * C2 bodies: JSON everywhere; forms only where a route opts in. A JSON content type with an empty body is
 * "no body" (clients often send it on POSTs that take none); routes that need a body say so in their schema.
 */
export async function installBodyParsers(app: FastifyInstance, bodyLimit: number): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  await app.register(formbody, { bodyLimit });
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.acceptsForm) return;
    if ((request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      throw new ApiError(400, 'invalid_request', 'unsupported Content-Type: send application/json');
    }
  });
}
