import { acceptLanguage as requestLanguage } from '../../../shared/language';
import type { TargetInput } from '../domain/budgets/budget-input';
import { userIdOf } from '../http/access-control';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { budgetCategoryBody, budgetCategorySchema, budgetMonthSchema, budgetSchema, monthParam } from './budget-schemas';

/** Budgets (an extension, docs/budgets.md). Reading needs transactions_read; planning transactions_manage. */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const TAGS = ['Budgets'];
const monthParams = { type: 'object', required: ['month'], properties: { month: monthParam } } as const;
const categoryParams = { type: 'object', required: ['category_id'], properties: { category_id: { type: 'string', maxLength: 100 } } } as const;

export const budgetRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const budgets = ctx.services.budgets;

    app.get('/budget', {
      config: { access: READ },
      schema: { summary: 'Get the budget (extension)', description: '404 until a budget is started with PUT /budget.', tags: TAGS, response: { 200: budgetSchema } },
    }, async (request) => budgets.get(userIdOf(request)));

    app.put<{ Body: { style: string; start_month?: string } }>('/budget', {
      config: { access: MANAGE },
      preValidation: rejectWrongBodyTypes,
      schema: {
        summary: 'Start the budget or change its style (extension)',
        description: 'style ENVELOPE (money assigned from what is available, carried month to month) or TRACKING (a plan per month, nothing carries). start_month defaults to the current month when the budget starts. Assignments are kept when the style changes.',
        tags: TAGS,
        body: { type: 'object', required: ['style'], additionalProperties: false, properties: { style: budgetSchema.properties.style, start_month: monthParam } },
        response: { 200: budgetSchema },
      },
    }, async (request) => budgets.put(userIdOf(request), request.body));

    app.get<{ Params: { month: string } }>('/budget/months/:month', {
      config: { access: READ },
      schema: { summary: 'A budget month’s figures (extension)', description: 'Labels in the Accept-Language.', tags: TAGS, params: monthParams, response: { 200: budgetMonthSchema } },
    }, async (request) => budgets.month(userIdOf(request), request.params.month, requestLanguage(request.headers['accept-language'])));

    app.put<{ Params: { month: string; category_id: string }; Body: { amount: number } }>('/budget/months/:month/categories/:category_id', {
      config: { access: MANAGE },
      preValidation: rejectWrongBodyTypes,
      schema: {
        summary: 'Assign or plan an amount for a category in a month (extension)',
        description: 'amount in the budget’s currency (0 removes it); a tracking budget takes no negative amount. 409 before the budget is started.',
        tags: TAGS,
        params: { type: 'object', required: ['month', 'category_id'], properties: { month: monthParam, category_id: categoryParams.properties.category_id } },
        body: { type: 'object', required: ['amount'], additionalProperties: false, properties: { amount: { type: 'number' } } },
        response: { 204: { type: 'null', description: 'Done.' } },
      },
    }, async (request, reply) => {
      budgets.assign(userIdOf(request), request.params.month, request.params.category_id, request.body.amount);
      return reply.status(204).send();
    });

    app.post<{ Params: { month: string } }>('/budget/months/:month/copy_previous', {
      config: { access: MANAGE },
      schema: {
        summary: 'Copy last month’s amounts (extension)',
        description: 'Each category with an amount last month and none this month gets last month’s amount.',
        tags: TAGS,
        params: monthParams,
        response: { 200: { type: 'object', required: ['copied'], properties: { copied: { type: 'integer' } } } },
      },
    }, async (request) => budgets.copyPrevious(userIdOf(request), request.params.month));

    app.get('/budget/categories', {
      config: { access: READ },
      schema: { summary: 'The budget’s category settings (extension)', description: 'Categories with a carry choice or a target set.', tags: TAGS, response: { 200: { type: 'array', items: budgetCategorySchema } } },
    }, async (request) => budgets.categories(userIdOf(request)));

    app.put<{ Params: { category_id: string }; Body: { carry_surplus?: boolean; carry_deficit?: boolean; target?: TargetInput | null } }>('/budget/categories/:category_id', {
      config: { access: MANAGE },
      preValidation: rejectWrongBodyTypes,
      schema: {
        summary: 'Set a category’s carry choice and target (extension)',
        description: 'Fields left out keep their value. Only spending categories can be planned.',
        tags: TAGS,
        params: categoryParams,
        body: budgetCategoryBody,
        response: { 200: budgetCategorySchema },
      },
    }, async (request) => budgets.putCategory(userIdOf(request), request.params.category_id, request.body));
  },
});
