/**
 * The widget's small API client. The page never holds the integrator's tokens: it exchanges its session id
 * for a short-lived bearer (`{widget_url}/widget/api/session`), keeps it in memory, and asks again when it
 * expires. Everything else is the public API under /v2, called from the engine's own origin.
 */
import type { Language, SessionInfo } from './params';

export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
  }
}

export interface Boot {
  userId: string;
  scope: string;
  termsRequired: boolean;
  session: SessionInfo;
}

interface Handlers {
  /** The session expired (or is unknown): the page ends with result=expired. */
  onExpired(): void;
  /** An API call answered 401 terms_not_accepted (rule 7): the page shows the terms first. */
  onTermsRequired(): void;
}

let sessionId = '';
let base = '/embed';
let language: Language = 'fr';
let token: { value: string; expiresAt: number } | null = null;
let tokenPromise: Promise<Boot> | null = null;
let handlers: Handlers = { onExpired: () => {}, onTermsRequired: () => {} };

export function configure(options: { sessionId: string; base: string; language: Language; handlers: Handlers }): void {
  sessionId = options.sessionId;
  base = options.base;
  language = options.language;
  handlers = options.handlers;
}

export function setLanguage(lng: Language): void {
  language = lng;
}

async function errorOf(res: Response): Promise<WidgetApiError> {
  let body: { error?: string; error_description?: string } = {};
  try {
    body = await res.json();
  } catch {
    // not JSON
  }
  return new WidgetApiError(res.status, body.error ?? 'http_error', body.error_description ?? `HTTP ${res.status}`);
}

/** Exchanges the session id for a page token (and the session's parameters). */
export function bootstrap(): Promise<Boot> {
  tokenPromise ??= (async () => {
    let res: Response;
    try {
      res = await fetch(`${base}/widget/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ session_id: sessionId }),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new WidgetApiError(0, 'network_error', 'the service cannot be reached');
    }
    if (!res.ok) {
      const err = await errorOf(res);
      if (res.status === 401) handlers.onExpired();
      throw err;
    }
    const body = await res.json();
    token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return { userId: body.user_id, scope: body.scope, termsRequired: body.terms_required, session: body.session };
  })().finally(() => {
    tokenPromise = null;
  });
  return tokenPromise;
}

async function bearer(): Promise<string> {
  if (!token || token.expiresAt - Date.now() < 30_000) await bootstrap();
  return token!.value;
}

export interface CallOptions {
  json?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface CallResult<T> {
  status: number;
  data: T;
  headers: Headers;
}

/** A call to the engine: `/v2/…` paths, or `/widget/api/…` (made relative to {widget_url}). */
export async function call<T = unknown>(
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const url = (path.startsWith('/widget/') ? base + path : path) + (params.size ? `?${params}` : '');
  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': language,
      authorization: `Bearer ${await bearer()}`,
    };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    try {
      return await fetch(url, {
        method,
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new WidgetApiError(0, 'network_error', 'the service cannot be reached');
    }
  };
  let res = await attempt();
  if (res.status === 401) {
    const err = await errorOf(res.clone());
    if (err.code === 'terms_not_accepted') {
      handlers.onTermsRequired();
      throw err;
    }
    token = null;
    res = await attempt();
  }
  if (!res.ok) throw await errorOf(res);
  let data: unknown = undefined;
  if (res.status !== 204 && res.status !== 206 && (res.headers.get('content-type') ?? '').includes('json'))
    data = await res.json();
  return { status: res.status, data: data as T, headers: res.headers };
}

export const get = <T>(path: string, query?: CallOptions['query']) =>
  call<T>('GET', path, { query }).then((r) => r.data);
export const post = <T = void>(path: string, json: unknown = {}, query?: CallOptions['query']) =>
  call<T>('POST', path, { json, query });
export const put = (path: string, json: unknown) => call<void>('PUT', path, { json });
