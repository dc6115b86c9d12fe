import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Access } from './access-control';

/**
 * OpenAPI 3.1 generated from the route schemas (it cannot drift from the code). Security requirements are
 * derived from each route's `config.access`; the /v2.1 copies are hidden (same operations as /v2).
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access as Access | undefined;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    if (route.url.startsWith('/v2.1/') || route.url === '/v2.1') schema.hide = true;
    if (!access || schema.security) return;
    if (access.kind === 'user') schema.security = [{ oauth2: [...access.scopes] }, { bearer: [...access.scopes] }];
    else if (access.kind === 'client') schema.security = [{ clientCredentials: [...access.scopes] }];
    else if (access.kind === 'token') schema.security = [{ oauth2: [] }, { bearer: [] }, { clientCredentials: [] }];
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coffer local aggregation API',
        version: '0.0.1',
        description:
          'The account-aggregation service that Coffer runs on 127.0.0.1. Every path under /v2 is also served ' +
          'under /v2.1 with the same behaviour. Errors use the body {"error", "error_description", "id"?}. ' +
          'Lists carry the X-Total-Count header. Extensions beyond the published interface are marked x-coffer-extension.',
      },
      components: {
        securitySchemes: {
          oauth2: {
            type: 'oauth2',
            description: 'User tokens: authorization code with PKCE S256, or the password grant for confidential clients.',
            flows: {
              authorizationCode: {
                authorizationUrl: '/auth/authorize',
                tokenUrl: '/auth/token',
                refreshUrl: '/auth/token',
                scopes: {
                  accounts_manage: 'manage accounts',
                  accounts_read: 'read accounts and connections',
                  connections_manage: 'manage connections, keys and queues',
                  connections_sync: 'synchronize connections, answer challenges, use queues',
                  transactions_read: 'read transactions, accounts and connections',
                  transactions_manage: 'edit transactions and categorization rules (extension)',
                  profile: 'read user profile and properties',
                  profile_edit: 'update or delete a user, update properties',
                },
              },
            },
          },
          clientCredentials: {
            type: 'oauth2',
            description: "The integrator client's own token.",
            flows: {
              clientCredentials: {
                tokenUrl: '/auth/token',
                scopes: { users_create: 'create a user', admin: 'administer this installation (extension)' },
              },
            },
          },
          bearer: { type: 'http', scheme: 'bearer', description: 'Personal access tokens for scripts.' },
        },
      },
    },
  });
}
