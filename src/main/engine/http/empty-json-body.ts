import type { FastifyInstance } from 'fastify';

/**
 * For routes whose body is "none" (POST /queues/subscribe, POST /admin/sign-keys/rotate…): clients often
 * send `Content-Type: application/json` with an empty body; accept it as no body instead of a 400. Call it
 * on an encapsulated instance (it replaces that instance's JSON parser only).
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parse(request, body as string, done);
  });
}
