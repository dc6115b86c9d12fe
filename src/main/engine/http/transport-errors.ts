import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, badRequest } from './errors';

/**
 * Error bodies (docs/api/errors.md#body) for what fails before a route runs (issue 14, finding 8): a malformed
 * percent-encoding in the path, a path segment over `MAX_PARAM_LENGTH` characters, headers over Node's 16 KB, malformed
 * HTTP, an unknown `Expect`. Fastify's and Node's defaults answer these with their own bodies or none at all. Nothing
 * of what was sent is echoed back (a path can be a megabyte long).
 */
export const MAX_PARAM_LENGTH = 100;

/** Fastify's `frameworkErrors`: router failures (bad URL encoding, over-long path parameter). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const api =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, 'invalid_request', `a path segment is longer than ${MAX_PARAM_LENGTH} characters`)
      : error.code === 'FST_ERR_BAD_URL'
        ? badRequest('the path is not a valid URL: malformed percent-encoding')
        : badRequest('the request cannot be routed');
  void reply.status(api.statusCode).header('cache-control', 'no-store').send(api.body());
};

function rawAnswer(status: number, reason: string, api: ApiError): string {
  const body = JSON.stringify(api.body());
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses (the socket is answered, then closed). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: string;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    answer = rawAnswer(
      431,
      'Request Header Fields Too Large',
      new ApiError(431, 'invalid_request', 'the request headers are larger than 16 KB'),
    );
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    answer = rawAnswer(408, 'Request Timeout', new ApiError(408, 'invalid_request', 'the request took too long to arrive'));
  } else {
    answer = rawAnswer(400, 'Bad Request', badRequest('malformed HTTP request'));
  }
  if (socket.writable) socket.write(answer);
  socket.destroy();
}

/** Node answers an `Expect` other than 100-continue with an empty 417 unless someone listens. */
export function installExpectationHandler(server: Server): void {
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify(
      new ApiError(417, 'invalid_request', 'unsupported Expect header (only 100-continue is understood)').body(),
    );
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    res.end(body);
  });
}
