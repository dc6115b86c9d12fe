import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, insufficientScope, invalidToken, termsNotAccepted } from './errors';
import type { UserProfileRow } from '../store/users';
import type { Bearer } from '../auth/bearer-lookup';
import type { ClientScope, Scope, UserScope } from '../auth/scopes';
import { hashToken } from '../auth/token-hash';

/**
 * Who may call a route. Every route declares it next to its definition (`config.access`); one hook
 * enforces it. Scopes are alternatives: any one of them is enough (docs/api/auth-and-scopes.md#scopes).
 */
export type Access =
  /** No token at all (availability check, sign-keys, OpenAPI, pages). */
  | { kind: 'public' }
  /** Any valid token, no scope (providers and categories: docs/api/auth-and-scopes.md#scopes). */
  | { kind: 'token' }
  /** A user's token (OAuth or personal access token) holding one of `scopes`. */
  | { kind: 'user'; scopes: readonly UserScope[]; allowWithoutTerms?: boolean }
  /** A client's own token (client_credentials) holding one of `scopes`. */
  | { kind: 'client'; scopes: readonly ClientScope[] };

export interface AuthContext {
  tokenKind: 'access' | 'pat';
  clientId: string | null;
  /** Set for user tokens, null for client tokens. */
  userId: number | null;
  scopes: ReadonlySet<Scope>;
  /** Version of the terms the token's user accepted (0 when none or not a user token). */
  termsAcceptedVersion: number;
  /** The token's user as of this request (no password hash); null for client tokens. */
  user: UserProfileRow | null;
  /** SHA-256 of the presented token (how the store names it), e.g. to keep this session when others end. */
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface AccessOptions {
  /** Who a token is, by the SHA-256 of its value (identity's cached bearer lookup). */
  lookup: { get(hash: string, now: number): Bearer | undefined };
  now: () => number;
  currentTermsVersion: () => number;
}

/** Installs the single enforcement point. Routes without `config.access` are refused at registration. */
export function installAccessControl(app: FastifyInstance, options: AccessOptions): void {
  const { lookup } = options;
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access.kind === 'public') {
      // Public routes still see who calls when a valid token is sent (e.g. the widget session).
      request.auth = authenticate(request, lookup, options.now(), false);
      return;
    }
    const auth = authenticate(request, lookup, options.now(), true)!;
    request.auth = auth;
    if (access.kind === 'token') return;
    if (access.kind === 'client') {
      if (auth.userId !== null || !access.scopes.some((s) => auth.scopes.has(s))) throw insufficientScope(access.scopes);
      return;
    }
    // kind === 'user'
    if (auth.userId === null || !access.scopes.some((s) => auth.scopes.has(s))) {
      // The only user-token-less way in is none: a client token never acts for a user.
      throw insufficientScope(access.scopes);
    }
    if (!access.allowWithoutTerms && auth.termsAcceptedVersion < options.currentTermsVersion()) {
      throw termsNotAccepted();
    }
  });
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer[ ]+([\x21-\x7e]+)\s*$/i.exec(header);
  return m ? m[1] : null;
}

function authenticate(
  request: FastifyRequest,
  findToken: AccessOptions['lookup'],
  now: number,
  required: boolean,
): AuthContext | null {
  const value = bearer(request);
  if (value === null) {
    if (required) {
      throw request.headers.authorization ? invalidToken('malformed Authorization header') : invalidToken();
    }
    return null;
  }
  // Lookup by SHA-256 of the presented secret: no secret comparison happens that could leak timing.
  const tokenHash = hashToken(value);
  const row = findToken.get(tokenHash, now);
  if (!row) {
    if (required) throw invalidToken('the access token is unknown, expired or revoked');
    return null;
  }
  return {
    tokenKind: row.kind,
    clientId: row.client_id,
    userId: row.user_id,
    scopes: row.scopeSet,
    termsAcceptedVersion: row.terms_accepted_version ?? 0,
    user: row.user,
    tokenHash,
  };
}

/** The authenticated user's id (routes with `kind: 'user'` access). */
export function userIdOf(request: FastifyRequest): number {
  const id = request.auth?.userId;
  if (id === null || id === undefined) throw new ApiError(401, 'invalid_token', 'a user access token is required');
  return id;
}
