import type { FastifyReply, FastifyRequest } from 'fastify';
import { ALL_SCOPES } from '../auth/scopes';
import type { EngineContext } from '../context';
import { defineRoutes } from '../http/route-module';
import { pickLanguage, type Language } from '../../../shared/language';
import type { Client } from '../identity/clients';
import {
  signInPageCsp,
  MESSAGES,
  renderAuthorizeErrorPage,
  renderConsentPage,
} from '../identity/oauth/authorize-page';
import { redirectWith, validateAuthorizeRequest, type AuthorizeParams } from '../identity/oauth/authorize-request';
import { authenticateClient, presentedClient } from '../identity/oauth/client-auth';
import { GRANT_TYPES, verifyLogin, type TokenParams } from '../identity/oauth/grants';
import { invalidRequest } from '../identity/oauth/oauth-error';
import { newFamilyId } from '../identity/tokens';
import { isFirstPartySignIn } from '../app-session/app-client';

const TAGS = ['Authorization server'];
const str = { type: 'string' } as const;

// Allowed values are checked by the handler, not the schema: such errors redirect to the client (RFC 6749 §4.1.2.1).
const AUTHORIZE_FIELDS = {
  response_type: { type: 'string', description: 'code' },
  client_id: str,
  redirect_uri: str,
  scope: { type: 'string', description: 'space-separated user scopes' },
  state: str,
  code_challenge: { type: 'string', description: 'base64url SHA-256 of the code_verifier' },
  code_challenge_method: { type: 'string', description: 'S256' },
  lng: { type: 'string', description: 'en or fr (default: Accept-Language, else fr)' },
} as const;

const oauthErrorSchema = {
  type: 'object',
  description: 'RFC 6749 §5.2 error',
  properties: {
    error: {
      type: 'string',
      enum: [
        'invalid_request',
        'invalid_client',
        'invalid_grant',
        'unauthorized_client',
        'unsupported_grant_type',
        'invalid_scope',
        'slow_down',
      ],
    },
    error_description: str,
    retry_after: { type: 'integer', description: 'seconds to wait (slow_down)' },
  },
  required: ['error', 'error_description'],
} as const;

type AuthorizeForm = AuthorizeParams & { lng?: string; email?: string; password?: string; decision?: string };

function metadata(ctx: EngineContext) {
  const auth = ctx.urls.auth_url;
  const authMethods = ['client_secret_basic', 'client_secret_post', 'none'];
  return {
    issuer: auth,
    authorization_endpoint: `${auth}/authorize`,
    token_endpoint: `${auth}/token`,
    revocation_endpoint: `${auth}/revoke`,
    jwks_uri: `${auth}/jwks`,
    scopes_supported: ALL_SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: GRANT_TYPES,
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    id_token_signing_alg_values_supported: ['ES256'],
    authorization_response_iss_parameter_supported: true,
    ui_locales_supported: ['en', 'fr'],
    service_documentation: `${ctx.urls.base_url}/openapi.json`,
  };
}

/**
 * The OAuth 2.0 authorization server (docs/api/auth-and-scopes.md) at {auth_url}: metadata (RFC 8414),
 * login-and-consent page with PKCE, token endpoint (client_credentials, authorization_code, password, refresh_token),
 * revocation (RFC 7009) and the id_token signing key set.
 */
