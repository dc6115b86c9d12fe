import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { FORECAST_DAYS } from '../services/forecast';

/** The forecast (an extension, docs/forecast.md and docs/local-api.md). */
const READ = { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'accounts_manage'] } as const;
const TAGS = ['Forecast'];
const day = { type: 'string', description: 'A UTC calendar day, YYYY-MM-DD.' } as const;

export const forecastSchema = {
  type: 'object',
  required: ['days', 'accounts'],
  properties: {
    currency: { type: 'string', description: 'The budget\'s currency, present when the budget is counted.' },
    budget_account_id: { type: 'string', description: 'The main everyday account the budget\'s spending is taken from, present when the budget is counted.' },
    days: { type: 'integer' },
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'currency', 'balance', 'points'],
        properties: {
          id: { type: 'string' },
          currency: { type: 'string' },
          balance: { type: 'number', description: 'Today\'s balance, as GET /accounts serves it.' },
          points: {
            type: 'array',
            description: 'One point per day, from tomorrow to today + days: the balance at the end of that day.',
            items: { type: 'object', required: ['date', 'balance'], properties: { date: day, balance: { type: 'number' } } },
          },
          first_below_zero: { ...day, description: 'The first day (today included) the balance would be below zero; absent when it stays at or above zero.' },
        },
      },
    },
  },
} as const;

export const forecastRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.get<{ Querystring: { days?: number } }>(
      '/forecast',
      {
        config: { access: READ },
        schema: {
          summary: 'The next days of each account (extension)',
          description:
            'Each everyday and savings account\'s balance for the next days from today\'s balance, the confirmed recurring payments (repeated by their period on their account) and the budget (on the main everyday account).',
          tags: TAGS,
          querystring: {
            type: 'object',
            properties: {
              days: { type: 'integer', minimum: FORECAST_DAYS.min, maximum: FORECAST_DAYS.max, default: FORECAST_DAYS.default, description: `How many days ahead (${FORECAST_DAYS.min} to ${FORECAST_DAYS.max}).` },
            },
          },
          response: { 200: forecastSchema },
        },
      },
      async (request) => ctx.services.forecast.forecast(userIdOf(request), request.query.days),
    );
  },
});
