import { userIdOf } from '../http/access-control';
import { ACCOUNT_TYPES, TRANSACTION_STATUSES } from '../domain/values';
import { decimalQueryParams, pageLimitProperties, totalCountHeader } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import type { TransactionEdit, TransactionListQuery } from '../services/transactions';
import { transactionSchema } from '../services/transactions/record';

const JSON_TYPE = 'application/json; charset=utf-8';
const READ = { kind: 'user', scopes: ['transactions_read'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const signedDecimal = (rule: string) => ({
  type: 'string',
  pattern: '^[+-]?\\d+(\\.\\d+)?$',
  description: `Signed decimal with a dot (e.g. -12.30); ${rule}. Compared exactly: more decimals than the currency has → 400.`,
});
const timestamp = (rule: string) => ({ type: 'integer', minimum: 0, maximum: 253402300799, description: `UTC seconds; ${rule}.` });

export const transactionRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const transactions = ctx.services.transactions;

    app.get<{ Querystring: TransactionListQuery }>(
      '/transactions',
      {
        config: { access: READ },
        preValidation: decimalQueryParams(['page', 'limit', 'start_date', 'end_date', 'start_import_date']),
        schema: {
          summary: 'List transactions',
          description:
            'Without included_statuses or excluded_statuses only BOOKED transactions are listed; the two cannot be ' +
            'combined. Order: import_date ascending, then id descending. A parent category_id also matches its children.',
          tags: ['Transactions'],
          querystring: {
            type: 'object',
            properties: {
              ...pageLimitProperties,
              origin: { type: 'string', enum: ['TRANSACTION'], description: 'Only TRANSACTION is supported.' },
              included_statuses: { type: 'string', description: `Comma list of ${TRANSACTION_STATUSES.join(', ')} to include.` },
              excluded_statuses: { type: 'string', description: `Comma list of ${TRANSACTION_STATUSES.join(', ')} to exclude.` },
              min_amount: signedDecimal('amount greater than or equal'),
              max_amount: signedDecimal('amount less than or equal'),
              amount: signedDecimal('exact amount'),
              account_type: { type: 'string', enum: [...ACCOUNT_TYPES] },
              start_date: timestamp('transactions dated on or after'),
              end_date: timestamp('transactions dated strictly before'),
              account_id: { type: 'string' },
              category_id: { type: 'string', description: 'A category id; a parent category also matches its children (the caller\'s own categories under it too).' },
              payee_id: { type: 'string', description: 'Extension: only the transactions carrying this payee of GET /payees.' },
              start_import_date: timestamp('only transactions whose import date is strictly greater'),
            },
          },
          response: { 200: { description: 'The transactions; an empty array when none.', type: 'array', items: transactionSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const userId = userIdOf(request);
        const at = request.url.indexOf('?');
        const { json, total } = transactions.list(userId, at < 0 ? '' : request.url.slice(at + 1), request.query);
        // The JSON text comes from SQLite (see store/transaction-queries.ts); Fastify sends it as is.
        return reply.header('x-total-count', String(total)).type(JSON_TYPE).send(json);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/transactions/:id',
      {
        config: { access: READ },
        schema: {
          summary: 'Get a transaction',
          tags: ['Transactions'],
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          response: { 200: { ...transactionSchema, description: 'The transaction.' } },
        },
      },
      async (request, reply) => {
        return reply.type(JSON_TYPE).send(transactions.json(userIdOf(request), request.params.id));
      },
    );

    app.put<{ Params: { id: string }; Body: TransactionEdit }>(
      '/transactions/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Edit a transaction: category, note, tags, payee (extension)',
          description:
            'Fields given replace the stored value, fields left out stay (at least one). category_id files the transaction ' +
            'under that category for good (category_source USER: rules and synchronizations leave it alone) and records a ' +
            'correction its label learns from. user_note null or "" clears the note; tags [] clears the tags. The bank\'s ' +
            'label and notes never change; import_date and last_update_date stay. A later synchronization updating the same ' +
            'transaction (pending → booked) keeps the category, note, tags and payee. payee_id sets one of the caller\'s payees ' +
            '(null clears it); payee_name sets the payee of that name (case and accents ignored), created when new; not both.',
          tags: ['Transactions'],
          params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              category_id: { type: 'string', minLength: 1, maxLength: 100, description: 'A category id of GET /categories (not a hidden one).' },
              payee_id: { type: ['string', 'null'], maxLength: 40, description: 'A payee id of GET /payees; null clears the payee.' },
              payee_name: { type: 'string', maxLength: 400, description: 'A payee name, 1 to 80 characters after trimming.' },
              user_note: { type: ['string', 'null'], maxLength: 4000, description: 'The person\'s note, 1 to 1000 characters after trimming; null or "" clears it.' },
              tags: {
                type: 'array',
                maxItems: 100,
                items: { type: 'string', maxLength: 200 },
                description: 'Each trimmed, 1 to 40 characters; duplicates (ignoring case) removed, order kept; at most 20; [] clears them.',
              },
            },
          },
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        transactions.edit(userIdOf(request), request.params.id, request.body);
        return reply.status(204).send();
      },
    );
  },
});
