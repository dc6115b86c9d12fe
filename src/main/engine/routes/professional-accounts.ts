/** `POST /accounts/{id}/validate_professional` (extension): validates a suspended professional account. */
import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { validateProfessionalAccount } from '../services/professional-accounts';

const ext = { 'x-coffer-extension': true };
export const professionalAccountRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.post<{ Params: { id: string } }>(
      '/accounts/:id/validate_professional',
      {
        config: { access: { kind: 'user', scopes: ['accounts_manage'] } },
        schema: {
          summary: 'Validate a professional account',
          description:
            'An account of PROFESSIONAL usage is SUSPENDED when a synchronization finds it; validating it makes it ACTIVE ' +
            'and synchronizes it at once. 400 when the account is not a suspended professional account.',
          tags: ['Accounts'],
          ...ext,
          params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          response: { 204: { type: 'null', description: 'Validated; its synchronization started.' } },
        },
      },
      async (request, reply) => {
        validateProfessionalAccount(ctx, ctx.services.accounts.owned(userIdOf(request), request.params.id));
        return reply.status(204).send();
      },
    );
  },
});
