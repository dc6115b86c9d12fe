/**
 * The Coffer Test Bank's PSD2 consent page (see docs/api/request-bodies.md#authorize-url and
 * docs/api/providers-and-test-bank.md#test-bank): `GET {host_url}/providers/9000/consent?…` is where `authorize_url`
 * sends the user. The page signs in with a test-bank login, offers the REDIRECT channel's accounts, and its form posts
 * back here: approve mints a one-time code with the test bank and redirects to `redirect_uri?code=…&state=…`; refuse
 * redirects to `redirect_uri?error=access_denied&state=…`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getChannelDefinition } from '../connectors/registry';
import { defineRoutes } from '../http/route-module';
import { consentPageCsp } from '../identity/oauth/authorize-page';
import { pickLanguage, type Language } from '../../../shared/language';
import { redirectWith } from '../consent/consent-link';
import {
  consentText,
  renderChooseAccounts,
  renderConsentError,
  renderSignIn,
  type ConsentPageBase,
} from '../consent/consent-page-html';

interface ConsentQuery {
  provider_id?: string;
  channel_definition_id?: string;
  response_type?: string;
  redirect_uri?: string;
  state?: string;
  exp?: string;
  sig?: string;
  lng?: string;
}

interface ConsentForm extends ConsentQuery {
  step?: string;
  login?: string;
  decision?: string;
  accounts?: string | string[];
}

const LINK_FIELDS = [
  'provider_id',
  'channel_definition_id',
  'response_type',
  'redirect_uri',
  'state',
  'exp',
  'sig',
] as const;

const text = { type: 'string', maxLength: 4096 } as const;
const querySchema = {
  type: 'object',
  properties: {
    provider_id: text,
    channel_definition_id: text,
    response_type: text,
    redirect_uri: text,
    state: text,
    exp: text,
    sig: text,
    lng: { type: 'string', maxLength: 10 },
  },
} as const;

const ext = { 'x-coffer-extension': true };
export const consentPageRoutes = defineRoutes({
  mount: 'root',
  register(app, ctx) {
    // Served for every simulated bank whose connector offers consent-page hooks (the test bank, the legacy bank).
    const path = '/providers/:providerId/consent';
    const hooksFor = (providerId: string) => ctx.connectors.get(providerId)?.consentPage;

    const language = (request: FastifyRequest, lng?: string): Language =>
      pickLanguage(lng, request.headers['accept-language']);

    /** The link's parameters, checked; or an error page already sent. */
    const link = (providerId: string, p: ConsentQuery) => {
      const expires = Number(p.exp);
      const params = {
        providerId: p.provider_id ?? '',
        channelDefinitionId: p.channel_definition_id ?? '',
        redirectUri: p.redirect_uri ?? '',
        state: p.state ?? '',
        expires: Number.isSafeInteger(expires) ? expires : 0,
      };
      const definition = getChannelDefinition(providerId, params.channelDefinitionId);
      if (params.providerId !== providerId || definition?.mode !== 'REDIRECT' || !hooksFor(providerId))
        return { verdict: 'invalid' as const, params };
      return { verdict: ctx.consentLinks.verify(params, p.sig, ctx.now()), params };
    };

    const send = (reply: FastifyReply, status: number, html: string, redirectUri?: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', consentPageCsp(redirectUri))
        .header('x-frame-options', 'DENY')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .send(html);

    const base = (providerId: string, lang: Language, p: ConsentQuery): ConsentPageBase => {
      const hidden: Record<string, string> = {};
      for (const k of LINK_FIELDS) if (typeof p[k] === 'string') hidden[k] = p[k] as string;
      return {
        lang,
        action: `/providers/${encodeURIComponent(providerId)}/consent`,
        hidden,
        redirectUri: p.redirect_uri ?? '',
        languageLinks: {
          en: new URLSearchParams({ ...hidden, lng: 'en' }).toString(),
          fr: new URLSearchParams({ ...hidden, lng: 'fr' }).toString(),
        },
      };
    };

    const providerParams = {
      type: 'object',
      properties: { providerId: { type: 'string', maxLength: 64 } },
      required: ['providerId'],
    } as const;

    app.get<{ Params: { providerId: string }; Querystring: ConsentQuery }>(
      path,
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: 'Coffer Test Bank consent page (PSD2 REDIRECT channel)',
          description:
            'HTML page opened through the URL that authorize_url returns. Sign in, choose accounts, approve or refuse.',
          tags: ['Providers'],
          ...ext,
          params: providerParams,
          querystring: querySchema,
        },
      },
      async (request, reply) => {
        const lang = language(request, request.query.lng);
        const { providerId } = request.params;
        const { verdict, params } = link(providerId, request.query);
        if (verdict !== 'ok') return send(reply, 400, renderConsentError(lang, verdict));
        return send(reply, 200, renderSignIn(base(providerId, lang, request.query)), params.redirectUri);
      },
    );

    app.post<{ Params: { providerId: string }; Body: ConsentForm }>(
      path,
      {
        config: { access: { kind: 'public' }, acceptsForm: true },
        schema: {
          summary: 'Coffer Test Bank consent page: answer',
          description:
            'Form post of the consent page; answers with a redirection to redirect_uri (code and state, or error=access_denied and state).',
          tags: ['Providers'],
          ...ext,
          params: providerParams,
          body: {
            type: 'object',
            properties: {
              ...querySchema.properties,
              step: { type: 'string', enum: ['login', 'decide'] },
              login: { type: 'string', maxLength: 200 },
              decision: { type: 'string', enum: ['continue', 'approve', 'refuse'] },
              accounts: {
                anyOf: [
                  { type: 'string', maxLength: 256 },
                  { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 256 } },
                ],
              },
            },
          },
        },
      },
      async (request, reply) => {
        const form = request.body ?? {};
        const lang = language(request, form.lng);
        const { providerId } = request.params;
        const { verdict, params } = link(providerId, form);
        if (verdict !== 'ok') return send(reply, 400, renderConsentError(lang, verdict));
        const hooks = hooksFor(providerId)!;
        const t = consentText(lang);
        const page = base(providerId, lang, form);

        if (form.decision === 'refuse') {
          return reply.redirect(redirectWith(params.redirectUri, { error: 'access_denied', state: params.state }), 302);
        }
        const login = (form.login ?? '').trim();
        if (login.length === 0 || login.length > 64) {
          return send(reply, 400, renderSignIn({ ...page, login, error: t.badLogin }), params.redirectUri);
        }
        const offered = hooks.accounts(login);
        if (form.step !== 'decide' || form.decision !== 'approve') {
          return send(
            reply,
            200,
            renderChooseAccounts({ ...page, login, accounts: offered.map((a) => ({ ...a, checked: true })) }),
            params.redirectUri,
          );
        }
        const chosen = (Array.isArray(form.accounts) ? form.accounts : form.accounts ? [form.accounts] : []).filter(
          (ref) => offered.some((a) => a.reference === ref),
        );
        if (chosen.length === 0) {
          return send(
            reply,
            400,
            renderChooseAccounts({
              ...page,
              login,
              accounts: offered.map((a) => ({ ...a, checked: false })),
              error: t.chooseOne,
            }),
            params.redirectUri,
          );
        }
        const code = hooks.mintCode({ login, accounts: chosen, now: ctx.now() });
        return reply.redirect(redirectWith(params.redirectUri, { code, state: params.state }), 302);
      },
    );
  },
});
