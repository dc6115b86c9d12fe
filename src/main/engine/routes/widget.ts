/**
 * The hosted widget (docs/api/widget.md) at {widget_url} = {host_url}/embed:
 * - `POST /embed/widget_session` (also `/embed/widget/widget_session`): a session for a user token;
 * - `GET /embed/widget/<page>`: checks the session and the parameters first (expired → redirect_uri with
 *   result=expired, bad provider → result=error), then serves the widget page (`widget.html`);
 * - `/embed/widget/api/*`: what the pages need beside the public API (their bearer token, the pending
 *   challenge of a connection, the per-account consent change).
 */
import type { FastifyReply } from 'fastify';
import { userIdOf } from '../http/access-control';
import { badRequest, notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { changeAccountConsent } from '../widget/account-consent';
import { renderClearPage, type ClearPageKind } from '../widget/clear-page';
import { isAcceptableResultRedirectUri as isAcceptableRedirectUri, isLoopbackUrl } from '../domain/redirect-uri';
import {
  redirectParam,
  resultUrl,
  widgetLanguage,
  widgetPage,
  type WidgetLanguage,
} from '../widget/flow-params';
import { checkPage } from '../widget/page-checks';
import { pendingChallenge } from '../widget/pending-challenge';
import { widgetCsp } from '../widget/widget-csp';

/** The path of {widget_url} (see docs/api/server.md#addresses). */
export const WIDGET_PATH = '/embed';

const TAGS = ['Widget'];
const ext = { 'x-coffer-extension': true };
const str = { type: 'string', maxLength: 4096 } as const;
const flag = {
  anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 8 }],
  description: 'true or false (form bodies: the strings true/false or 1/0).',
} as const;

const linksSchema = {
  type: 'object',
  required: ['add_connection', 'edit_credentials', 'user_input', 'terms', 'professional_account', 'manage_accounts'],
  properties: Object.fromEntries(
    ['add_connection', 'edit_credentials', 'user_input', 'terms', 'professional_account', 'manage_accounts'].map(
      (k) => [k, { type: 'string' }],
    ),
  ),
} as const;

const sessionBodySchema = {
  type: 'object',
  properties: {
    access_token: {
      ...str,
      description: "The user's access token (an OAuth access token or a personal access token).",
    },
    refresh_token: {
      ...str,
      description: 'Lets the session renew the access token; the session then lives as long as the refresh token.',
    },
    client_id: { ...str, description: 'Checked when given: the client the tokens were issued to.' },
    client_secret: { ...str, description: 'Checked when given; needed with a refresh_token of a confidential client.' },
    redirect_uri: {
      ...str,
      description: 'Where the pages send their result (may instead be given when a page is opened).',
    },
    redirect_url: { ...str, description: 'Alias of redirect_uri.' },
    provider_id: str,
    channel_definition_id: str,
    captive_mode: flag,
    select_accounts: flag,
    multiple_channels: flag,
    select_channel: flag,
  },
} as const;

const PAGE_DESCRIPTION =
  'HTML page of the hosted widget. The session is checked first: an unknown or expired session redirects at once to ' +
  'redirect_uri?result=expired (for an unknown session, only to a loopback redirect_uri or an origin allowed in settings; ' +
  'otherwise a page says the link expired). An invalid provider_id or provider/channel pair, or a connection_id that is not ' +
  "the user's, redirects to redirect_uri?result=error&error=<invalid_provider|invalid_channel_definition|connection_not_found|invalid_request>. " +
  'Query parameters: session_id, redirect_uri (alias redirect_url), lng (en|fr; alias locale such as fr_FR, en_US; default: the ' +
  "browser's language when supported, else fr), provider_id, channel_definition_id, captive_mode, select_accounts, " +
  'multiple_channels, select_channel (override the session values), connection_id (edit_credentials, user_input, ' +
  'manage_accounts, professional-account), and on add_connection consent_per_account (honoured), wait_sync_end (true acts ' +
  'as captive_mode=true) and aspsp_callback_uri (accepted, ignored). Results: redirect_uri?result=success&connection_id=… | ' +
  'result=error&error=<code>[&connection_id=…] | result=expired. In an iframe the page also posts ' +
  "{type: 'coffer-widget-result', result, connection_id?, error?} to the parent window.";

const pageQuerySchema = {
  type: 'object',
  properties: Object.fromEntries(
    [
      'session_id',
      'redirect_uri',
      'redirect_url',
      'lng',
      'locale',
      'provider_id',
      'channel_definition_id',
      'connection_id',
      'captive_mode',
      'select_accounts',
      'multiple_channels',
      'select_channel',
      'consent_per_account',
      'wait_sync_end',
      'aspsp_callback_uri',
    ].map((k) => [k, str]),
  ),
} as const;

/** A redirect_uri that may be used without a known session: loopback, or an origin the user allowed. */
function trustedWithoutSession(uri: string, allowedOrigins: readonly string[]): boolean {
  return isLoopbackUrl(uri) || allowedOrigins.includes(new URL(uri).origin);
}

