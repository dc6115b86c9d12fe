import { ApiError, errorFromResponse } from './errors';

/**
 * The fetch wrapper every resource module uses. Same origin as the engine, so paths are relative. User
 * calls carry the session's bearer token; a 401 invalid_token triggers one refresh and one retry.
 */
export type AuthMode = 'user' | 'admin' | 'none';

export interface AuthHooks {
  /** The current user access token (renewed ahead of expiry), or null when signed out. */
  accessToken(): Promise<string | null>;
  /** Renews after a 401; false when the session cannot be renewed (the app shows the sign-in). */
  refresh(): Promise<boolean>;
  /** A client token with scope admin (C12), or throws. */
  adminToken(force?: boolean): Promise<string>;
  onTermsRequired(): void;
  language(): string;
}

let hooks: AuthHooks = {
  accessToken: async () => null,
  refresh: async () => false,
  adminToken: async () => {
    throw new ApiError(401, 'invalid_token', 'not signed in');
  },
  onTermsRequired: () => {},
  language: () => 'en',
};

export function configureApi(next: AuthHooks): void {
  hooks = next;
}

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  auth?: AuthMode;
  /** `api` paths are under /v2; `root` paths are taken as they are (/auth/token, /sign-keys). */
  base?: 'api' | 'root';
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A raw body (an uploaded file), sent with `contentType`. */
  rawBody?: Blob;
  contentType?: string;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** X-Total-Count of list answers (C5). */
  total: number | null;
  headers: Headers;
}

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

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const auth = options.auth ?? 'user';
  const url = (options.base === 'root' ? '' : '/v2') + path + buildQuery(options.query);
  const attempt = async (force: boolean): Promise<Response> => {
    const headers = new Headers(options.headers);
    headers.set('accept', 'application/json');
    if (!headers.has('accept-language')) headers.set('accept-language', hooks.language());
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
    if (auth === 'user') {
      const token = await hooks.accessToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
    } else if (auth === 'admin') {
      headers.set('authorization', `Bearer ${await hooks.adminToken(force)}`);
    }
    try {
      return await fetch(url, {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, 'network_error', 'the Coffer engine cannot be reached');
    }
  };

  let res = await attempt(false);
  if (res.status === 401 && auth !== 'none') {
    const err = await errorFromResponse(res.clone());
    if (err.code === 'terms_not_accepted') {
      hooks.onTermsRequired();
      throw err;
    }
    if (err.code === 'invalid_token') {
      if (auth === 'admin') res = await attempt(true);
      else if (await hooks.refresh()) res = await attempt(false);
    }
  }
  if (!res.ok) throw await errorFromResponse(res);
  const total = res.headers.get('x-total-count');
  let data: unknown = undefined;
  if (res.status !== 204 && res.status !== 206) {
    const type = res.headers.get('content-type') ?? '';
    data = type.includes('json') ? await res.json() : await res.text();
  }
  return { data: data as T, status: res.status, total: total === null ? null : Number(total), headers: res.headers };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options).then((r) => r.data),
  list: <T>(path: string, options?: RequestOptions) => request<T[]>('GET', path, options),
  post: <T = void>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { json: json ?? {}, ...options }),
  put: <T = void>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { json, ...options }).then((r) => r.data),
  del: (path: string, options?: RequestOptions) => request<void>('DELETE', path, options).then(() => undefined),
};

/** Every page of a list (C5: at most 500 per page). */
export async function listAll<T>(
  path: string,
  query: Record<string, QueryValue> = {},
  options: RequestOptions = {},
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await request<T[]>('GET', path, { ...options, query: { ...query, page, limit: 500 } });
    out.push(...res.data);
    const total = res.total ?? out.length;
    if (res.data.length < 500 || out.length >= total) return out;
  }
}
