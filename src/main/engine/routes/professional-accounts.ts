/** `POST /accounts/{id}/validate_professional` (extension): validates a suspended professional account. */
import { userIdOf } from '../auth/access';
import { notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { parseId } from '../resources/common/record';
import { validateProfessionalAccount } from '../sync/professional';

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
        const id = parseId(request.params.id);
        const account =
          id === null
            ? undefined
            : ctx.db
                .prepare<[number, number], { id: number; connection_id: number; status: string; usage: string }>(
                  'SELECT id, connection_id, status, usage FROM accounts WHERE id = ? AND user_id = ?',
                )
                .get(id, userIdOf(request));
        if (!account) throw notFound('account', request.params.id);
        validateProfessionalAccount(ctx, account);
        return reply.status(204).send();
      },
    );
  },
});
