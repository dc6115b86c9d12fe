import type { FastifyInstance } from 'fastify';
import { userIdOf } from '../http/access-control';
import type { PayeeService } from '../services/payees';
import { pageLimitProperties, sendList, totalCountHeader, type PageLimit } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { idParams, mergeAnswer, mergeBody, nameConflict } from './merge-schema';

/** Payees (an extension, docs/local-api.md): display names over the bank's labels. */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const conflict = nameConflict('payee');
const nameBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 400,
      description: '1 to 80 characters after trimming; unique among your payees (case and accents ignored).',
    },
  },
} as const;

export const payeeSchema = {
  type: 'object',
  required: ['id', 'name', 'transaction_count', 'creation_date'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    transaction_count: { type: 'integer', description: 'How many of your transactions carry it.' },
    creation_date: { type: 'integer' },
  },
} as const;

export const payeeRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const payees = ctx.services.payees;

    app.get<{ Querystring: PageLimit }>(
      '/payees',
      {
        config: { access: READ },
        schema: {
          summary: 'List payees (extension)',
          description: "The caller's payees by name.",
          tags: ['Payees'],
          querystring: { type: 'object', properties: { ...pageLimitProperties } },
          response: {
            200: {
              description: 'The payees; an empty array when none.',
              type: 'array',
              items: payeeSchema,
              headers: totalCountHeader,
            },
          },
        },
      },
      async (request, reply) => {
        const { records, total } = payees.list(userIdOf(request), request.query);
        return sendList(reply, records, total);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/payees/:id',
      {
        config: { access: READ },
        schema: {
          summary: 'Get a payee (extension)',
          tags: ['Payees'],
          params: idParams,
          response: { 200: { ...payeeSchema, description: 'The payee.' } },
        },
      },
      async (request) => payees.get(userIdOf(request), request.params.id),
    );

    registerPayeeChanges(app, payees);
  },
});

/** The changes of payees: create, rename, merge, delete. */
function registerPayeeChanges(app: FastifyInstance, payees: PayeeService): void {
  app.post<{ Body: { name: string } }>(
    '/payees',
    {
      config: { access: MANAGE },
      preValidation: rejectWrongBodyTypes,
      schema: {
        summary: 'Create a payee (extension)',
        description:
          'Set it on transactions with PUT /transactions/{id} (payee_id), which can also create one by name (payee_name).',
        tags: ['Payees'],
        body: nameBody,
        response: { 201: { ...payeeSchema, description: 'Created; Location: /payees/<id>.' }, 409: conflict },
      },
    },
    async (request, reply) => {
      const record = payees.create(userIdOf(request), request.body);
      return reply.status(201).header('location', `/payees/${record.id}`).send(record);
    },
  );

  app.put<{ Params: { id: string }; Body: { name: string } }>(
    '/payees/:id',
    {
      config: { access: MANAGE },
      preValidation: rejectWrongBodyTypes,
      schema: {
        summary: 'Rename a payee (extension)',
        description: 'Every transaction carrying it shows the new name.',
        tags: ['Payees'],
        params: idParams,
        body: nameBody,
        response: { 204: { type: 'null', description: 'Done.' }, 409: conflict },
      },
    },
    async (request, reply) => {
      payees.rename(userIdOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string }; Body: { into_id: string } }>(
    '/payees/:id/merge',
    {
      config: { access: MANAGE },
      preValidation: rejectWrongBodyTypes,
      schema: {
        summary: 'Merge a payee into another (extension)',
        description:
          'Its transactions take into_id (another of your payees), then it is removed; one database transaction.',
        tags: ['Payees'],
        params: idParams,
        body: mergeBody,
        response: mergeAnswer,
      },
    },
    async (request) => payees.merge(userIdOf(request), request.params.id, request.body.into_id),
  );

  app.delete<{ Params: { id: string } }>(
    '/payees/:id',
    {
      config: { access: MANAGE },
      schema: {
        summary: 'Delete a payee (extension)',
        description: 'Its transactions show their bank label again.',
        tags: ['Payees'],
        params: idParams,
        response: { 204: { type: 'null', description: 'Deleted.' } },
      },
    },
    async (request, reply) => {
      payees.delete(userIdOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
