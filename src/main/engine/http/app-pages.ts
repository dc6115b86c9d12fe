import staticPlugin from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EngineContext } from '../context';
import { ApiError } from './errors';

/**
 * Content-Security-Policy of every page the server sends (the app and the widget). The app may not be framed
 * by any site (`frame-ancestors 'none'`, plus X-Frame-Options for older browsers): a framing page could
 * overlay it and make the owner click. The widget pages replace it with their own policy, which lets the
 * integrators' loopback pages embed them (widget/widget-csp.ts, docs/api/widget.md#pages).
 */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self' http://127.0.0.1:* http://localhost:*; " +
  "frame-ancestors 'none'";

const API_PREFIXES = ['/v2/', '/v2.1/', '/auth/', '/sign-keys', '/.well-known/'];

/**
 * Serves the built React app at `/` (see docs/api/server.md#app-pages) and answers unknown paths: the app for an HTML
 * navigation (client-side routing), the 404 error body (docs/api/errors.md#body) for anything else.
 */
export async function installAppPages(app: FastifyInstance, ctx: Pick<EngineContext, 'appDir'>): Promise<void> {
  const indexFile = ctx.appDir ? join(ctx.appDir, 'index.html') : null;
  const hasApp = indexFile !== null && existsSync(indexFile);
  if (hasApp) {
    await app.register(staticPlugin, { root: join(ctx.appDir!, 'assets'), serve: false });
    // Built assets have content hashes in their names: cacheable for good.
    app.get<{ Params: { '*': string } }>(
      '/assets/*',
      { config: { access: { kind: 'public' } }, schema: { hide: true } },
      (request, reply) => reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(request.params['*']),
    );
  }

  const sendPage = (reply: FastifyReply, page = 'index.html') => {
    const file = ctx.appDir ? join(ctx.appDir, page) : null;
    if (!file || !existsSync(file)) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .send('<!doctype html><title>Coffer</title><p>The Coffer app is not built. Run <code>npm run build</code>.</p>');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .send(readFileSync(file, 'utf8'));
  };
  const sendIndex = (reply: FastifyReply) => sendPage(reply.header('x-frame-options', 'DENY'), 'index.html');

  app.get('/', { config: { access: { kind: 'public' } }, schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.decorate('sendAppIndex', sendIndex);
  app.decorate('sendAppPage', sendPage);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApi) return sendIndex(reply);
    const path = request.url.split('?')[0];
    const err = new ApiError(404, 'not_found', `no route ${request.method} ${path}`);
    return reply.status(404).send(err.body());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the app's index.html (routes that serve client-side pages, such as the widget, use it). */
    sendAppIndex(reply: FastifyReply): FastifyReply;
    /** Sends another built page of the renderer (e.g. `widget.html`), with the page CSP. */
    sendAppPage(reply: FastifyReply, page: string): FastifyReply;
  }
}