export const authServerRoutes = defineRoutes({
  mount: 'root',
  register(app, ctx) {
    const identity = ctx.identity;
    const { clients, tokens, tokenEndpoint } = identity;

    const metadataSchema = {
      summary: 'Authorization server metadata (RFC 8414)',
      tags: TAGS,
      response: { 200: { type: 'object', additionalProperties: true } },
    };
    // RFC 8414 §3 puts the document of an issuer with a path (/auth) after the well-known name; the bare one is the
    // address Coffer publishes (docs/api/auth-and-scopes.md#clients).
    for (const url of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/auth']) {
      app.get(url, { config: { access: { kind: 'public' } }, schema: metadataSchema }, async () => metadata(ctx));
    }

    app.get(
      '/auth/jwks',
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: 'Public keys that sign id_tokens (JWK Set)',
          tags: TAGS,
          response: {
            200: {
              type: 'object',
              properties: { keys: { type: 'array', items: { type: 'object', additionalProperties: true } } },
            },
          },
        },
      },
      async () => ({ keys: [(await identity.idTokenKey()).publicJwk] }),
    );

    const sendPage = (reply: FastifyReply, status: number, html: string, redirectUri?: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', signInPageCsp(redirectUri))
        .header('x-frame-options', 'DENY')
        .send(html);

    const languageLinks = (p: AuthorizeForm): Record<Language, string> => {
      const base: Record<string, string> = {};
      for (const k of Object.keys(AUTHORIZE_FIELDS) as (keyof AuthorizeForm)[]) {
        if (k !== 'lng' && typeof p[k] === 'string') base[k] = p[k] as string;
      }
      return {
        en: new URLSearchParams({ ...base, lng: 'en' }).toString(),
        fr: new URLSearchParams({ ...base, lng: 'fr' }).toString(),
      };
    };

    const consentPage = (
      reply: FastifyReply,
      status: number,
      lang: Language,
      client: Client,
      p: AuthorizeForm,
      scopes: Parameters<typeof renderConsentPage>[0]['scopes'],
      extra: { email?: string; error?: string } = {},
    ) =>
      sendPage(
        reply,
        status,
        renderConsentPage({
          lang,
          firstParty: isFirstPartySignIn(client.id, p.redirect_uri, ctx.urls.host_url),
          clientName: client.name,
          scopes,
          redirectUri: p.redirect_uri!,
          hidden: {
            response_type: p.response_type,
            client_id: p.client_id,
            redirect_uri: p.redirect_uri,
            scope: p.scope,
            state: p.state,
            code_challenge: p.code_challenge,
            code_challenge_method: p.code_challenge_method,
          },
          languageLinks: languageLinks(p),
          ...extra,
        }),
        p.redirect_uri,
      );

    /** Common start of GET and POST: a validated request, or the answer already sent. */
    const start = (request: FastifyRequest, reply: FastifyReply, p: AuthorizeForm) => {
      const lang = pickLanguage(p.lng, request.headers['accept-language']);
      const v = validateAuthorizeRequest(clients, p);
      if (v.ok) return { lang, request: v.request };
      if (!v.redirect) {
        sendPage(reply, 400, renderAuthorizeErrorPage(lang, v.description));
        return null;
      }
      reply.redirect(
        redirectWith(v.redirectUri, {
          error: v.error,
          error_description: v.description,
          state: v.state,
          iss: ctx.urls.auth_url,
        }),
        302,
      );
      return null;
    };

    app.get<{ Querystring: AuthorizeForm }>(
      '/auth/authorize',
      {
        config: { access: { kind: 'public' }, acceptsForm: true },
        schema: {
          summary: 'Login-and-consent page (authorization code with PKCE S256)',
          description:
            'Renders an HTML page where the user signs in and allows the scopes asked. Unknown client or ' +
            'unregistered redirect_uri: an error page (never a redirect). Other errors redirect to ' +
            'redirect_uri with error=…&state=…. Loopback redirect URIs (http://127.0.0.1:<port>/…, ' +
            'http://[::1]:<port>/…, http://localhost:<port>/…) are accepted for every client (RFC 8252).',
          tags: TAGS,
          querystring: { type: 'object', properties: AUTHORIZE_FIELDS },
        },
      },
      async (request, reply) => {
        const started = start(request, reply, request.query);
        if (!started) return reply;
        return consentPage(reply, 200, started.lang, started.request.client, request.query, started.request.scopes);
      },
    );

    app.post<{ Body: AuthorizeForm }>(
      '/auth/authorize',
      {
        config: { access: { kind: 'public' }, acceptsForm: true },
        schema: {
          summary: 'Submit the login-and-consent form',
          description:
            'Form fields: the authorization request of GET /auth/authorize plus email, password and decision ' +
            '(allow or deny). Allowed: 302 to redirect_uri?code=…&state=…&iss=… (the code lives 60 s and is ' +
            'single use). Denied: 302 to redirect_uri?error=access_denied&state=…. Wrong e-mail or password: ' +
            'the page again with the error (401), or 429 after repeated failures.',
          tags: TAGS,
          body: {
            type: 'object',
            properties: {
              ...AUTHORIZE_FIELDS,
              email: str,
              password: str,
              decision: { type: 'string', description: 'allow or deny' },
            },
          },
        },
      },
      async (request, reply) => {
        const p = request.body ?? {};
        const started = start(request, reply, p);
        if (!started) return reply;
        const { lang, request: auth } = started;
        if (p.decision === 'deny') {
          return reply.redirect(
            redirectWith(auth.redirectUri, { error: 'access_denied', state: auth.state, iss: ctx.urls.auth_url }),
            302,
          );
        }
        const page = (status: number, error: string) =>
          consentPage(reply, status, lang, auth.client, p, auth.scopes, { email: p.email, error });
        if (!p.email || !p.password) return page(400, MESSAGES.missing[lang]);
        const outcome = await verifyLogin(identity, p.email, p.password, auth.client.id);
        if (outcome.kind === 'throttled') {
          reply.header('retry-after', String(Math.ceil(outcome.retryAfterMs / 1000)));
          return page(429, MESSAGES.throttled[lang](Math.max(1, Math.ceil(outcome.retryAfterMs / 1000))));
        }
        if (outcome.kind === 'wrong') return page(401, MESSAGES.wrongPassword[lang]);
        const code = tokens.issue(
          'code',
          {
            clientId: auth.client.id,
            userId: outcome.user.id,
            scopes: auth.scopes,
            familyId: newFamilyId(),
            redirectUri: auth.redirectUri,
            codeChallenge: auth.codeChallenge,
          },
          ctx.now(),
        );
        return reply.redirect(redirectWith(auth.redirectUri, { code, state: auth.state, iss: ctx.urls.auth_url }), 302);
      },
    );

    app.post<{ Body: TokenParams }>(
      '/auth/token',
      {
        config: { access: { kind: 'public' }, acceptsForm: true },
        schema: {
          summary: 'Token endpoint',
          description:
            'Form (application/x-www-form-urlencoded) or JSON. Client authentication by HTTP Basic or ' +
            'client_id/client_secret in the body. Grants: client_credentials (scope ⊆ the client scopes), ' +
            'authorization_code (PKCE S256: code, redirect_uri, code_verifier), password (confidential ' +
            'clients: username = e-mail, password, scope), refresh_token (rotates: the old refresh token ' +
            'stops working, and presenting it again revokes every token of the grant). Access tokens live ' +
            '1 hour, refresh tokens 30 days. Errors use RFC 6749 codes; repeated failed logins answer 429 ' +
            'slow_down with retry_after.',
          tags: TAGS,
          body: {
            type: 'object',
            properties: {
              grant_type: { type: 'string', description: GRANT_TYPES.join(', ') },
              client_id: str,
              client_secret: str,
              scope: str,
              code: str,
              redirect_uri: str,
              code_verifier: str,
              refresh_token: str,
              username: str,
              password: str,
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                access_token: str,
                token_type: { type: 'string', enum: ['Bearer'] },
                expires_in: { type: 'integer' },
                refresh_token: str,
                id_token: {
                  type: 'string',
                  description: `ES256 JWT (claims iss, sub, aud, iat, exp, email); keys at /auth/jwks`,
                },
                scope: str,
              },
              required: ['access_token', 'token_type', 'expires_in', 'scope'],
            },
            400: oauthErrorSchema,
            401: oauthErrorSchema,
            429: oauthErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await tokenEndpoint.handle(request.body ?? {}, request.headers.authorization);
        reply.header('pragma', 'no-cache');
        return answer;
      },
    );

    app.post<{ Body: { token?: string; token_type_hint?: string; client_id?: string; client_secret?: string } }>(
      '/auth/revoke',
      {
        config: { access: { kind: 'public' }, acceptsForm: true },
        schema: {
          summary: 'Revoke a token (RFC 7009)',
          description:
            'Always 200 for a token that is unknown or already revoked. A refresh token revokes every token ' +
            'of its grant. Confidential clients authenticate (Basic or body); without client credentials, ' +
            'holding the token is enough to revoke it.',
          tags: TAGS,
          body: {
            type: 'object',
            properties: { token: str, token_type_hint: str, client_id: str, client_secret: str },
          },
          response: { 200: { type: 'object', properties: {} }, 400: oauthErrorSchema, 401: oauthErrorSchema },
        },
      },
      async (request) => {
        const body = request.body ?? {};
        const presented = presentedClient(request.headers.authorization, body);
        const client = presented.clientId !== null ? authenticateClient(clients, presented) : null;
        if (!body.token) throw invalidRequest('token is required');
        const row = tokens.find(body.token, ['access', 'refresh', 'pat']);
        // A client revokes only its own tokens; another client's token is ignored (still 200, RFC 7009 §2.2).
        if (row && (client === null || row.client_id === client.id)) {
          const now = ctx.now();
          if (row.kind === 'refresh' && row.family_id) tokens.revokeFamily(row.family_id, now);
          else tokens.revoke(row.hash, now);
        }
        return {};
      },
    );
  },
});
