import { userIdOf } from '../http/access-control';
import { pageLimitProperties, sendList, totalCountHeader, type PageLimit } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';

/** An account's running balance and reconciliation (an extension, docs/local-api.md and docs/manual-ledger.md). */
const READ = { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'accounts_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['accounts_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

const runningBalanceSchema = {
  type: 'object',
  required: ['transaction_id', 'date', 'amount', 'balance'],
  properties: {
    transaction_id: { type: 'string' },
    date: { type: 'integer' },
    amount: { type: 'number' },
    balance: { type: 'number', description: 'The account\'s balance just after this transaction.' },
  },
} as const;

export const reconciliationSchema = {
  type: 'object',
  required: ['account_id', 'date', 'statement_balance', 'balance', 'difference', 'creation_date'],
  properties: {
    account_id: { type: 'string' },
    date: { type: 'string', description: 'Reconciled up to the end of this day (YYYY-MM-DD, UTC).' },
    statement_balance: { type: 'number', description: 'The balance the person read on their statement for the end of that day.' },
    balance: { type: 'number', description: 'Coffer\'s balance at the end of that day, from today\'s data.' },
    difference: { type: 'number', description: 'statement_balance − balance: 0 when they agree.' },
    creation_date: { type: 'integer', description: 'When the person reconciled.' },
  },
} as const;

const reconcileBody = {
  type: 'object',
  required: ['date', 'statement_balance'],
  additionalProperties: false,
  properties: {
    date: { type: 'string', minLength: 1, maxLength: 20, description: 'The statement\'s last day, YYYY-MM-DD.' },
    statement_balance: { type: ['string', 'number'], maxLength: 40, description: 'The balance on the statement at the end of that day; a decimal with a dot.' },
  },
} as const;

export const reconciliationRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const ledger = ctx.services.manualLedger;
    const owned = (request: { params: { id: string } }, userId: number) => ctx.services.accounts.owned(userId, request.params.id);

    app.get<{ Params: { id: string }; Querystring: PageLimit }>(
      '/accounts/:id/running_balances',
      {
        config: { access: READ },
        schema: {
          summary: 'Running balance of an account (extension)',
          description: 'The account\'s BOOKED transactions, newest first (date, then id), each with the balance just after it: the account\'s balance now less every later row. Pending transactions are not in the balance and are left out.',
          tags: ['Manual ledger'],
          params: idParams,
          querystring: { type: 'object', properties: { ...pageLimitProperties } },
          response: { 200: { description: 'One page; an empty array when none.', type: 'array', items: runningBalanceSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const { records, total } = ledger.runningBalances(owned(request, userIdOf(request)), request.query);
        return sendList(reply, records, total);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/accounts/:id/reconciliation',
      {
        config: { access: READ },
        schema: { summary: 'Reconciliation of an account (extension)', description: '404 when the account was never reconciled.', tags: ['Manual ledger'], params: idParams, response: { 200: { ...reconciliationSchema, description: 'The last reconciliation, measured against today\'s data.' } } },
      },
      async (request) => ledger.reconciliation(owned(request, userIdOf(request))),
    );

    app.put<{ Params: { id: string }; Body: { date: string; statement_balance: string | number } }>(
      '/accounts/:id/reconciliation',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Reconcile an account against a statement (extension)',
          description: 'Keeps "reconciled up to" date with the statement balance (replacing the previous one) and answers Coffer\'s balance at the end of that day and the difference.',
          tags: ['Manual ledger'],
          params: idParams,
          body: reconcileBody,
          response: { 200: { ...reconciliationSchema, description: 'Kept.' } },
        },
      },
      async (request) => ledger.reconcile(owned(request, userIdOf(request)), request.body),
    );

    app.delete<{ Params: { id: string } }>(
      '/accounts/:id/reconciliation',
      {
        config: { access: MANAGE },
        schema: { summary: 'Forget an account\'s reconciliation (extension)', tags: ['Manual ledger'], params: idParams, response: { 204: { type: 'null', description: 'Done.' } } },
      },
      async (request, reply) => {
        ledger.forgetReconciliation(owned(request, userIdOf(request)));
        return reply.status(204).send();
      },
    );
  },
});
