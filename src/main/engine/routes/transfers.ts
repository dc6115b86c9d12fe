import { userIdOf } from '../http/access-control';
import { pageLimitProperties, sendList, totalCountHeader, type PageLimit } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';

/** Transfers between the person's own accounts (an extension, docs/local-api.md and docs/splits-and-transfers.md). */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const errorBody = { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' }, id: { type: 'string' } } } as const;

export const transferSchema = {
  type: 'object',
  required: ['id', 'debit_transaction_id', 'credit_transaction_id', 'confirmed', 'creation_date'],
  properties: {
    id: { type: 'string' },
    debit_transaction_id: { type: 'string', description: 'The money leaving an account (negative amount).' },
    credit_transaction_id: { type: 'string', description: 'The same money arriving in another of the person\'s accounts.' },
    confirmed: { type: 'boolean', description: 'true when linked or confirmed by hand; false when found automatically.' },
    creation_date: { type: 'integer' },
  },
} as const;

export const transferRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const transfers = ctx.services.transfers;

    app.get<{ Querystring: PageLimit }>(
      '/transfers',
      {
        config: { access: READ },
        schema: {
          summary: 'List transfers between the caller\'s accounts (extension)',
          description: 'Links found automatically after each synchronization or made by hand, oldest first.',
          tags: ['Transfers'],
          querystring: { type: 'object', properties: { ...pageLimitProperties } },
          response: { 200: { description: 'The transfers; an empty array when none.', type: 'array', items: transferSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const { records, total } = transfers.list(userIdOf(request), request.query);
        return sendList(reply, records, total);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/transfers/:id',
      {
        config: { access: READ },
        schema: { summary: 'Get a transfer (extension)', tags: ['Transfers'], params: idParams, response: { 200: { ...transferSchema, description: 'The transfer.' } } },
      },
      async (request) => transfers.get(userIdOf(request), request.params.id),
    );

    app.post<{ Body: { transaction_ids: [string, string] } }>(
      '/transfers',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Link two transactions as a transfer, by hand (extension)',
          description:
            'Two of the caller\'s transactions in two different accounts, one negative and one positive (their amounts may ' +
            'differ: fees, currencies). Created confirmed. 404 when either is not the caller\'s; 409 when either is already ' +
            'linked (the id of that link). A pair unlinked before may be linked again this way.',
          tags: ['Transfers'],
          body: {
            type: 'object',
            required: ['transaction_ids'],
            additionalProperties: false,
            properties: { transaction_ids: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'string', minLength: 1, maxLength: 40 } } },
          },
          response: {
            201: { ...transferSchema, description: 'Created; Location: /transfers/<id>.' },
            409: { ...errorBody, description: 'A transaction is already linked (that link\'s id).' },
          },
        },
      },
      async (request, reply) => {
        const [a, b] = request.body.transaction_ids;
        const record = transfers.link(userIdOf(request), [a, b]);
        return reply.status(201).header('location', `/transfers/${record.id}`).send(record);
      },
    );

    app.put<{ Params: { id: string }; Body: { confirmed: true } }>(
      '/transfers/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Confirm a transfer found automatically (extension)',
          description: 'confirmed can only become true; to undo a link, DELETE it.',
          tags: ['Transfers'],
          params: idParams,
          body: { type: 'object', required: ['confirmed'], additionalProperties: false, properties: { confirmed: { type: 'boolean', enum: [true] } } },
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        transfers.confirm(userIdOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/transfers/:id',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Unlink a transfer (extension)',
          description: 'Both transactions count as spending or income again; the automatic detection never links this pair again.',
          tags: ['Transfers'],
          params: idParams,
          response: { 204: { type: 'null', description: 'Unlinked.' } },
        },
      },
      async (request, reply) => {
        transfers.unlink(userIdOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  },
});
