import { userIdOf } from '../http/access-control';
import { enumListSchema, pageLimitProperties, parseEnumList, sendList, totalCountHeader, type PageLimit } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { RECURRING_STATUSES, type RecurringEdit } from '../domain/recurring/edits';
import { PERIODS } from '../domain/recurring/periods';

/** Recurring payments found in the history (an extension, docs/local-api.md and docs/recurring-payments.md). */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const TAGS = ['Recurring payments'];

const money = { type: 'number', description: 'In the currency, signed like transactions: money going out is negative.' } as const;

export const recurringPaymentSchema = {
  type: 'object',
  required: [
    'id', 'account_id', 'name', 'detected_name', 'counterpart', 'currency', 'period', 'detected_period', 'amount', 'typical_amount',
    'amount_min', 'amount_max', 'first_date', 'last_date', 'next_date', 'occurrences', 'confidence', 'status', 'state',
    'creation_date', 'update_date',
  ],
  properties: {
    id: { type: 'string' },
    account_id: { type: 'string' },
    name: { type: 'string', description: 'The name the person gave, else detected_name.' },
    detected_name: { type: 'string', description: 'The counterpart as the bank names it on the last payment.' },
    counterpart: { type: 'string', description: '"iban:<IBAN>" when the bank text carries the counterpart\'s IBAN, else "label:<cleaned label>".' },
    currency: { type: 'string' },
    period: { type: 'string', enum: [...PERIODS], description: 'The period the person gave, else detected_period.' },
    detected_period: { type: 'string', enum: [...PERIODS] },
    amount: { ...money, description: 'The amount the person gave, else typical_amount.' },
    typical_amount: { ...money, description: 'The current price after a price change, else the median of the last year\'s payments (the last one for yearly and half-yearly payments).' },
    amount_min: { ...money, description: 'The band the amounts move in (since the last price change): the lowest amount.' },
    amount_max: { ...money, description: 'The highest amount of the band.' },
    first_date: { type: 'integer', description: 'The first payment seen (seconds).' },
    last_date: { type: 'integer', description: 'The last payment seen (seconds).' },
    next_date: { type: 'integer', description: 'The next payment expected (seconds, UTC midnight): the usual day of the month for monthly to yearly periods.' },
    occurrences: { type: 'integer' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    status: { type: 'string', enum: [...RECURRING_STATUSES], description: 'PROPOSED (found), CONFIRMED or DISMISSED by the person.' },
    state: { type: 'string', enum: ['ACTIVE', 'LATE', 'ENDED'], description: 'LATE: the expected payment did not come within its grace days; ENDED: a whole period later still nothing.' },
    price_change: {
      type: 'object',
      required: ['from', 'to', 'date'],
      properties: { from: money, to: money, date: { type: 'integer', description: 'The first payment at the new price.' } },
      description: 'Present when the last payments are at a new stable price.',
    },
    creation_date: { type: 'integer' },
    update_date: { type: 'integer' },
  },
} as const;

const editBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...RECURRING_STATUSES], description: 'CONFIRMED, DISMISSED (never proposed again) or PROPOSED (undo).' },
    name: { type: ['string', 'null'], maxLength: 400, description: 'At most 100 characters after trimming; null or "" gives back the detected name.' },
    amount: { type: ['number', 'null'], description: 'Not 0, signed like the payment, at most the currency\'s decimals; null gives back the typical amount.' },
    period: { type: ['string', 'null'], enum: [...PERIODS, null], description: 'null gives back the detected period.' },
  },
} as const;

export const recurringPaymentRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const payments = ctx.services.recurringPayments;

    app.get<{ Querystring: PageLimit & { status?: string } }>(
      '/recurring_payments',
      {
        config: { access: READ },
        schema: {
          summary: 'List recurring payments (extension)',
          description: 'The caller\'s recurring payments, next expected first. Without status: PROPOSED and CONFIRMED ones.',
          tags: TAGS,
          querystring: { type: 'object', properties: { ...pageLimitProperties, status: enumListSchema(RECURRING_STATUSES, 'Only these statuses.') } },
          response: { 200: { description: 'The recurring payments; an empty array when none.', type: 'array', items: recurringPaymentSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const { status, ...page } = request.query;
        const statuses = status === undefined ? undefined : parseEnumList('status', status, RECURRING_STATUSES);
        const { records, total } = payments.list(userIdOf(request), statuses, page);
        return sendList(reply, records, total);
      },
    );

    app.post(
      '/recurring_payments/detect',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Look for recurring payments now (extension)',
          description: 'Runs the detection a synchronization runs when it ends. New series are PROPOSED; events follow as after a synchronization.',
          tags: TAGS,
          response: {
            200: {
              type: 'object',
              required: ['found', 'proposed'],
              properties: { found: { type: 'integer', description: 'Series found, dismissed ones included.' }, proposed: { type: 'integer', description: 'Series proposed for the first time.' } },
            },
          },
        },
      },
      async (request) => payments.detect(userIdOf(request)),
    );

    app.get<{ Params: { id: string } }>(
      '/recurring_payments/:id',
      {
        config: { access: READ },
        schema: { summary: 'Get a recurring payment (extension)', tags: TAGS, params: idParams, response: { 200: { ...recurringPaymentSchema, description: 'The recurring payment.' } } },
      },
      async (request) => payments.get(userIdOf(request), request.params.id),
    );

    app.put<{ Params: { id: string }; Body: RecurringEdit }>(
      '/recurring_payments/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Confirm, dismiss or correct a recurring payment (extension)',
          description: 'Fields given replace the stored value, fields left out stay (at least one). Later detections keep what the person set.',
          tags: TAGS,
          params: idParams,
          body: editBody,
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        payments.edit(userIdOf(request), request.params.id, request.body);
        return reply.status(204).send();
      },
    );
  },
});
