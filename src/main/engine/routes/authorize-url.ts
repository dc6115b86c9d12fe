/**
 * `POST /providers/{provider_id}/channel_definitions/{channel_definition_id}/authorize_url` (see
 * docs/api/request-bodies.md#authorize-url): for a REDIRECT channel definition, the address of the provider's consent
 * page. The client sends the user there; the provider returns to `redirect_uri?code=…&state=…`; the client then posts
 * AUTHORIZATION_CODE and STATE as credentials (POST /connections, or PUT /connections/{id}/credentials to renew a
 * consent).
 */
import { randomBytes } from 'node:crypto';
import { providerFor } from '../catalogue/catalogue-view';
import { ConnectorError } from '../connectors/types';
import { badRequest, notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { parseId } from '../domain/record';
import { isAcceptableResultRedirectUri } from '../domain/redirect-uri';
import { CONSENT_LINK_LIFETIME } from '../consent/consent-link';
import { preferredLanguage } from '../../../shared/language';

interface Body {
  redirect_uri: string;
  state?: string;
  connection_id?: string;
}

export const authorizeUrlRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.post<{ Params: { provider_id: string; channel_definition_id: string }; Body: Body }>(
      '/providers/:provider_id/channel_definitions/:channel_definition_id/authorize_url',
      {
        // No scope: any valid token, as for providers (docs/api/auth-and-scopes.md#scopes).
        config: { access: { kind: 'token' } },
        schema: {
          summary: 'Get the consent address of a REDIRECT channel definition',
          description:
            "Returns the URL of the provider's consent page (valid one hour). After the user's answer the provider " +
            'redirects to redirect_uri?code=…&state=… (or ?error=access_denied&state=…); then post the code and the state as ' +
            'the AUTHORIZATION_CODE and STATE credentials with POST /connections, or PUT /connections/{id}/credentials ' +
            'to renew the 90-day consent. state defaults to a random value; connection_id, when given, must be one of ' +
            "the caller's connections. The consent pages speak the language of the request (Accept-Language): the " +
            "engine's own pages (simulated banks) through lng in the address, Enable Banking's through its language field.",
          tags: ['Providers'],
          params: {
            type: 'object',
            required: ['provider_id', 'channel_definition_id'],
            properties: { provider_id: { type: 'string' }, channel_definition_id: { type: 'string' } },
          },
          body: {
            type: 'object',
            required: ['redirect_uri'],
            properties: {
              redirect_uri: { type: 'string', minLength: 1, maxLength: 2048 },
              state: { type: 'string', minLength: 1, maxLength: 512 },
              connection_id: { type: 'string', maxLength: 32 },
            },
          },
          response: {
            200: {
              type: 'object',
              required: ['url', 'state'],
              properties: { url: { type: 'string' }, state: { type: 'string' } },
            },
          },
        },
      },
      async (request) => {
        const { provider_id: providerId, channel_definition_id: cdid } = request.params;
        // Members of a roll-out batch see the REDIRECT definition available (see docs/api/rollout.md#batches).
        const userId = request.auth?.userId ?? null;
        const connectionId = request.body.connection_id !== undefined ? Number(request.body.connection_id) || null : null;
        const provider = providerFor(ctx, providerId, { userId, connectionId });
        if (!provider) throw notFound('provider', providerId);
        const definition = provider.channel_definitions.find((d) => d.id === cdid);
        if (!definition) throw notFound('channel definition', cdid);
        if (definition.mode !== 'REDIRECT')
          throw badRequest(`channel definition ${cdid} is not a REDIRECT channel definition`);
        if (definition.unavailable) throw badRequest(`channel definition ${cdid} is unavailable`);
        const body = request.body;
        if (!isAcceptableResultRedirectUri(body.redirect_uri))
          throw badRequest('redirect_uri must be an absolute http or https URL without a fragment');
        if (body.connection_id !== undefined) {
          const connection = userId === null ? undefined : ctx.store.connections.findOwned(userId, parseId(body.connection_id));
          if (!connection || connection.provider_id !== providerId) throw notFound('connection', body.connection_id);
        }
        const connector = ctx.connectors.get(providerId);
        if (!connector?.authorizeUrl && !connector?.startConsent)
          throw badRequest(`provider ${providerId} has no consent page`);
        const state = body.state ?? randomBytes(16).toString('base64url');
        const expires = ctx.now() + CONSENT_LINK_LIFETIME;
        const sig = ctx.consentLinks.sign({
          providerId,
          channelDefinitionId: cdid,
          redirectUri: body.redirect_uri,
          state,
          expires,
        });
        const consentPage = new URL(`${ctx.urls.host_url}/providers/${encodeURIComponent(providerId)}/consent`);
        consentPage.searchParams.set('exp', String(expires));
        consentPage.searchParams.set('sig', sig);
        // The consent page speaks the language of the screen that asked for it (the app's or the widget's,
        // sent as Accept-Language), not the browser's: a French widget must not lead to an English bank page.
        const asked = preferredLanguage(request.headers['accept-language']);
        if (asked) consentPage.searchParams.set('lng', asked);
        try {
          const args = {
            channelDefinitionId: cdid,
            redirectUri: body.redirect_uri,
            state,
            consentPageUrl: consentPage.toString(),
            ...(asked ? { language: asked } : {}),
          };
          // A provider whose consent address comes from its own API (Enable Banking's POST /auth,
          // docs/api/enablebanking.md#consent).
          const url = connector.startConsent
            ? await connector.startConsent(
                args,
                ctx.connectorEnvironments.of(connector, providerId, AbortSignal.timeout(60_000)),
              )
            : connector.authorizeUrl!(args);
          return { url, state };
        } catch (err) {
          if (err instanceof ConnectorError) throw badRequest(err.message);
          throw err;
        }
      },
    );
  },
});
