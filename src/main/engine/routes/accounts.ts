import { userIdOf } from '../http/access-control';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from '../domain/values';
import { decimalQueryParams, pageLimitProperties, sendList, totalCountHeader } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import type { AccountListQuery } from '../services/accounts';
import { accountRecord, accountSchema } from '../services/accounts/record';

const READ = { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'accounts_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['accounts_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const errorRef = { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' }, id: { type: 'string' } } } as const;

export const accountRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const accounts = ctx.services.accounts;
    app.get<{ Querystring: AccountListQuery }>(
      '/accounts',
      {
        config: { access: READ },
        preValidation: decimalQueryParams(['page', 'limit']),
        schema: {
          summary: 'List accounts',
          tags: ['Accounts'],
          querystring: {
            type: 'object',
            properties: {
              ...pageLimitProperties,
              type: { type: 'string', description: `Comma list of ${ACCOUNT_TYPES.join(', ')}.` },
              q: { type: 'string', maxLength: 200, description: 'Free text over every text field of the account (each word must appear; case and accents ignored).' },
              status: { type: 'string', description: `One account status: ${ACCOUNT_STATUSES.join(', ')}.` },
              connection_id: { type: 'string' },
              usage: { type: 'string', enum: ['PERSONAL', 'PROFESSIONAL'] },
              sort: {
                type: 'string',
                description: 'Fields name and creation_date, comma separated; prefix - for descending (default creation_date). Example: name,-creation_date.',
              },
            },
          },
          response: { 200: { description: 'The accounts; an empty array when none.', type: 'array', items: accountSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const { records, total } = accounts.list(userIdOf(request), request.query);
        return sendList(reply, records, total);
      },
    );

    app.post<{ Body: { connection_id: string; reference: string } }>(
      '/accounts',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Add an account listed NEW by LIST_ACCOUNTS',
          description:
            'Adds the account `reference` that the last LIST_ACCOUNTS synchronization of the connection listed with status ' +
            'NEW. 404 when it is not among them. The account is ACTIVE and its synchronization starts. When that run ' +
            'already added it (connections without consent_per_account): 200 with the existing account and its Location.',
          tags: ['Accounts'],
          body: {
            type: 'object',
            required: ['connection_id', 'reference'],
            properties: { connection_id: { type: 'string', minLength: 1 }, reference: { type: 'string', minLength: 1, maxLength: 256 } },
          },
          response: {
            200: { ...accountSchema, description: 'Already added by the LIST_ACCOUNTS run; Location: /accounts/<id>.' },
            201: { ...accountSchema, description: 'Created; Location: /accounts/<id>.' }, 404: { ...errorRef, description: 'Not listed NEW for the connection.' } },
        },
      },
      async (request, reply) => {
        const { id, created, record } = accounts.createListed(userIdOf(request), request.body.connection_id, request.body.reference);
        return reply.status(created ? 201 : 200).header('location', `/accounts/${id}`).send(record);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/accounts/:id',
      {
        config: { access: READ },
        schema: { summary: 'Get an account', tags: ['Accounts'], params: idParams, response: { 200: { ...accountSchema, description: 'The account.' } } },
      },
      async (request) => accountRecord(accounts.owned(userIdOf(request), request.params.id)),
    );

    app.put<{ Params: { id: string }; Body: { name: string; status: 'ACTIVE' | 'CLOSED' } }>(
      '/accounts/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Rename, archive (CLOSED) or reopen (ACTIVE) an account',
          description:
            'Replaces name and status. CLOSED archives the account: data kept, balance set to 0, no more synchronization. ' +
            'ACTIVE reopens a CLOSED account and schedules its synchronization (400 while its connection is closed).',
          tags: ['Accounts'],
          params: idParams,
          body: {
            type: 'object',
            required: ['name', 'status'],
            properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, status: { type: 'string', enum: ['ACTIVE', 'CLOSED'] } },
          },
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        accounts.put(accounts.owned(userIdOf(request), request.params.id), request.body);
        return reply.status(204).send();
      },
    );

    app.put<{ Params: { id: string }; Body: { hidden_from_totals: boolean } }>(
      '/accounts/:id/preferences',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Set the person\'s preferences for an account (extension)',
          description:
            'hidden_from_totals: true keeps the account out of the app\'s totals and charts (the record then carries ' +
            '`hidden_from_totals: true`). Nothing else changes: the account still synchronizes and its transactions are listed.',
          tags: ['Accounts'],
          params: idParams,
          body: {
            type: 'object',
            required: ['hidden_from_totals'],
            additionalProperties: false,
            properties: { hidden_from_totals: { type: 'boolean' } },
          },
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        accounts.setPreferences(accounts.owned(userIdOf(request), request.params.id), request.body);
        return reply.status(204).send();
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/accounts/:id',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Delete an account and its history',
          description:
            'Removes the account and its transactions; later synchronizations do not bring it back (LIST_ACCOUNTS lists it ' +
            'as NEW). The last account of a channel leaves the channel EMPTY; when no used channel is left the connection is removed.',
          tags: ['Accounts'],
          params: idParams,
          response: { 204: { type: 'null', description: 'Deleted.' } },
        },
      },
      async (request, reply) => {
        await accounts.delete(accounts.owned(userIdOf(request), request.params.id));
        return reply.status(204).send();
      },
    );
  },
});
