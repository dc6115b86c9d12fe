/**
 * What the app's and the widget's API clients share: how a call is sent to the engine (same origin, no
 * cookies, no cache, the page's language in Accept-Language), how its answer is read, and what happens on a
 * 401 (terms not accepted: tell the page; otherwise renew the credentials once and try again).
 */
import { ApiError, errorFromResponse } from './errors';

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

/** `?a=1&b=x,y` from a query object: empty values left out, lists joined with commas. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface SendOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** A raw body (an uploaded file), sent with `contentType`. */
  rawBody?: Blob;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Accept-Language, unless `headers` names one. */
  language: string;
  /** The bearer token, when the call carries one. */
  bearer?: string | null;
  /** The description of the network_error thrown when the engine cannot be reached. */
  unreachable: string;
}

/** One HTTP call; a failure to reach the engine becomes ApiError status 0, code network_error. */
export async function send(method: string, url: string, options: SendOptions): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  if (!headers.has('accept-language')) headers.set('accept-language', options.language);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  } else if (options.rawBody) {
    headers.set('content-type', options.contentType ?? 'application/octet-stream');
    body = options.rawBody;
  }
  if (options.bearer) headers.set('authorization', `Bearer ${options.bearer}`);
  try {
    return await fetch(url, { method, headers, body, signal: options.signal, credentials: 'omit', cache: 'no-store' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', options.unreachable);
  }
}

export interface Renewal {
  /** A 401 terms_not_accepted: the page shows the terms (the error is thrown too). */
  onTermsRequired(): void;
  /** Another 401: renew the credentials; true to try the call once more. */
  renew(error: ApiError): Promise<boolean>;
}

/**
 * Runs `attempt`, and on a 401 either reports the terms or renews and runs it once more (`renewed` true).
 * Any answer that is still not 2xx is thrown as an ApiError.
 */
export async function sendWithRenewal(
  attempt: (renewed: boolean) => Promise<Response>,
  renewal: Renewal | null,
): Promise<Response> {
  let res = await attempt(false);
  if (res.status === 401 && renewal) {
    const error = await errorFromResponse(res.clone());
    if (error.code === 'terms_not_accepted') {
      renewal.onTermsRequired();
      throw error;
    }
    if (await renewal.renew(error)) res = await attempt(true);
  }
  if (!res.ok) throw await errorFromResponse(res);
  return res;
}

/** The answer's body: nothing for 204 and 206, parsed JSON, else the text. */
export async function readData(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 206) return undefined;
  const type = res.headers.get('content-type') ?? '';
  return type.includes('json') ? res.json() : res.text();
}
