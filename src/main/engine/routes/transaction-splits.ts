import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import type { SplitInput } from '../services/transactions';

/** PUT /transactions/{id}/splits (an extension, docs/local-api.md and docs/splits-and-transfers.md). */
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;

export const splitPartSchema = {
  type: 'object',
  required: ['amount', 'category_id'],
  additionalProperties: false,
  properties: {
    amount: { type: 'number', description: 'Signed, non-zero, in the transaction\'s currency (no more decimals than it has).' },
    category_id: { type: 'string', minLength: 1, maxLength: 100, description: 'A category id of GET /categories.' },
    note: { type: ['string', 'null'], maxLength: 800, description: 'The person\'s note on this part, at most 200 characters after trimming; null or "" for none.' },
  },
} as const;

export const transactionSplitRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const transactions = ctx.services.transactions;
    app.put<{ Params: { id: string }; Body: { splits: SplitInput[] } }>(
      '/transactions/:id/splits',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Split a transaction into parts (extension)',
          description:
            'Replaces the parts of the transaction: 2 to 50, each an amount, a category and an optional note, adding up ' +
            'EXACTLY to the transaction\'s amount (otherwise 400, saying by how much they are off). [] removes the split. ' +
            'Reports count the parts instead of the whole row. The bank\'s row never changes; a pending row that books keeps ' +
            'its parts (when the bank books another amount, the last part takes the difference, or the split is removed when ' +
            'that part would reach 0 or change sign).',
          tags: ['Transactions'],
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          body: {
            type: 'object',
            required: ['splits'],
            additionalProperties: false,
            properties: { splits: { type: 'array', maxItems: 50, items: splitPartSchema } },
          },
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        transactions.split(userIdOf(request), request.params.id, request.body.splits);
        return reply.status(204).send();
      },
    );
  },
});
