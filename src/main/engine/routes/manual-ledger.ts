import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { MANUAL_KIND_NAMES } from '../domain/manual-ledger';
import { accountRecord, accountSchema } from '../services/accounts/record';
import { connectionSchema } from '../services/connections/record';
import type { ManualAccountEdit, ManualAccountInput, ManualTransactionEdit, ManualTransactionInput } from '../services/manual-ledger';
import { transactionSchema } from '../services/transactions/record';

/** The person's own ledger (an extension, docs/local-api.md and docs/manual-ledger.md). */
const JSON_TYPE = 'application/json; charset=utf-8';
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const done = { 204: { type: 'null', description: 'Done.' } } as const;
const money = (what: string) =>
  ({ type: ['string', 'number'], maxLength: 40, description: `${what}: a decimal with a dot ("-12.30" or -12.3), at most as many decimals as the currency has.` }) as const;
const name = { type: 'string', minLength: 1, maxLength: 400, description: '1 to 120 characters after trimming.' } as const;
const kind = { type: 'string', enum: MANUAL_KIND_NAMES, description: 'What the account holds; CASH and CHECKINGS are listed as CHECKINGS, PROPERTY and SAVINGS as SAVINGS.' } as const;
const date = { type: 'integer', minimum: 0, maximum: 253402300799, description: 'UTC seconds: the day it happened.' } as const;
const label = { type: 'string', minLength: 1, maxLength: 800, description: '1 to 200 characters after trimming.' } as const;

const connectionBody = { type: 'object', required: ['name'], additionalProperties: false, properties: { name } } as const;
const accountBody = {
  type: 'object',
  required: ['connection_id', 'name', 'kind', 'currency'],
  additionalProperties: false,
  properties: { connection_id: { type: 'string', minLength: 1, maxLength: 40 }, name, kind, currency: { type: 'string', minLength: 1, maxLength: 10, description: 'ISO 4217, like EUR.' }, balance: money('The balance today (default 0)') },
} as const;
const accountEditBody = { type: 'object', required: ['name', 'kind', 'balance'], additionalProperties: false, properties: { name, kind, balance: money('The balance today') } } as const;
const transactionBody = {
  type: 'object',
  required: ['account_id', 'amount', 'date', 'label'],
  additionalProperties: false,
  properties: {
    account_id: { type: 'string', minLength: 1, maxLength: 40, description: 'Any account of the caller that is not CLOSED (a bank\'s or a manual one).' },
    amount: money('Signed amount, negative for money out, never 0'),
    date,
    label,
    currency: { type: 'string', minLength: 1, maxLength: 10, description: 'Optional; when given, the account\'s currency.' },
    category_id: { type: 'string', minLength: 1, maxLength: 100, description: 'A category id of GET /categories (default UNCATEGORIZED).' },
    user_note: { type: ['string', 'null'], maxLength: 4000, description: 'The person\'s note, 1 to 1000 characters after trimming.' },
  },
} as const;
const transactionEditBody = { type: 'object', required: ['amount', 'date', 'label'], additionalProperties: false, properties: { amount: transactionBody.properties.amount, date, label } } as const;

const CONNECTIONS = { kind: 'user', scopes: ['connections_manage'] } as const;
const ACCOUNTS = { kind: 'user', scopes: ['accounts_manage'] } as const;
const TRANSACTIONS = { kind: 'user', scopes: ['transactions_manage'] } as const;

