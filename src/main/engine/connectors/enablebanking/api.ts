/**
 * A thin client of Enable Banking's API: signs each call (jwt.ts), sends JSON, and turns every answer that
 * is not a 2xx JSON body into an EbApiError carrying Enable Banking's error code (`error` of the body
 * {message, code, error, detail}), or NON_JSON / NETWORK when there was no such body. Mapping those to
 * Coffer statuses is failures.ts' business.
 */
import type { KeyObject } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { AnswerTooLarge, describeBytes, readBounded } from '../bounded-read';
import { applicationJwt, JWT_LIFETIME_SECONDS, readPrivateKey } from './jwt';

export class EbApiError extends Error {
  constructor(
    /** HTTP status (0 when no answer came). */
    readonly httpStatus: number,
    /** Enable Banking's error code, or NON_JSON / NETWORK. */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EbApiError';
  }
}

export interface EbClientOptions {
  baseUrl: string;
  applicationId: string;
  privateKey: string;
  now(): number;
  signal?: AbortSignal;
}

export interface EbRequest {
  query?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface EbClient {
  call<T>(method: string, path: string, request?: EbRequest): Promise<T>;
  /** Requests sent so far by this client (the benchmark reports it). */
  readonly requests: number;
}

/** Longest Enable Banking may take to answer one call (banks behind it can be slow). */
const CALL_TIMEOUT_MS = 120_000;

/**
 * Most bytes read of one answer. A page of transactions is a few hundred kilobytes; past this limit the
 * answer is given up (EbApiError TOO_LARGE, the connection closed) so that no server can fill the engine's
 * memory.
 */
export const EB_ANSWER_LIMIT = 64 * 1024 * 1024;

export function ebClient(options: EbClientOptions): EbClient {
  const key: KeyObject = readPrivateKey(options.privateKey);
  // One kept-alive connection for the client's calls (a synchronization reads many pages in a row).
  const agent = options.baseUrl.startsWith('https:') ? new HttpsAgent({ keepAlive: true, maxSockets: 2, timeout: 5000 }) : new HttpAgent({ keepAlive: true, maxSockets: 2, timeout: 5000 });
  const send = (url: URL, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const doRequest = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = doRequest(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent, signal }, (res: IncomingMessage) => {
        readBounded(res, { limit: EB_ANSWER_LIMIT, declaredLength: res.headers['content-length'] }).then(
          (bytes) => resolve({ status: res.statusCode ?? 0, text: bytes.toString('utf8') }),
          (err: unknown) => reject(err instanceof AnswerTooLarge ? new EbApiError(res.statusCode ?? 0, 'TOO_LARGE', `Enable Banking's answer was larger than ${describeBytes(EB_ANSWER_LIMIT)}`) : err),
        );
      });
      req.on('error', (err) => reject(signal.aborted && signal.reason instanceof Error ? signal.reason : err));
      if (body !== undefined) req.write(body);
      req.end();
    });
  // One token serves many calls: re-signed once it is older than half its lifetime.
  let token: { value: string; iat: number } | null = null;
  const bearer = () => {
    const now = options.now();
    if (!token || now - token.iat > JWT_LIFETIME_SECONDS / 2 || now < token.iat) {
      token = { value: applicationJwt(options.applicationId, key, now), iat: now };
    }
    return token.value;
  };
  let requests = 0;
  return {
    get requests() {
      return requests;
    },
    async call<T>(method: string, path: string, request: EbRequest = {}): Promise<T> {
      const url = new URL(options.baseUrl + path);
      for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
      const headers: Record<string, string> = { authorization: `Bearer ${bearer()}`, accept: 'application/json', ...request.headers };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const signals = [AbortSignal.timeout(CALL_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
      requests++;
      let res: { status: number; text: string };
      try {
        res = await send(url, method, headers, request.body === undefined ? undefined : JSON.stringify(request.body), AbortSignal.any(signals));
      } catch (err) {
        if (options.signal?.aborted) throw options.signal.reason;
        if (err instanceof EbApiError) throw err;
        const timedOut = (err as Error).name === 'TimeoutError';
        throw new EbApiError(0, 'NETWORK', timedOut ? 'Enable Banking did not answer in time' : 'Enable Banking could not be reached');
      }
      const text = res.text;
      const ok = res.status >= 200 && res.status < 300;
      let body: unknown;
      try {
        body = text === '' ? {} : JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (ok && body !== undefined && typeof body === 'object' && body !== null) return body as T;
      if (body === undefined || typeof body !== 'object' || body === null) {
        throw new EbApiError(res.status, 'NON_JSON', `Enable Banking answered HTTP ${res.status} without a JSON body`);
      }
      const b = body as { error?: unknown; message?: unknown; detail?: unknown };
      const code = typeof b.error === 'string' ? b.error : `HTTP_${res.status}`;
      const message = typeof b.message === 'string' ? b.message : `HTTP ${res.status}`;
      const detail = typeof b.detail === 'string' ? `: ${b.detail}` : '';
      throw new EbApiError(res.status, code, `${message} (${code})${detail}`.slice(0, 400));
    },
  };
}