export const widgetRoutes = defineRoutes({
  mount: 'root',
  register(app, ctx) {
    const sessions = ctx.widgetSessions;
    const csp = () => widgetCsp(ctx.settings.get('allowed_origins'));

    const clearPage = (
      reply: FastifyReply,
      status: number,
      lang: WidgetLanguage,
      kind: ClearPageKind,
      detail?: string,
    ) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', csp())
        .send(renderClearPage(lang, kind, detail));

    const createSession = async (request: { body: unknown; headers: Record<string, unknown> }, reply: FastifyReply) => {
      const header =
        typeof request.headers.authorization === 'string'
          ? /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization)
          : null;
      const created = sessions.create((request.body ?? {}) as Record<string, unknown>, header ? header[1] : null);
      return reply.status(201).send(created);
    };
    const sessionRoute = {
      config: { access: { kind: 'public' as const }, acceptsForm: true },
      schema: {
        summary: 'Create a widget session',
        description:
          'Form (application/x-www-form-urlencoded) or JSON. access_token is a user token (it may instead come in the ' +
          'Authorization header). Without refresh_token the session lives as long as the access token (1 hour for a ' +
          'personal access token); with it, the session renews the access token through the refresh grant and lives as ' +
          'long as the refresh token (the session then owns that refresh token: refresh tokens rotate). The flow ' +
          'parameters are defaults of the pages; _links.add_connection already carries ?session_id=… so further ' +
          'parameters are appended with &. A bad token answers 401.',
        tags: TAGS,
        body: sessionBodySchema,
        response: {
          201: {
            type: 'object',
            required: ['session_id', 'expires', '_links'],
            properties: { session_id: { type: 'string' }, expires: { type: 'integer' }, _links: linksSchema },
          },
        },
      },
    };
    app.post(`${WIDGET_PATH}/widget_session`, sessionRoute, createSession);
    app.post(
      `${WIDGET_PATH}/widget/widget_session`,
      { ...sessionRoute, schema: { ...sessionRoute.schema, hide: true } },
      createSession,
    );

    app.get<{ Params: { page: string }; Querystring: Record<string, unknown> }>(
      `${WIDGET_PATH}/widget/:page`,
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary:
            'A widget page: add_connection, edit_credentials, user_input, terms, professional-account, manage_accounts',
          description: PAGE_DESCRIPTION,
          tags: TAGS,
          params: { type: 'object', required: ['page'], properties: { page: { type: 'string' } } },
          querystring: pageQuerySchema,
        },
        onSend: async (_request, reply, payload) => {
          // The app pages' CSP plus frame-ancestors (sendAppPage sets the former).
          reply.header('content-security-policy', csp());
          return payload;
        },
      },
      async (request, reply) => {
        const query = request.query;
        const lang = widgetLanguage(query, request.headers['accept-language']);
        const page = widgetPage(request.params.page);
        if (!page)
          return clearPage(reply, 404, lang, 'error', `no widget page named ${request.params.page.slice(0, 64)}`);

        const queryRedirect = redirectParam(query);
        if (queryRedirect !== undefined && !isAcceptableRedirectUri(queryRedirect)) {
          return clearPage(
            reply,
            400,
            lang,
            'error',
            'redirect_uri must be an absolute http or https URL without a fragment',
          );
        }
        const session = sessions.store.get(typeof query.session_id === 'string' ? query.session_id : undefined);
        const redirectUri = queryRedirect ?? session?.redirectUri;

        if (!session || !(await sessions.alive(session))) {
          const usable =
            redirectUri !== undefined &&
            (session !== undefined || trustedWithoutSession(redirectUri, ctx.settings.get('allowed_origins')));
          if (usable) return reply.redirect(resultUrl(redirectUri, { result: 'expired' }), 302);
          return clearPage(reply, 410, lang, 'expired');
        }

        const check = checkPage({ store: ctx.store, userId: session.userId, page, sessionParams: session.params, query });
        if (!check.ok) {
          if (redirectUri !== undefined)
            return reply.redirect(resultUrl(redirectUri, { result: 'error', error: check.error }), 302);
          return clearPage(reply, 400, lang, 'error', check.description);
        }
        return app.sendAppPage(reply, 'widget.html');
      },
    );

    app.post<{ Body: { session_id: string } }>(
      `${WIDGET_PATH}/widget/api/session`,
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: "A widget page's bearer token (extension)",
          description:
            'For the widget pages: exchanges a live session id for a short-lived (10 minutes at most) access token of the ' +
            "session's user, holding only those of the session token's scopes that the widget pages use (accounts_read, " +
            'accounts_manage, connections_manage, connections_sync, and profile, also granted for profile_edit), and ' +
            "the session's parameters. " +
            '401 invalid_token when the session is unknown or expired. Same-origin only (the Origin check).',
          tags: TAGS,
          ...ext,
          body: {
            type: 'object',
            required: ['session_id'],
            properties: { session_id: { type: 'string', minLength: 1, maxLength: 200 } },
          },
          response: {
            200: {
              type: 'object',
              required: ['access_token', 'token_type', 'expires_in', 'user_id', 'scope', 'terms_required', 'session'],
              properties: {
                access_token: { type: 'string' },
                token_type: { type: 'string' },
                expires_in: { type: 'integer' },
                user_id: { type: 'string' },
                scope: { type: 'string' },
                terms_required: { type: 'boolean' },
                session: {
                  type: 'object',
                  properties: {
                    expires: { type: 'integer' },
                    redirect_uri: { type: 'string' },
                    provider_id: { type: 'string' },
                    channel_definition_id: { type: 'string' },
                    captive_mode: { type: 'boolean' },
                    select_accounts: { type: 'boolean' },
                    multiple_channels: { type: 'boolean' },
                    select_channel: { type: 'boolean' },
                  },
                },
              },
            },
          },
        },
      },
      async (request) => {
        const { session, access_token, expires_in, scopes } = await sessions.pageToken(request.body.session_id);
        const accepted = ctx.identity.users.termsAcceptedVersion(session.userId);
        return {
          access_token,
          token_type: 'Bearer',
          expires_in,
          user_id: String(session.userId),
          scope: scopes.join(' '),
          terms_required: (accepted ?? 0) < ctx.identity.terms.version,
          session: {
            expires: session.expires,
            ...(session.redirectUri !== undefined && { redirect_uri: session.redirectUri }),
            ...session.params,
          },
        };
      },
    );

    app.get<{ Params: { id: string }; Querystring: { lng?: string } }>(
      `${WIDGET_PATH}/widget/api/connections/:id/challenge`,
      {
        config: { access: { kind: 'user', scopes: ['connections_sync', 'connections_manage'] } },
        schema: {
          summary: 'The challenge a connection is waiting for (extension)',
          description:
            'For the user_input widget opened on its own: the pending challenge of the connection (the payload of its ' +
            'CHALLENGE_REQUIRED event, labels in lng or Accept-Language), or 404 when none is pending.',
          tags: TAGS,
          ...ext,
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          querystring: { type: 'object', properties: { lng: { type: 'string', maxLength: 10 } } },
          response: {
            200: {
              type: 'object',
              required: ['channel_definition_id', 'challenge_required'],
              properties: {
                channel_definition_id: { type: 'string' },
                challenge_required: {
                  type: 'object',
                  required: ['fields', 'message', 'expires'],
                  properties: {
                    fields: {
                      type: 'array',
                      items: {
                        type: 'object',
                        required: ['id', 'label', 'type', 'encrypt'],
                        properties: {
                          id: { type: 'string' },
                          label: { type: 'string' },
                          type: { type: 'string' },
                          encrypt: { type: 'boolean' },
                          regexp: { type: 'string' },
                        },
                      },
                    },
                    message: { type: 'string' },
                    expires: { type: 'integer', description: 'UTC seconds: the engine waits for the answer until then.' },
                    attempts_left: {
                      type: 'integer',
                      minimum: 1,
                      description:
                        'Present when the bank said how many answers it still accepts (this one included); a wrong answer ' +
                        'with attempts left is asked again (a new CHALLENGE_REQUIRED event).',
                    },
                  },
                },
              },
            },
          },
        },
      },
      async (request) => {
        const lang = widgetLanguage(request.query, request.headers['accept-language']);
        const id = Number(request.params.id);
        const attempts = Number.isSafeInteger(id) ? ctx.services.sync.challengeAttemptsLeft?.(id) : undefined;
        const found = pendingChallenge(ctx.store.widgetPages, userIdOf(request), request.params.id, ctx.now(), lang, attempts);
        if (!found) throw notFound('pending challenge of connection', request.params.id);
        return found;
      },
    );

    app.post<{ Params: { id: string }; Body: { grant?: string[]; withdraw?: string[]; decline?: string[] } }>(
      `${WIDGET_PATH}/widget/api/connections/:id/consent`,
      {
        config: { access: { kind: 'user', scopes: ['accounts_manage'] } },
        schema: {
          summary: "Change a connection's consented accounts (extension)",
          description:
            'What the manage-accounts widget does: accounts of `grant` waiting in PENDING_CONSENT become ACTIVE and a ' +
            'synchronization of them starts; synchronized accounts of `withdraw` (ACTIVE, ERROR, NOT_FOUND) go back to ' +
            'PENDING_CONSENT (kept, no longer synchronized). Accounts of `decline` (waiting in PENDING_CONSENT) are ' +
            'recorded as not shared by choice, as withdrawn ones are: their record carries `consent_declined: true` until ' +
            'consent is granted. Answers the ids whose status changed.',
          tags: TAGS,
          ...ext,
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          body: {
            type: 'object',
            properties: {
              grant: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 32 } },
              withdraw: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 32 } },
              decline: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 32 } },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['granted', 'withdrawn'],
              properties: {
                granted: { type: 'array', items: { type: 'string' } },
                withdrawn: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      async (request) => {
        const body = request.body ?? {};
        if (!body.grant?.length && !body.withdraw?.length && !body.decline?.length)
          throw badRequest('give account ids in grant, withdraw or decline');
        return changeAccountConsent(ctx, userIdOf(request), request.params.id, body);
      },
    );
  },
});
