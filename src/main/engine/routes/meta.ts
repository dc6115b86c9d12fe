import { defineRoutes } from '../http/route-module';

/** The OpenAPI document of this very server, and a trivial liveness route. */
export const openApiRoutes = defineRoutes({
  mount: 'api',
  register(app) {
    app.get(
      '/openapi.json',
      { config: { access: { kind: 'public' } }, schema: { hide: true } },
      async () => app.swagger(),
    );
  },
});

export const healthRoutes = defineRoutes({
  mount: 'root',
  register(app) {
    app.get(
      '/health',
      {
        config: { access: { kind: 'public' } },
        schema: {
          summary: 'Liveness',
          description:
            '`status` is `ok` while the data is served; otherwise the error code every data path answers ' +
            '(`database_damaged`, `database_missing`, …) and `error_description` says what to do.',
          response: {
            200: {
              type: 'object',
              properties: { status: { type: 'string' }, error_description: { type: 'string' } },
              required: ['status'],
            },
          },
        },
      },
      async () => ({ status: 'ok' }),
    );
  },
});
