/**
 * The widget's small API client. The page never holds the integrator's tokens: it exchanges its session id
 * for a short-lived bearer (`{widget_url}/widget/api/session`), keeps it in memory, and asks again when it
 * expires. Everything else is the public API under /v2, called from the engine's own origin.
 */
import { ApiError, errorFromResponse } from '../../core/api/errors';
import { buildQuery, readData, send, sendWithRenewal, type QueryValue } from '../../core/api/transport';
import type { Language } from '../../../shared/language';
import type { SessionInfo } from './params';
import type { WidgetSessionAnswer } from './types';

/** The widget's API errors are the app's: one ApiError class (status 0 = the engine cannot be reached). */
export { ApiError };

const UNREACHABLE = 'the service cannot be reached';

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

/* eslint-disable coffer/no-module-state -- still one widget session per page, set by configure() (to be made an instance) */
let sessionId = '';
let base = '/embed';
let language: Language = 'fr';
let token: { value: string; expiresAt: number } | null = null;
let tokenPromise: Promise<Boot> | null = null;
let handlers: Handlers = { onExpired: () => {}, onTermsRequired: () => {} };
/* eslint-enable coffer/no-module-state */

export function configure(options: { sessionId: string; base: string; language: Language; handlers: Handlers }): void {
  sessionId = options.sessionId;
  base = options.base;
  language = options.language;
  handlers = options.handlers;
}

export function setLanguage(lng: Language): void {
  language = lng;
}

/** Exchanges the session id for a page token (and the session's parameters). */
export function bootstrap(): Promise<Boot> {
  tokenPromise ??= (async () => {
    const res = await send('POST', `${base}/widget/api/session`, {
      json: { session_id: sessionId },
      language,
      unreachable: UNREACHABLE,
    });
    if (!res.ok) {
      const err = await errorFromResponse(res);
      if (res.status === 401) handlers.onExpired();
      throw err;
    }
    const body = (await res.json()) as WidgetSessionAnswer;
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
  query?: Record<string, QueryValue>;
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
  const url = (path.startsWith('/widget/') ? base + path : path) + buildQuery(options.query);
  const attempt = async () =>
    send(method, url, { json: options.json, language, bearer: await bearer(), unreachable: UNREACHABLE });
  // Any other 401 (the page token expired): drop it, bootstrap a new one, and try once more.
  const res = await sendWithRenewal(attempt, {
    onTermsRequired: () => handlers.onTermsRequired(),
    renew: async () => {
      token = null;
      return true;
    },
  });
  const data = (res.headers.get('content-type') ?? '').includes('json') ? await readData(res) : undefined;
  return { status: res.status, data: data as T, headers: res.headers };
}

export const get = <T>(path: string, query?: CallOptions['query']) =>
  call<T>('GET', path, { query }).then((r) => r.data);
export const post = <T = void>(path: string, json: unknown = {}, query?: CallOptions['query']) =>
  call<T>('POST', path, { json, query });
export const put = (path: string, json: unknown) => call<void>('PUT', path, { json });
