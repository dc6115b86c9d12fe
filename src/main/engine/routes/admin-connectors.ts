/**
 * PUT/GET/DELETE /admin/connectors/enablebanking (docs/api/enablebanking.md#configuration; an admin API path): the
 * installation's Enable Banking application. PUT checks the application id and private key at once with Enable Banking
 * (GET /application) and keeps the key in the OS keychain only; no answer ever contains the key.
 */
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { errorSchema } from '../http/error-schema';

const TAGS = ['Admin'];
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;
const ext = { 'x-coffer-extension': true } as const;
const NAME = 'enablebanking';

const viewSchema = {
  type: 'object',
  required: ['application_id', 'name', 'environment', 'active', 'redirect_urls', 'countries'],
  properties: {
    application_id: { type: 'string' },
    name: { type: 'string', description: "The application's name at Enable Banking." },
    environment: { type: 'string', description: 'PRODUCTION or SANDBOX.' },
    active: {
      type: 'boolean',
      description: 'false until the application is activated by linking accounts in the Enable Banking control panel.',
    },
    redirect_urls: {
      type: 'array',
      items: { type: 'string' },
      description: 'The redirect URLs registered for the application: authorize_url accepts only these as redirect_uri.',
    },
    countries: { type: 'array', items: { type: 'string' }, description: 'ISO 3166 alpha-2 countries whose banks are listed.' },
  },
} as const;

export const adminConnectorRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.put<{ Body: { application_id: string; private_key: string } }>(
      `/admin/connectors/${NAME}`,
      {
        config: { access: ADMIN },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Set the Enable Banking application',
          description:
            'The application registered at Enable Banking (a restricted production application is free for personal ' +
            'use) and its RSA private key (the .pem file). Checked at once with Enable Banking: 400 invalid_request ' +
            'saying why when it refuses (wrong key, key of another application, not a PEM file). The key is kept in ' +
            'the OS keychain only (503 secret_store_unavailable without one) and never shown again. The banks of the ' +
            "application's countries then appear in GET /providers.",
          tags: TAGS,
          ...ext,
          body: {
            type: 'object',
            required: ['application_id', 'private_key'],
            additionalProperties: false,
            properties: {
              application_id: { type: 'string', minLength: 1, maxLength: 64 },
              private_key: { type: 'string', minLength: 1, maxLength: 20_000, description: 'PEM ("-----BEGIN PRIVATE KEY-----…").' },
            },
          },
          response: { 200: viewSchema, 400: errorSchema, 503: errorSchema },
        },
      },
      async (request) =>
        ctx.services.connectorConfigurations.put(NAME, {
          application_id: request.body.application_id,
          private_key: request.body.private_key,
        }),
    );

    app.get(
      `/admin/connectors/${NAME}`,
      {
        config: { access: ADMIN },
        schema: {
          summary: 'The Enable Banking application',
          description: 'What Enable Banking said of the application when it was set (never the key). 404 when none is set.',
          tags: TAGS,
          ...ext,
          response: { 200: viewSchema, 404: errorSchema },
        },
      },
      async () => ctx.services.connectorConfigurations.get(NAME),
    );

    app.delete(
      `/admin/connectors/${NAME}`,
      {
        config: { access: ADMIN },
        schema: {
          summary: 'Remove the Enable Banking application',
          description:
            'Forgets the application and deletes its key from the keychain. Its banks leave the catalogue (those ' +
            'with connections stay, unavailable); existing connections can no longer synchronize. Idempotent.',
          tags: TAGS,
          ...ext,
          response: { 204: { type: 'null', description: 'Removed.' } },
        },
      },
      async (_request, reply) => {
        await ctx.services.connectorConfigurations.remove(NAME);
        return reply.code(204).send();
      },
    );
  },
});
