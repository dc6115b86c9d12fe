import type { FastifyInstance } from 'fastify';
import type { EngineContext } from '../context';
import { ApiError } from './errors';

/**
 * DNS-rebinding and cross-site defences (docs/api/server.md#host-and-origin): the Host must be this server's loopback
 * address (421 otherwise) and a browser `Origin`, when sent, must be our own origin or one the user allowed (403).
 */
export function installRequestGuards(app: FastifyInstance, ctx: EngineContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const port = new URL(ctx.urls.host_url).port;
    if (request.headers.host === undefined) throw new ApiError(400, 'invalid_request', 'the Host header is required');
    const host = request.headers.host.toLowerCase();
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}` && host !== `[::1]:${port}`) {
      throw new ApiError(421, 'misdirected_request', `this server answers only to 127.0.0.1:${port} or localhost:${port}`);
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
      if (!own.includes(origin) && !ctx.settings.get('allowed_origins').includes(origin)) {
        throw new ApiError(403, 'origin_not_allowed', `requests from the origin ${origin} are not allowed`);
      }
    }
    reply.header('x-content-type-options', 'nosniff');
    // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on our own form posts.
    reply.header('referrer-policy', 'same-origin');
    reply.header('cache-control', 'no-store');
  });
}
