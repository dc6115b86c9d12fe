import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { REPORT_KINDS, type ReportKind } from '../services/reports';

/** Reports (an extension, docs/reports.md). Reading them needs transactions_read (or transactions_manage). */
const ext = { 'x-coffer-extension': true } as const;
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const num = (description: string) => ({ type: 'number', description }) as const;
const text = (description: string) => ({ type: 'string', description }) as const;
const day = { type: 'string', maxLength: 20 } as const;

const accountSchema = {
  type: 'object',
  required: ['account_id', 'currency', 'balance'],
  properties: {
    account_id: text('Drill down: the history of this account.'),
    currency: text("The account's currency."),
    balance: num("At the end of that day, in the account's currency."),
    converted: num("In the report's currency at that day's rate; absent when there is no rate."),
  },
} as const;

/** One row; which fields it carries depends on the kind (see the description of the route). */
const rowSchema = {
  type: 'object',
  properties: {
    month: text('YYYY-MM. Drill down: that month of the history.'),
    date: text('net_worth: the day of the balances (the month\'s last day, or the period\'s).'),
    income: num('income_expense: the net of the income categories.'),
    expense: num('income_expense: the net spending of the other categories (transfer categories in neither).'),
    in: num('cash_flow: every amount received.'),
    out: num('cash_flow: every amount paid, as a positive number.'),
    net: num('income − expense, or in − out.'),
    net_worth: num('net_worth: assets + debts.'),
    assets: num('net_worth: the positive converted balances.'),
    debts: num('net_worth: the negative converted balances.'),
    accounts: { type: 'array', items: accountSchema },
    missing_rates: { type: 'array', items: { type: 'string' }, description: 'net_worth: currencies with no rate on that day.' },
    category_id: text('spending_by_category. Drill down: the history of this category.'),
    tag: text('spending_by_tag. Drill down: the history of this tag.'),
    payee_id: text('top_payees. Drill down: the history of this payee.'),
    payee_name: text('top_payees.'),
    amount: num('Spending in the period (a refund lowers it).'),
    previous_amount: num('Spending in the previous period of the same length.'),
    spent: num('top_payees: paid to this payee, as a positive number.'),
    received: num('top_payees: received from this payee.'),
    count: { type: 'integer', description: 'How many transactions (or split parts) the row counts.' },
  },
} as const;

const reportSchema = {
  type: 'object',
  required: ['kind', 'currency', 'from', 'to', 'missing_rates', 'rows'],
  properties: {
    kind: { type: 'string', enum: [...REPORT_KINDS] },
    currency: text('The currency of every amount (net_worth balances excepted, in their account\'s).'),
    from: text('The first day counted.'),
    to: text('The last day counted.'),
    previous_from: text('spending_by_*: the previous period compared, of the same number of days.'),
    previous_to: text('spending_by_*: its last day, the day before from.'),
    missing_rates: { type: 'array', items: { type: 'string' }, description: 'Currencies left out of the sums: no rate on some of their days (never 1:1).' },
    rows: { type: 'array', items: rowSchema },
  },
} as const;

export const reportRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.get<{ Params: { kind: ReportKind }; Querystring: { from?: string; to?: string; currency?: string; limit?: number } }>(
      '/reports/:kind',
      {
        config: { access: READ },
        schema: {
          summary: 'A report: income and expense, cash flow, net worth, spending by category or tag, top payees (extension)',
          description:
            'Booked transactions of the counted accounts; a split counts as its parts, transfers linked between your accounts count ' +
            'nowhere. income_expense and cash_flow: one row per month of the period. net_worth: one row per month end, per account ' +
            'and in total. spending_by_category and spending_by_tag: the period beside the previous one of the same length. ' +
            'top_payees: the most paid first, at most `limit`. Each amount is converted at its day\'s rate into `currency` (default: ' +
            'your reporting currency); a currency with no rate is left out and listed in missing_rates.',
          tags: ['Reports'],
          ...ext,
          params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [...REPORT_KINDS] } } },
          querystring: {
            type: 'object',
            properties: {
              from: { ...day, description: 'YYYY-MM-DD, 1999-01-01 or later. Default: the first day of the month 11 months before to.' },
              to: { ...day, description: 'YYYY-MM-DD, included. Default: today (UTC).' },
              currency: { type: 'string', maxLength: 10, description: 'Three capital letters. Default: your reporting currency.' },
              limit: { type: 'integer', description: 'top_payees: 1 to 100, default 10.' },
            },
          },
          response: { 200: reportSchema },
        },
      },
      async (request) => ctx.services.reports.report(userIdOf(request), request.params.kind, request.query),
    );
  },
});
