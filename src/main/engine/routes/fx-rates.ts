import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';

/** Exchange rates and the totals in one currency (an extension, docs/currencies.md). */
const TAGS = ['Currencies'];
const ext = { 'x-coffer-extension': true } as const;
const EDIT = { kind: 'user', scopes: ['profile_edit'] } as const;
const SUMMARY = { kind: 'user', scopes: ['accounts_read'] } as const;
/** Scripts with a client token holding `admin`; the desktop app asks one for its owner. */
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;

const code = { type: 'string', maxLength: 10, description: 'A currency code: three capital letters A to Z.' } as const;
const day = { type: 'string', maxLength: 20, description: 'A day, YYYY-MM-DD.' } as const;
const pairParams = { type: 'object', required: ['from', 'to', 'date'], properties: { from: code, to: code, date: day } } as const;
const rateNumber = { type: 'number', description: 'Units of `to` for one unit of `from`.' } as const;

const rateSchema = {
  type: 'object',
  required: ['from', 'to', 'date', 'rate', 'rate_date', 'source'],
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    date: { type: 'string', description: 'The day asked.' },
    rate: rateNumber,
    rate_date: { type: 'string', description: 'The day of the rate used: the day asked, or the most recent earlier day with a rate.' },
    source: { type: 'string', enum: ['ECB', 'USER'], description: 'USER when the person\'s own rate was used (for either leg of a cross rate).' },
  },
} as const;

const summarySchema = {
  type: 'object',
  required: ['currency', 'date', 'net_worth', 'assets', 'debts', 'accounts', 'missing_rates'],
  properties: {
    currency: { type: 'string' },
    date: { type: 'string' },
    net_worth: { type: 'number', description: 'assets + debts.' },
    assets: { type: 'number', description: 'The sum of the positive converted balances.' },
    debts: { type: 'number', description: 'The sum of the negative converted balances (a negative number).' },
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'currency', 'balance'],
        properties: {
          id: { type: 'string' },
          currency: { type: 'string' },
          balance: { type: 'number', description: 'At the end of that day, in the account\'s currency (today: its current balance).' },
          converted: { type: 'number', description: 'balance × rate, rounded to the cent; absent when no rate.' },
          rate: { type: 'number', description: "Units of the summary's currency for one unit of the account's." },
          rate_date: { type: 'string' },
        },
      },
    },
    missing_rates: { type: 'array', items: { type: 'string' }, description: 'Currencies of counted accounts with no rate on that day.' },
  },
} as const;

const refreshSchema = {
  type: 'object',
  required: ['ok', 'latest_rate_date'],
  properties: {
    ok: { type: 'boolean' },
    latest_rate_date: { type: ['string', 'null'], description: 'The most recent publication day held.' },
    error: { type: 'string', description: 'Why the fetch failed (ok: false); the rates held are kept.' },
  },
} as const;

export const fxRateRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const fx = ctx.services.fxRates;

    app.get<{ Querystring: { from?: string; to?: string; date?: string } }>(
      '/fx_rates',
      {
        config: { access: { kind: 'token' } },
        schema: {
          summary: 'The exchange rate of a pair on a day (extension)',
          description:
            'The ECB\'s euro reference rates (cross rates through the euro), the most recent earlier rate on a day without one, ' +
            'and the person\'s own rates, which win from their day until the next rate of either source. 404 when neither ' +
            'source has a rate (never 1:1). From and to the same currency: rate 1.',
          tags: TAGS,
          ...ext,
          querystring: { type: 'object', required: ['from', 'to'], properties: { from: code, to: code, date: { ...day, description: 'Default: today (UTC).' } } },
          response: { 200: rateSchema },
        },
      },
      async (request) => fx.rate(request.auth?.userId ?? null, request.query),
    );

    app.put<{ Params: { from: string; to: string; date: string }; Body: { rate: number } }>(
      '/fx_rates/:from/:to/:date',
      {
        config: { access: EDIT },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Give your own rate for a pair from a day on (extension)',
          description: 'Wins over the ECB\'s rate on that day and the following days until the next rate of either source; the inverse pair follows.',
          tags: TAGS,
          ...ext,
          params: pairParams,
          body: { type: 'object', required: ['rate'], additionalProperties: false, properties: { rate: { ...rateNumber, description: 'Above zero.' } } },
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        fx.putUserRate(userIdOf(request), request.params, request.body.rate);
        return reply.status(204).send();
      },
    );

    app.delete<{ Params: { from: string; to: string; date: string } }>(
      '/fx_rates/:from/:to/:date',
      {
        config: { access: EDIT },
        schema: {
          summary: 'Remove your own rate for a pair on a day (extension)',
          description: '404 when you had none there.',
          tags: TAGS,
          ...ext,
          params: pairParams,
          response: { 204: { type: 'null', description: 'Done.' } },
        },
      },
      async (request, reply) => {
        fx.deleteUserRate(userIdOf(request), request.params);
        return reply.status(204).send();
      },
    );

    app.post(
      '/admin/fx_rates/refresh',
      {
        config: { access: ADMIN },
        schema: {
          summary: 'Fetch the ECB\'s rates now (extension)',
          description: 'Fetches what is missing (the whole history the first time). ok: false with the reason when the fetch failed; the rates held are kept.',
          tags: ['Admin'],
          ...ext,
          response: { 200: refreshSchema },
        },
      },
      async () => ctx.services.ratesRefresh.refreshNow(),
    );

    app.get<{ Querystring: { currency?: string; date?: string } }>(
      '/summary',
      {
        config: { access: SUMMARY },
        schema: {
          summary: 'The counted accounts in one currency on a day (extension)',
          description:
            'Counted: shared, not hidden from totals, not closed. currency: default the reporting_currency user property, else the ' +
            'currency holding the largest part of the balances. An account whose currency has no rate that day is left out of the ' +
            'sums and its currency listed in missing_rates.',
          tags: TAGS,
          ...ext,
          querystring: { type: 'object', properties: { currency: code, date: { ...day, description: 'Default: today (UTC).' } } },
          response: { 200: summarySchema },
        },
      },
      async (request) => fx.summary(userIdOf(request), request.query),
    );
  },
});
