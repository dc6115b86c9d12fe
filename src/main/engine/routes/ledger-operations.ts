import { acceptEmptyJsonBody } from '../http/empty-json-body';
import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import type { BulkEdit } from '../services/transactions';
import { bulkEditBody, operationResult, operationSchema } from './ledger-schemas';

/** The person's operations, undo, bulk edit and back to automatic (extensions, docs/local-api.md). */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const errorBody = { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' }, id: { type: 'string' } } } as const;
const TAGS = ['Operations (undo)'];

export const ledgerOperationRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const operations = ctx.services.ledgerOperations;
    const transactions = ctx.services.transactions;

    app.get<{ Querystring: { limit?: number } }>(
      '/ledger_operations',
      {
        config: { access: READ },
        schema: {
          summary: 'List recent operations (extension)',
          description: 'The caller\'s changes of their corrections, newest first; the last 100 are kept.',
          tags: TAGS,
          querystring: { type: 'object', additionalProperties: false, properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 } } },
          response: { 200: { description: 'The operations; an empty array when none.', type: 'array', items: operationSchema } },
        },
      },
      async (request) => operations.list(userIdOf(request), request.query.limit ?? 100),
    );

    app.get<{ Params: { id: string } }>(
      '/ledger_operations/:id',
      {
        config: { access: READ },
        schema: { summary: 'Get an operation (extension)', tags: TAGS, params: idParams, response: { 200: { ...operationSchema, description: 'The operation.' } } },
      },
      async (request) => operations.get(userIdOf(request), request.params.id),
    );

    app.register(async (api) => {
      acceptEmptyJsonBody(api);
      api.post<{ Params: { id: string } }>(
        '/ledger_operations/:id/undo',
        {
          config: { access: MANAGE },
          schema: {
            summary: 'Undo an operation (extension)',
            description:
              'Puts back every transaction it changed as it was before, as a whole. No body. 409 (nothing changed) when it ' +
              'was undone already, when some of its transactions were deleted since, or when some were changed again since ' +
              '(undo that later change first).',
            tags: TAGS,
            params: idParams,
            response: {
              200: { ...operationSchema, description: 'Undone (undone_date set).' },
              409: { ...errorBody, description: 'Cannot be undone as a whole; nothing changed (the operation\'s id).' },
            },
          },
        },
        async (request) => operations.undo(userIdOf(request), request.params.id),
      );

      api.post<{ Params: { id: string } }>(
        '/transactions/:id/back_to_automatic',
        {
          config: { access: MANAGE },
          schema: {
            summary: 'Back to automatic: drop the person\'s category (extension)',
            description:
              'Files the transaction again as a new one would be: by the first of the caller\'s rules that matches, else by the ' +
              'automatic categorizer. Its note and tags stay. One operation (undoable). No body.',
            tags: ['Transactions'],
            params: idParams,
            response: { 200: { ...operationResult, description: 'Done; updated 0 when it already was automatic.' } },
          },
        },
        async (request) => {
          const operation = transactions.backToAutomatic(userIdOf(request), request.params.id);
          return { updated: operation?.transaction_count ?? 0, ...(operation ? { operation } : {}) };
        },
      );
    });

    app.post<{ Body: BulkEdit }>(
      '/transactions/bulk_edit',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Edit many transactions at once (extension)',
          description:
            'Sets the category or the tags, or adds a note, on every transaction given, as one operation (undoable). At least one of ' +
            'category_id, tags, add_note. An id that is not one of the caller\'s transactions: 404, nothing changed.',
          tags: ['Transactions'],
          body: bulkEditBody,
          response: { 200: { ...operationResult, description: 'Done.' } },
        },
      },
      async (request) => {
        const { updated, operation } = transactions.bulkEdit(userIdOf(request), request.body);
        return { updated, ...(operation ? { operation } : {}) };
      },
    );
  },
});