export const manualAccountRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const ledger = ctx.services.manualLedger;
    const strict = { preValidation: rejectWrongBodyTypes };

    app.post<{ Body: { name: string } }>(
      '/manual_connections',
      {
        config: { access: CONNECTIONS },
        ...strict,
        schema: {
          summary: 'Create a manual connection (extension)',
          description: 'A connection with no channel (status NONE, auto_sync false): it is never synchronized and holds accounts kept by hand (POST /manual_accounts). Renamed and deleted with PUT and DELETE /connections/{id}.',
          tags: ['Manual ledger'],
          body: connectionBody,
          response: { 201: { ...connectionSchema, description: 'Created; Location: /connections/<id>.' } },
        },
      },
      async (request, reply) => {
        const id = ledger.createConnection(userIdOf(request), request.body);
        return reply.status(201).header('location', `/connections/${id}`).send(ctx.services.connections.record(id));
      },
    );

    app.post<{ Body: ManualAccountInput }>(
      '/manual_accounts',
      {
        config: { access: ACCOUNTS },
        ...strict,
        schema: {
          summary: 'Add an account kept by hand (extension)',
          description: 'On one of the caller\'s manual connections (404 for another user\'s, 400 for a bank\'s). The account is MANUAL, carries manual_kind, and its balance is the one given plus the manual transactions entered later. Deleted with DELETE /accounts/{id}.',
          tags: ['Manual ledger'],
          body: accountBody,
          response: { 201: { ...accountSchema, description: 'Created; Location: /accounts/<id>.' } },
        },
      },
      async (request, reply) => {
        const userId = userIdOf(request);
        const id = ledger.createAccount(userId, request.body);
        return reply.status(201).header('location', `/accounts/${id}`).send(accountRecord(ctx.services.accounts.owned(userId, String(id))));
      },
    );

    app.put<{ Params: { id: string }; Body: ManualAccountEdit }>(
      '/manual_accounts/:id',
      {
        config: { access: ACCOUNTS },
        ...strict,
        schema: {
          summary: 'Edit an account kept by hand (extension)',
          description: 'Replaces name, kind and the balance the person reads today (a house\'s value, what is left of a loan). 400 for a bank\'s account.',
          tags: ['Manual ledger'],
          params: idParams,
          body: accountEditBody,
          response: done,
        },
      },
      async (request, reply) => {
        ledger.editAccount(ctx.services.accounts.owned(userIdOf(request), request.params.id), request.body);
        return reply.status(204).send();
      },
    );

  },
});

export const manualTransactionRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const ledger = ctx.services.manualLedger;
    const strict = { preValidation: rejectWrongBodyTypes };

    app.post<{ Body: ManualTransactionInput }>(
      '/manual_transactions',
      {
        config: { access: TRANSACTIONS },
        ...strict,
        schema: {
          summary: 'Add a transaction by hand (extension)',
          description: 'On any of the caller\'s accounts that is not CLOSED. It is BOOKED, marked manual: true, counts in the account\'s balance, and no synchronization changes or removes it. Its category, note and tags are edited with PUT /transactions/{id} like any other.',
          tags: ['Manual ledger'],
          body: transactionBody,
          response: { 201: { ...transactionSchema, description: 'Created; Location: /transactions/<id>.' } },
        },
      },
      async (request, reply) => {
        const userId = userIdOf(request);
        const id = String(ledger.createTransaction(userId, request.body));
        return reply.status(201).header('location', `/transactions/${id}`).type(JSON_TYPE).send(ctx.services.transactions.json(userId, id));
      },
    );

    app.put<{ Params: { id: string }; Body: ManualTransactionEdit }>(
      '/manual_transactions/:id',
      {
        config: { access: TRANSACTIONS },
        ...strict,
        schema: { summary: 'Edit a transaction entered by hand (extension)', description: 'Replaces amount, date and label. 404 for a bank\'s transaction (its data never changes).', tags: ['Manual ledger'], params: idParams, body: transactionEditBody, response: done },
      },
      async (request, reply) => {
        ledger.editTransaction(userIdOf(request), request.params.id, request.body);
        return reply.status(204).send();
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/manual_transactions/:id',
      {
        config: { access: TRANSACTIONS },
        schema: { summary: 'Delete a transaction entered by hand (extension)', description: '404 for a bank\'s transaction.', tags: ['Manual ledger'], params: idParams, response: done },
      },
      async (request, reply) => {
        ledger.deleteTransaction(userIdOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  },
});
