import { userIdOf } from '../http/access-control';
import { pageLimitProperties, sendList, totalCountHeader, type PageLimit } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import type { RuleInput } from '../services/categorization-rules';
import { operationSchema, ruleActionsSchema, ruleConditionsSchema } from './ledger-schemas';

/** Categorization rules (an extension, docs/local-api.md). */
const READ = { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['transactions_manage'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const errorBody = { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' }, id: { type: 'string' } } } as const;

export const ruleSchema = {
  type: 'object',
  required: ['id', 'pattern', 'category_id', 'position', 'creation_date'],
  properties: {
    id: { type: 'string' },
    pattern: { type: 'string', description: 'Matched folded (case, accents and repeated spaces ignored) inside the label, counterparty (source.label) or bank notes.' },
    category_id: { type: 'string' },
    position: { type: 'integer', minimum: 1, description: 'Order of the rules, from 1: the first matching rule wins.' },
    creation_date: { type: 'integer' },
    conditions: ruleConditionsSchema,
    actions: ruleActionsSchema,
  },
} as const;

const pattern = { type: 'string', minLength: 1, maxLength: 400, description: '2 to 100 characters after trimming.' } as const;
const categoryId = { type: 'string', minLength: 1, maxLength: 100, description: 'A category id of GET /categories.' } as const;
const position = { type: 'integer', minimum: 1, maximum: 1_000_000, description: 'From 1; beyond the last rule: last.' } as const;
const ruleFields = { pattern, category_id: categoryId, position, conditions: ruleConditionsSchema, actions: ruleActionsSchema } as const;

export const categorizationRuleRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const rules = ctx.services.categorizationRules;

    app.get<{ Querystring: PageLimit }>(
      '/categorization_rules',
      {
        config: { access: READ },
        schema: {
          summary: 'List categorization rules (extension)',
          description: 'The caller\'s rules in position order.',
          tags: ['Categorization rules'],
          querystring: { type: 'object', properties: { ...pageLimitProperties } },
          response: { 200: { description: 'The rules; an empty array when none.', type: 'array', items: ruleSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const { records, total } = rules.list(userIdOf(request), request.query);
        return sendList(reply, records, total);
      },
    );

    app.post<{ Body: { rule_id?: string } | undefined }>(
      '/categorization_rules/apply',
      {
        config: { access: MANAGE },
        // No body at all means {} (apply every rule).
        preValidation: [
          (request, _reply, done) => {
            request.body ??= {};
            done();
          },
          rejectWrongBodyTypes,
        ],
        schema: {
          summary: 'Apply the rules to past transactions (extension)',
          description:
            'Files the caller\'s past transactions by their rules (the first matching rule by position wins), or only those ' +
            'whose winning rule is rule_id. Transactions whose category the person set (category_source USER) are left alone.',
          tags: ['Categorization rules'],
          body: { type: 'object', additionalProperties: false, properties: { rule_id: { type: 'string', minLength: 1, maxLength: 40 } } },
          response: {
            200: {
              type: 'object',
              required: ['updated'],
              properties: {
                updated: { type: 'integer', description: 'Transactions re-filed: their category, the rule filing them, their tags or note changed.' },
                operation: { ...operationSchema, description: 'The operation recorded (POST /ledger_operations/{id}/undo puts them all back); absent when nothing changed.' },
              },
            },
          },
        },
      },
      async (request) => {
        const { updated, operation } = rules.apply(userIdOf(request), request.body?.rule_id);
        return { updated, ...(operation ? { operation } : {}) };
      },
    );

    app.post<{ Body: { rule_id?: string } & Partial<RuleInput> }>(
      '/categorization_rules/preview',
      {
        config: { access: READ },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Preview what a rule would change (extension)',
          description:
            'Nothing is written. Either rule_id (a saved rule: the past transactions where it would win among the caller\'s rules ' +
            'and would change), or a draft rule (pattern, category_id, conditions, actions: what it alone would change). ' +
            'Transactions whose category the person set are never counted.',
          tags: ['Categorization rules'],
          body: {
            type: 'object',
            additionalProperties: false,
            properties: { rule_id: { type: 'string', minLength: 1, maxLength: 40 }, ...ruleFields },
          },
          response: {
            200: {
              type: 'object',
              required: ['count', 'applicable', 'limit', 'transactions'],
              properties: {
                count: { type: 'integer', description: 'Transactions that would change.' },
                applicable: { type: 'boolean', description: 'false when count is above limit: applying would be refused; narrow the rule.' },
                limit: { type: 'integer', description: 'The most one operation may change.' },
                transactions: { type: 'array', description: 'The first of them (up to 20), newest first, as they are now.', items: { type: 'object', additionalProperties: true } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const p = rules.preview(userIdOf(request), request.body);
        const body = `{"count":${p.count},"applicable":${p.applicable},"limit":${p.limit},"transactions":[${p.transactions.join(',')}]}`;
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/categorization_rules/:id',
      {
        config: { access: READ },
        schema: { summary: 'Get a categorization rule (extension)', tags: ['Categorization rules'], params: idParams, response: { 200: { ...ruleSchema, description: 'The rule.' } } },
      },
      async (request) => rules.get(userIdOf(request), request.params.id),
    );

    app.post<{ Body: RuleInput }>(
      '/categorization_rules',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Create a categorization rule (extension)',
          description:
            'Files new transactions whose label, counterparty or bank notes contain the pattern (case and accents ignored) ' +
            'under category_id. position: where it goes (default last; the others shift). 409 when another rule has the same pattern.',
          tags: ['Categorization rules'],
          body: { type: 'object', required: ['pattern', 'category_id'], additionalProperties: false, properties: ruleFields },
          response: { 201: { ...ruleSchema, description: 'Created; Location: /categorization_rules/<id>.' }, 409: { ...errorBody, description: 'Another rule has the same pattern (its id).' } },
        },
      },
      async (request, reply) => {
        const record = rules.create(userIdOf(request), request.body);
        return reply.status(201).header('location', `/categorization_rules/${record.id}`).send(record);
      },
    );

    app.put<{ Params: { id: string }; Body: Required<RuleInput> }>(
      '/categorization_rules/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Replace a categorization rule (extension)',
          description: 'Replaces pattern, category and position; the position moves the rule and the others shift to keep 1..n.',
          tags: ['Categorization rules'],
          params: idParams,
          body: { type: 'object', required: ['pattern', 'category_id', 'position'], additionalProperties: false, properties: ruleFields },
          response: { 204: { type: 'null', description: 'Done.' }, 409: { ...errorBody, description: 'Another rule has the same pattern (its id).' } },
        },
      },
      async (request, reply) => {
        rules.replace(userIdOf(request), request.params.id, request.body);
        return reply.status(204).send();
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/categorization_rules/:id',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Delete a categorization rule (extension)',
          description: 'The rules after it move up. Transactions it filed keep their category.',
          tags: ['Categorization rules'],
          params: idParams,
          response: { 204: { type: 'null', description: 'Deleted.' } },
        },
      },
      async (request, reply) => {
        rules.delete(userIdOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  },
});
