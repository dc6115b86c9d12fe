import { ApiError } from '../../../core/api/errors';
import { buildQuery, readData, send, sendWithRenewal, type QueryValue } from '../../../core/api/transport';

const UNREACHABLE = 'the Coffer engine cannot be reached';

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
  /** A client token with the admin scope (the owner's administration calls), or throws. */
  adminToken(force?: boolean): Promise<string>;
  onTermsRequired(): void;
  language(): string;
}

// eslint-disable-next-line coffer/no-module-state -- still one API client per page, wired to the page's one store by configureApi (to be made per store)
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

export type { QueryValue };
export { buildQuery };

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
  /** X-Total-Count of list answers (lists are paged; the header gives the full count). */
  total: number | null;
  headers: Headers;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const auth = options.auth ?? 'user';
  const url = (options.base === 'root' ? '' : '/v2') + path + buildQuery(options.query);
  const attempt = async (renewed: boolean): Promise<Response> => {
    let bearer: string | null = null;
    if (auth === 'user') bearer = await hooks.accessToken();
    else if (auth === 'admin') bearer = await hooks.adminToken(renewed);
    return send(method, url, { ...options, language: hooks.language(), bearer, unreachable: UNREACHABLE });
  };
  // A 401 invalid_token renews once: a fresh admin token, or a refreshed user session.
  const renewal =
    auth === 'none'
      ? null
      : {
          onTermsRequired: () => hooks.onTermsRequired(),
          renew: async (error: ApiError) =>
            error.code === 'invalid_token' && (auth === 'admin' ? true : await hooks.refresh()),
        };
  const res = await sendWithRenewal(attempt, renewal);
  const total = res.headers.get('x-total-count');
  const data = await readData(res);
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

/** Every page of a list (the API serves at most 500 records per page). */
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
