import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { preferredLanguage, acceptLanguage as requestLanguage } from '../../../shared/language';
import { PROVIDER_TYPES } from '../domain/values';
import { notFound } from '../http/errors';
import { decimalQueryParams, pageLimitProperties, sendList, totalCountHeader } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import type { ProviderListQuery } from '../services/providers';
import { providerSchema } from '../services/providers/record';

const ext = { 'x-coffer-extension': true };

/** Any valid token, no scope (docs/api/auth-and-scopes.md#scopes). */
const TOKEN = { kind: 'token' } as const;

export const providerRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.get<{ Querystring: ProviderListQuery }>(
      '/providers',
      {
        config: { access: TOKEN },
        preValidation: decimalQueryParams(['page', 'limit']),
        schema: {
          summary: 'List providers',
          description: 'Needs a valid token of any kind, no scope. Credential labels follow Accept-Language (en or fr; default fr).',
          tags: ['Providers'],
          querystring: {
            type: 'object',
            properties: {
              ...pageLimitProperties,
              pagination: { type: 'boolean', default: true, description: 'false returns every provider (page and limit ignored).' },
              type: { type: 'string', description: `Comma list of ${PROVIDER_TYPES.join(', ')}.` },
              q: { type: 'string', maxLength: 200, description: 'Words of the provider name (case and accents ignored).' },
              interactive: { type: 'boolean', description: 'Providers with a channel definition of this interactive flag.' },
              country_code: { type: 'string', description: 'ISO 3166 alpha-3, e.g. FRA.' },
            },
          },
          response: { 200: { description: 'The providers.', type: 'array', items: providerSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request.headers['accept-language']);
        const asked = preferredLanguage(request.headers['accept-language']);
        const { records, total } = ctx.services.providers.list(request.auth?.userId ?? null, request.query, lang, asked);
        return sendList(reply, records, total);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/providers/:id',
      {
        config: { access: TOKEN },
        schema: {
          summary: 'Get a provider',
          tags: ['Providers'],
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          response: { 200: { ...providerSchema, description: 'The provider.' } },
        },
      },
      async (request) => {
        // A user in a roll-out batch sees the REDIRECT definition available (see docs/api/rollout.md#batches).
        const lang = requestLanguage(request.headers['accept-language']);
        const asked = preferredLanguage(request.headers['accept-language']);
        return ctx.services.providers.record(request.auth?.userId ?? null, request.params.id, lang, asked);
      },
    );
  },
});

/** `{host_url}/logos/<provider_id>.svg`: the provider's logo from resources/logos (public, cacheable). */
export const logoRoutes = defineRoutes({
  mount: 'root',
  register(app, ctx) {
    app.get<{ Params: { file: string } }>(
      '/logos/:file',
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: 'Provider logo',
          tags: ['Providers'],
          ...ext,
          params: { type: 'object', properties: { file: { type: 'string', description: '<provider_id>.svg' } }, required: ['file'] },
        },
      },
      async (request, reply) => {
        const m = /^([A-Za-z0-9_-]{1,64})\.svg$/.exec(request.params.file);
        const providerId = m ? m[1] : request.params.file.slice(0, 64);
        const provider = m ? ctx.services.providers.find(providerId) : undefined;
        const file = provider ? join(ctx.resourcesDir, 'logos', basename(provider.logo)) : null;
        if (!file || !file.endsWith('.svg') || !existsSync(file)) throw notFound('logo', providerId);
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(readFileSync(file));
      },
    );
  },
});
